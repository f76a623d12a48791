import * as z from 'zod/mini';
import './validation.ts';

export const userRoles = ['customer', 'staff', 'manager', 'admin'] as const;
export type UserRole = (typeof userRoles)[number];

/**
 * Who may do what, the one list of it (the route table names a group per route; the portal shows
 * the tabs of the signed-in role): staff read bookings and check guests in and out; managers (and
 * admins) run the resort; only admins manage users and roles. Customers never enter the portal.
 */
export const roleGroups = {
  staff: ['staff', 'manager', 'admin'],
  manager: ['manager', 'admin'],
  admin: ['admin'],
} as const satisfies Record<string, readonly UserRole[]>;
export type RoleGroup = keyof typeof roleGroups;

export const inRoleGroup = (role: UserRole, group: RoleGroup): boolean => (roleGroups[group] as readonly UserRole[]).includes(role);

/** Roles allowed into the admin portal at all (each then sees the tabs of its group). */
export const portalRoles: readonly UserRole[] = roleGroups.staff;

/** A user as the API shows it (its schema, with the other account schemas, is in user-schemas.ts). */
export type { PublicUser } from './user-schemas.ts';

/** A phone number's digits as typed (spaces, dashes, brackets and the + dropped); a valid one has ten. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');
export const isTenDigits = (digits: string): boolean => digits.length === 10;

/**
 * With non-digits stripped, exactly 10 digits (docs/product.md#guest-details-rules); stored as the digits.
 * Every call `@__PURE__`: the roles above are imported everywhere, and this schema only where it is used.
 */
export const tenDigitPhoneSchema = /* @__PURE__ */ z
  .string()
  .check(
    /* @__PURE__ */ z.trim(),
    /* @__PURE__ */ z.overwrite(phoneDigits),
    /* @__PURE__ */ z.refine(isTenDigits, 'Please enter a valid 10-digit phone number'),
  );
