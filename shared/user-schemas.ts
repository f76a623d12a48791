import * as z from 'zod/mini';
import { textField } from './text.ts';
import { userRoles } from './users.ts';
import { email, isoTimestamp, maxLength, minLength } from './validation.ts';

export const userRoleSchema = z.enum(userRoles);

/** An account's state: only an active account can sign in or use its tokens (docs/product.md#users-tab). */
export const userStatuses = ['active', 'inactive', 'pending', 'suspended'] as const;
export type UserStatus = (typeof userStatuses)[number];

/** A user as the API shows it: never with a password hash (nor its token version). */
export const publicUserSchema = z.object({
  id: z.string().check(minLength(1)),
  name: z.string().check(minLength(1), maxLength(120)),
  email: z.string().check(email()),
  phone: z.optional(z.string().check(maxLength(20))),
  role: userRoleSchema,
  status: z.enum(userStatuses),
  /** Staff accounts: the team they work in (front desk, housekeeping, ...). */
  department: z.optional(z.string().check(maxLength(60))),
  /** When the account last signed in (ISO), if ever. */
  last_login: z.optional(z.string().check(isoTimestamp())),
  createdAt: z.string().check(isoTimestamp()),
  updatedAt: z.optional(z.string().check(isoTimestamp())),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** An account's display name as a request gives it: sanitised like all free text, 1-120 characters. */
export const accountNameSchema = textField('Name', 120, { required: 'Name is required' });
