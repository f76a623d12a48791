import * as v from 'valibot';

export const userRoles = ['customer', 'staff', 'manager', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/** Roles allowed into the admin portal (admin spec section 5). */
export const portalRoles: readonly UserRole[] = ['admin', 'manager'];

/** A user as the API shows it (its schema, with the other account schemas, is in user-schemas.ts). */
export type { PublicUser } from './user-schemas.ts';

/** With non-digits stripped, exactly 10 digits (guest section 5); stored as the digits. */
export const tenDigitPhoneSchema = v.pipe(
  v.string(),
  v.trim(),
  v.transform((phone: string) => phone.replace(/\D/g, '')),
  v.check((digits: string) => digits.length === 10, 'Please enter a valid 10-digit phone number'),
);
