import * as z from 'zod/mini';
import { count, dateField } from './booking-fields.ts';
import { guestMessages, packageMessages } from './booking-rules.ts';
import { safariSelectionSchema } from './safari-rules.ts';
import { stayMessages } from './stay.ts';
import { cleanText, textField, tooLongMessage } from './text.ts';
import { isTenDigits, phoneDigits } from './users.ts';
import { idField, maxLength, minLength } from './validation.ts';
import { languageField } from './language-field.ts';

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const guestDetailsSchema = z.object({
  prefix: z.optional(z.enum(['Mr', 'Mrs', 'Ms', 'Dr'])),
  firstName: textField('First name', 60, { required: guestMessages.firstName }),
  lastName: textField('Last name', 60, { required: guestMessages.lastName }),
  email: z.string(guestMessages.emailRequired).check(
    z.overwrite((email: string) => cleanText(email)),
    minLength(1, guestMessages.emailRequired),
    maxLength(254, tooLongMessage('Email', 254)),
    z.regex(SIMPLE_EMAIL, guestMessages.email),
  ),
  // A blank phone is only 'required' (abort: its digits are not counted); else ten digits, stored
  // as the digits (the account's rule: shared/users.ts phoneDigits, isTenDigits).
  phone: z
    .string(guestMessages.phoneRequired)
    .check(z.trim(), minLength(1, { error: guestMessages.phoneRequired, abort: true }), z.overwrite(phoneDigits), z.refine(isTenDigits, guestMessages.phone)),
  countryCode: z._default(z.enum(['+91', '+1', '+44', '+61']), '+91'),
  address: z.optional(textField('Address', 300, { multiline: true })),
});

/**
 * What a booking asks for, whoever makes it: the stay, the package, the safaris and the guest. The
 * guest's payload (shared/booking.ts) adds how they pay and their consents; a phone booking typed
 * by staff is these alone. Both schemas are built from this object, and each in its own module, so
 * each function carries only its own.
 */
export const bookingRequestEntries = {
  cottageType: idField('cottageType', undefined, stayMessages.villaRequired),
  checkIn: dateField(stayMessages.checkInRequired),
  checkOut: dateField(stayMessages.checkOutRequired),
  adults: count('Adults'),
  children: z._default(count('Children'), 0),
  rooms: z._default(count('Rooms'), 1),
  packageId: idField('packageId', undefined, packageMessages.required),
  // A new list each time: a shared default would carry one request's changes into the next.
  selectedSafaris: z._default(z.array(safariSelectionSchema).check(maxLength(12, 'At most 12 safaris per booking')), () => []),
  guestDetails: guestDetailsSchema,
  specialRequests: z.optional(textField('Special requests', 1000, { multiline: true })),
  /** The language the booking's e-mails speak (shared/languages.ts). Absent: English. */
  language: languageField,
};

/**
 * POST /api/bookings/admin: a phone booking typed by staff, the guest's payload without what only a
 * guest gives (the consents, the total they saw, how they pay: at the property).
 */
export const createStaffBookingSchema = z.object(bookingRequestEntries);
export type CreateStaffBookingRequest = z.infer<typeof createStaffBookingSchema>;
