import * as z from 'zod/mini';
import { textField, tooLongMessage } from './text.ts';
import { accountNameSchema, publicUserSchema, userRoleSchema, userStatuses } from './user-schemas.ts';
import { userRoles } from './users.ts';
import { cursorField, email, maxLength, minLength, pageLimit } from './validation.ts';

/**
 * The admin's user management (Users tab, `/api/admin/users`): the request and answer shapes, used
 * by the server to validate and by the portal's form for the same rules and messages.
 */

export const roleMessage = 'Role must be customer, staff, manager or admin';
export const statusMessage = 'Status must be active, inactive, pending or suspended';
export const passwordMessage = 'Password must be at least 8 characters';

export const userEmailSchema = z
  .string('Email is required')
  .check(
    z.trim(),
    minLength(1, 'Email is required'),
    maxLength(254, tooLongMessage('Email', 254)),
    email('Please enter a valid email address'),
    z.toLowerCase(),
  );

/** With non-digits stripped, exactly 10 digits; stored as the digits. A blank one is only 'required'. */
export const userPhoneSchema = z.string('Phone is required').check(
  z.trim(),
  minLength(1, { error: 'Phone is required', abort: true }),
  z.overwrite((phone: string) => phone.replace(/\D/g, '')),
  z.refine((digits: string) => digits.length === 10, 'Please enter a valid 10-digit phone number'),
);

/** Optional; blank clears it. */
export const departmentSchema = textField('Department', 60);

export const newPasswordSchema = z.string('Password is required').check(minLength(8, passwordMessage), maxLength(200, tooLongMessage('Password', 200)));

export const userRoleInputSchema = z.enum(userRoles, roleMessage);
export const userStatusInputSchema = z.enum(userStatuses, statusMessage);

/** POST /api/admin/users. Defaults (docs/product.md#users-tab): role customer, status active. */
export const createUserSchema = z.object(
  {
    name: accountNameSchema,
    email: userEmailSchema,
    phone: userPhoneSchema,
    role: z._default(userRoleInputSchema, 'customer'),
    status: z._default(userStatusInputSchema, 'active'),
    department: z.optional(departmentSchema),
    password: newPasswordSchema,
  },
  'The user must be an object',
);
export type CreateUserInput = z.infer<typeof createUserSchema>;

/** PUT /api/admin/users/{id}: any of these; the e-mail (the sign-in name) is not changed here. */
export const updateUserSchema = z.strictObject(
  {
    name: z.optional(accountNameSchema),
    phone: z.optional(userPhoneSchema),
    department: z.optional(departmentSchema),
    role: z.optional(userRoleInputSchema),
    status: z.optional(userStatusInputSchema),
  },
  'Only name, phone, department, role and status can be changed',
);
export type UpdateUserInput = z.infer<typeof updateUserSchema>;

/** POST /api/admin/users/{id}/reset-password: the admin sets the new password and tells the user. */
export const resetPasswordSchema = z.object({ password: newPasswordSchema });

/** GET /api/admin/users: filters, search (name, e-mail, phone; case-insensitive contains), a page. */
export const listUsersQuerySchema = z.object({
  role: z.optional(z.enum(userRoles, roleMessage)),
  status: z.optional(z.enum(userStatuses, statusMessage)),
  q: z.optional(z.string().check(z.trim(), maxLength(100, 'The search is at most 100 characters'))),
  limit: pageLimit('25'),
  cursor: cursorField(),
});

/**
 * A user as the Users tab lists them: the public fields, and whether their sign-in is locked out
 * now (from how many addresses, until when, and whether unknown addresses are slowed).
 */
export const adminUserSchema = z.object({
  ...publicUserSchema.shape,
  sign_in_lock: z.optional(z.object({ until: z.string(), addresses: z.number(), slowed: z.boolean() })),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** The four count cards: every account, the active ones, administrators and customers (any status). */
export const userCountsSchema = z.object({
  total: z.number(),
  active: z.number(),
  admins: z.number(),
  customers: z.number(),
});
export type UserCounts = z.infer<typeof userCountsSchema>;

export const userListSchema = z.object({
  items: z.array(adminUserSchema),
  cursor: z.optional(z.string()),
  counts: userCountsSchema,
});
export type UserList = z.infer<typeof userListSchema>;

export const unlockResultSchema = z.object({ user: adminUserSchema, cleared: z.number() });

export const LAST_ADMIN_MESSAGE = 'The last administrator cannot be removed or demoted.';
export const SELF_CHANGE_MESSAGE = 'You cannot suspend, demote or delete your own account. Ask another administrator.';
export const DELETE_USER_CONFIRM = 'Are you sure you want to delete this user?';

export { userRoleSchema };
