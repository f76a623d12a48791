import { z } from 'zod/mini';
import { guestDetailsSchema } from '@shared/booking';

export const lookupMessages = {
  referenceRequired: 'Please enter your booking reference',
  reference: 'A booking reference is VM followed by letters and digits, as in your confirmation e-mail',
} as const;

export type LookupForm = { reference: string; email: string };
export type LookupProblems = Partial<Record<keyof LookupForm, string>>;

/** The reference as the server keeps it: no spaces, upper case. */
export const normaliseReference = (reference: string): string => reference.replace(/\s+/g, '').toUpperCase();

/** The lookup form's rules: a reference shaped like ours, and the e-mail by the booking form's own rule (shared/). */
export function lookupProblems(form: LookupForm): LookupProblems {
  const problems: LookupProblems = {};
  const reference = normaliseReference(form.reference);
  if (!reference) problems.reference = lookupMessages.referenceRequired;
  else if (!/^VM[A-Z0-9]{4,38}$/.test(reference)) problems.reference = lookupMessages.reference;
  const email = z.safeParse(guestDetailsSchema.shape.email, form.email).error?.issues[0]?.message;
  if (email) problems.email = email;
  return problems;
}
