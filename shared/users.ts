import * as z from 'zod';

export const userRoles = ['customer', 'staff', 'manager', 'admin'] as const;
export const userRoleSchema = z.enum(userRoles);
export type UserRole = z.infer<typeof userRoleSchema>;

/** Roles allowed into the admin portal (admin spec section 5). */
export const portalRoles: readonly UserRole[] = ['admin', 'manager'];

/** A user as the API shows it: never with a password hash. */
export const publicUserSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1).max(120),
  email: z.email(),
  phone: z.string().max(20).optional(),
  role: userRoleSchema,
  status: z.enum(['active', 'inactive', 'pending', 'suspended']),
  createdAt: z.iso.datetime(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

/** With non-digits stripped, exactly 10 digits (guest section 5); stored as the digits. */
export const tenDigitPhoneSchema = z
  .string()
  .trim()
  .transform((phone) => phone.replace(/\D/g, ''))
  .refine((digits) => digits.length === 10, 'Please enter a valid 10-digit phone number');
