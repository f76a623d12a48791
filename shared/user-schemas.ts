import * as v from 'valibot';
import { textField } from './text.ts';
import { userRoles } from './users.ts';
import { email, fields } from './validation.ts';

export const userRoleSchema = v.picklist(userRoles);

/** A user as the API shows it: never with a password hash. */
export const publicUserSchema = fields({
  id: v.pipe(v.string(), v.minLength(1)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(120)),
  email: v.pipe(v.string(), email()),
  phone: v.optional(v.pipe(v.string(), v.maxLength(20))),
  role: userRoleSchema,
  status: v.picklist(['active', 'inactive', 'pending', 'suspended']),
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type PublicUser = v.InferOutput<typeof publicUserSchema>;

/** An account's display name as a request gives it: sanitised like all free text, 1-120 characters. */
export const accountNameSchema = textField('Name', 120, { required: 'Name is required' });
