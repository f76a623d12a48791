import * as z from 'zod/mini';
import { textField, tooLongMessage } from './text.ts';
import { accountNameSchema, publicUserSchema, userRoleSchema, userStatuses } from './user-schemas.ts';
import { userRoles } from './users.ts';
import { cursorField, email, maxLength, minLength, pageLimit } from './validation.ts';

/**
 * The admin's user management (Users tab, `/api/admin/users`): the request and answer shapes, used
 * by the server to validate and by the portal's form for the same rules and messages. Every call
 * that builds a schema here is marked `@__PURE__` (each one: the outer call and those in its
 * arguments), so a route's bundle carries only the schemas it uses of this module.
 */

export const roleMessage = 'Role must be customer, staff, manager or admin';
export const statusMessage = 'Status must be active, inactive, pending or suspended';
export const passwordMessage = 'Password must be at least 8 characters';

export const userEmailSchema = /* @__PURE__ */ z
  .string('Email is required')
  .check(
    /* @__PURE__ */ z.trim(),
    /* @__PURE__ */ minLength(1, 'Email is required'),
    /* @__PURE__ */ maxLength(254, /* @__PURE__ */ tooLongMessage('Email', 254)),
    /* @__PURE__ */ email('Please enter a valid email address'),
    /* @__PURE__ */ z.toLowerCase(),
  );

/** With non-digits stripped, exactly 10 digits; stored as the digits. A blank one is only 'required'. */
export const userPhoneSchema = /* @__PURE__ */ z.string('Phone is required').check(
  /* @__PURE__ */ z.trim(),
  /* @__PURE__ */ minLength(1, { error: 'Phone is required', abort: true }),
  /* @__PURE__ */ z.overwrite((phone: string) => phone.replace(/\D/g, '')),
  /* @__PURE__ */ z.refine((digits: string) => digits.length === 10, 'Please enter a valid 10-digit phone number'),
);

/** Optional; blank clears it. */
export const departmentSchema = /* @__PURE__ */ textField('Department', 60);

export const newPasswordSchema = /* @__PURE__ */ z
  .string('Password is required')
  .check(/* @__PURE__ */ minLength(8, passwordMessage), /* @__PURE__ */ maxLength(200, /* @__PURE__ */ tooLongMessage('Password', 200)));

export const userRoleInputSchema = /* @__PURE__ */ z.enum(userRoles, roleMessage);
export const userStatusInputSchema = /* @__PURE__ */ z.enum(userStatuses, statusMessage);

/** POST /api/admin/users. Defaults (docs/product.md#users-tab): role customer, status active. */
export const createUserSchema = /* @__PURE__ */ z.object(
  {
    name: accountNameSchema,
    email: userEmailSchema,
    phone: userPhoneSchema,
    role: /* @__PURE__ */ z._default(userRoleInputSchema, 'customer'),
    status: /* @__PURE__ */ z._default(userStatusInputSchema, 'active'),
    department: /* @__PURE__ */ z.optional(departmentSchema),
    password: newPasswordSchema,
  },
  'The user must be an object',
);
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PUT /api/admin/users/{id}: any of these; the e-mail (the sign-in name) is not changed here. */
export const updateUserSchema = /* @__PURE__ */ z.strictObject(
  {
    name: /* @__PURE__ */ z.optional(accountNameSchema),
    phone: /* @__PURE__ */ z.optional(userPhoneSchema),
    department: /* @__PURE__ */ z.optional(departmentSchema),
    role: /* @__PURE__ */ z.optional(userRoleInputSchema),
    status: /* @__PURE__ */ z.optional(userStatusInputSchema),
  },
  'Only name, phone, department, role and status can be changed',
);
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** POST /api/admin/users/{id}/reset-password: the admin sets the new password and tells the user. */
export const resetPasswordSchema = /* @__PURE__ */ z.object({ password: newPasswordSchema });

/** GET /api/admin/users: filters, search (name, e-mail, phone; case-insensitive contains), a page. */
export const listUsersQuerySchema = /* @__PURE__ */ z.object({
  role: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(userRoles, roleMessage)),
  status: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.enum(userStatuses, statusMessage)),
  q: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.string().check(/* @__PURE__ */ z.trim(), /* @__PURE__ */ maxLength(100, 'The search is at most 100 characters')),
  ),
  limit: /* @__PURE__ */ pageLimit('25'),
  cursor: /* @__PURE__ */ cursorField(),
});

/**
 * A user as the Users tab lists them: the public fields, and whether their sign-in is locked out
 * now (from how many addresses, until when, and whether unknown addresses are slowed).
 */
export const adminUserSchema = /* @__PURE__ */ z.extend(publicUserSchema, {
  sign_in_lock: /* @__PURE__ */ z.optional(
    /* @__PURE__ */ z.object({ until: /* @__PURE__ */ z.string(), addresses: /* @__PURE__ */ z.number(), slowed: /* @__PURE__ */ z.boolean() }),
  ),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The four count cards: every account, the active ones, administrators and customers (any status). */
export const userCountsSchema = /* @__PURE__ */ z.object({
  total: /* @__PURE__ */ z.number(),
  active: /* @__PURE__ */ z.number(),
  admins: /* @__PURE__ */ z.number(),
  customers: /* @__PURE__ */ z.number(),
});
export type UserCounts = z.infer<typeof userCountsSchema>;

export const userListSchema = /* @__PURE__ */ z.object({
  items: /* @__PURE__ */ z.array(adminUserSchema),
  cursor: /* @__PURE__ */ z.optional(/* @__PURE__ */ z.string()),
  counts: userCountsSchema,
});
export type UserList = z.infer<typeof userListSchema>;

export const unlockResultSchema = /* @__PURE__ */ z.object({ user: adminUserSchema, cleared: /* @__PURE__ */ z.number() });

export const LAST_ADMIN_MESSAGE = 'The last administrator cannot be removed or demoted.';
export const SELF_CHANGE_MESSAGE = 'You cannot suspend, demote or delete your own account. Ask another administrator.';
export const DELETE_USER_CONFIRM = 'Are you sure you want to delete this user?';

export { userRoleSchema };
