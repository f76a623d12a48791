import * as v from 'valibot';
import { textField } from './text.ts';
import { userRoles } from './users.ts';
import { email, fields } from './validation.ts';

export const userRoleSchema = v.picklist(userRoles);

/** An account's state: only an active account can sign in or use its tokens (admin section 3). */
export const userStatuses = ['active', 'inactive', 'pending', 'suspended'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** A user as the API shows it: never with a password hash (nor its token version). */
export const publicUserSchema = fields({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(120)),
  email: v.pipe(v.string(), email()),
  phone: v.optional(v.pipe(v.string(), v.maxLength(20))),
  role: userRoleSchema,
  status: v.picklist(userStatuses),
  /** Staff accounts: the team they work in (front desk, housekeeping, ...). */
  department: v.optional(v.pipe(v.string(), v.maxLength(60))),
  /** When the account last signed in (ISO), if ever. */
  last_login: v.optional(v.pipe(v.string(), v.isoTimestamp())),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
  updatedAt: v.optional(v.pipe(v.string(), v.isoTimestamp())),
});
export type PublicUser = v.InferOutput<typeof publicUserSchema>;

/** An account's display name as a request gives it: sanitised like all free text, 1-120 characters. */
export const accountNameSchema = textField('Name', 120, { required: 'Name is required' });
