import { z } from 'zod/mini';
import { guestDetailsSchema, guestMessages } from '@shared/booking';
import type { GuestForm } from './draft';

/** The guest form's checked fields, in the order the problems banner lists them. */
export const guestFieldOrder = ['firstName', 'lastName', 'email', 'phone', 'address', 'acceptTerms'] as const;
export type GuestField = (typeof guestFieldOrder)[number];
export type GuestProblems = Partial<Record<GuestField, string>>;

const isGuestField = (key: string): key is GuestField => (guestFieldOrder as readonly string[]).includes(key);

/** The payment form's rules (docs/product.md#guest-details-rules) through the server's own guest schema, plus the terms. */
export function guestProblems(guest: GuestForm): GuestProblems {
  const problems: GuestProblems = {};
  const result = z.safeParse(guestDetailsSchema, {
    ...(guest.prefix ? { prefix: guest.prefix } : {}),
    firstName: guest.firstName,
    lastName: guest.lastName,
    email: guest.email,
    phone: guest.phone,
    countryCode: guest.countryCode,
    address: guest.address,
  });
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path[0];
    if (typeof key === 'string' && isGuestField(key) && !problems[key]) problems[key] = issue.message;
  }
  if (!guest.acceptTerms) problems.acceptTerms = guestMessages.terms;
  return problems;
}

/** Maps the server's 400 details (`guestDetails.email`, `acceptTerms`) onto the form's fields; the rest stay general. */
export function serverProblems(details: Record<string, string[]> | undefined): { fields: GuestProblems; other: string[] } {
  const fields: GuestProblems = {};
  const other: string[] = [];
  for (const [path, messages] of Object.entries(details ?? {})) {
    const key = path.replace(/^guestDetails\./, '');
    if (isGuestField(key)) fields[key] = messages[0];
    else other.push(...messages);
  }
  return { fields, other };
}
