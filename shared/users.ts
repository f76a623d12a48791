import * as z from 'zod/mini';
import { textField } from './text.ts';
import './zod-locale.ts';

export const userRoles = ['customer', 'staff', 'manager', 'admin'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/** Roles allowed into the admin portal (admin spec section 5). */
export const portalRoles: readonly UserRole[] = ['admin', 'manager'];

/** A user as the API shows it: never with a password hash. */
export const publicUserSchema = z.object({
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1), z.maxLength(120)),
  email: z.email(),
  phone: z.optional(z.string().check(z.maxLength(20))),
  role: userRoleSchema,
  status: z.enum(['active', 'inactive', 'pending', 'suspended']),
  createdAt: z.iso.datetime(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** With non-digits stripped, exactly 10 digits (guest section 5); stored as the digits. */
export const tenDigitPhoneSchema = z
  .pipe(
    z.string().check(z.trim()),
    z.transform((phone: string) => phone.replace(/\D/g, '')),
  )
  .check(z.refine((digits: string) => digits.length === 10, 'Please enter a valid 10-digit phone number'));

/** An account's display name as a request gives it: sanitised like all free text, 1-120 characters. */
export const accountNameSchema = textField('Name', 120, { required: 'Name is required' });
