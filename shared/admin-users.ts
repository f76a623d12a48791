import * as v from 'valibot';
import { textField, tooLongMessage } from './text.ts';
import { accountNameSchema, publicUserSchema, userRoleSchema, userStatuses } from './user-schemas.ts';
import { userRoles } from './users.ts';
import { cursorField, email, fields, pageLimit } from './validation.ts';

/**
 * The admin's user management (Users tab, `/api/admin/users`): the request and answer shapes, used
 * by the server to validate and by the portal's form for the same rules and messages.
 */

export const roleMessage = 'Role must be customer, staff, manager or admin';
export const statusMessage = 'Status must be active, inactive, pending or suspended';
export const passwordMessage = 'Password must be at least 8 characters';

export const userEmailSchema = v.pipe(
  v.string('Email is required'),
  v.trim(),
  v.minLength(1, 'Email is required'),
  v.maxLength(254, tooLongMessage('Email', 254)),
  email('Please enter a valid email address'),
  v.toLowerCase(),
);

/** With non-digits stripped, exactly 10 digits; stored as the digits. */
export const userPhoneSchema = v.pipe(
  v.string('Phone is required'),
  v.trim(),
  v.minLength(1, 'Phone is required'),
  v.transform((phone: string) => phone.replace(/\D/g, '')),
  v.check((digits: string) => digits.length === 10, 'Please enter a valid 10-digit phone number'),
);

/** Optional; blank clears it. */
export const departmentSchema = textField('Department', 60);

export const newPasswordSchema = v.pipe(v.string('Password is required'), v.minLength(8, passwordMessage), v.maxLength(200, tooLongMessage('Password', 200)));

export const userRoleInputSchema = v.picklist(userRoles, roleMessage);
export const userStatusInputSchema = v.picklist(userStatuses, statusMessage);

/** POST /api/admin/users. Defaults (admin section 9): role customer, status active. */
export const createUserSchema = fields(
  {
    name: accountNameSchema,
    email: userEmailSchema,
    phone: userPhoneSchema,
    role: v.optional(userRoleInputSchema, 'customer'),
    status: v.optional(userStatusInputSchema, 'active'),
    department: v.optional(departmentSchema),
    password: newPasswordSchema,
  },
  'The user must be an object',
);
export type CreateUserInput = v.InferOutput<typeof createUserSchema>;

/** PUT /api/admin/users/{id}: any of these; the e-mail (the sign-in name) is not changed here. */
export const updateUserSchema = v.strictObject(
  {
    name: v.optional(accountNameSchema),
    phone: v.optional(userPhoneSchema),
    department: v.optional(departmentSchema),
    role: v.optional(userRoleInputSchema),
    status: v.optional(userStatusInputSchema),
  },
  'Only name, phone, department, role and status can be changed',
);
export type UpdateUserInput = v.InferOutput<typeof updateUserSchema>;

/** POST /api/admin/users/{id}/reset-password: the admin sets the new password and tells the user. */
export const resetPasswordSchema = fields({ password: newPasswordSchema });

/** GET /api/admin/users: filters, search (name, e-mail, phone; case-insensitive contains), a page. */
export const listUsersQuerySchema = fields({
  role: v.optional(v.picklist(userRoles, roleMessage)),
  status: v.optional(v.picklist(userStatuses, statusMessage)),
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, 'The search is at most 100 characters'))),
  limit: pageLimit('25'),
  cursor: cursorField(),
});

/**
 * A user as the Users tab lists them: the public fields, and whether their sign-in is locked out
 * now (from how many addresses, until when, and whether unknown addresses are slowed).
 */
export const adminUserSchema = v.object({
  ...publicUserSchema.entries,
  sign_in_lock: v.optional(v.object({ until: v.string(), addresses: v.number(), slowed: v.boolean() })),
});
export type AdminUser = v.InferOutput<typeof adminUserSchema>;

/** The four count cards: every account, the active ones, administrators and customers (any status). */
export const userCountsSchema = v.object({
  total: v.number(),
  active: v.number(),
  admins: v.number(),
  customers: v.number(),
});
export type UserCounts = v.InferOutput<typeof userCountsSchema>;

export const userListSchema = v.object({
  items: v.array(adminUserSchema),
  cursor: v.optional(v.string()),
  counts: userCountsSchema,
});
export type UserList = v.InferOutput<typeof userListSchema>;

export const unlockResultSchema = v.object({ user: adminUserSchema, cleared: v.number() });

export const LAST_ADMIN_MESSAGE = 'The last administrator cannot be removed or demoted.';
export const SELF_CHANGE_MESSAGE = 'You cannot suspend, demote or delete your own account. Ask another administrator.';
export const DELETE_USER_CONFIRM = 'Are you sure you want to delete this user?';

export { userRoleSchema };
