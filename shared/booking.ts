import * as z from 'zod/mini';
import { type stayKinds, type StayPackage } from './catalogue.ts';
import { isIsoDate, stayMessages } from './stay.ts';
import { cleanText, textField, tooLongMessage } from './text.ts';
import { tenDigitPhoneSchema } from './users.ts';
import { idField, maxLength, minLength, wholeNumber } from './validation.ts';

/** yyyy-mm-dd that is a real calendar date, or the field's "required" message when missing or blank. */
export const dateField = /* @__NO_SIDE_EFFECTS__ */ (requiredMessage: string) =>
  z.string(requiredMessage).check(z.trim(), minLength(1, requiredMessage), z.refine(isIsoDate, 'Dates look like 2026-12-24'));

/** A whole number with the label's own message and the given bounds. */
export const count = /* @__NO_SIDE_EFFECTS__ */ (label: string, ...bounds: Array<z.core.$ZodCheck<number>>) =>
  wholeNumber(`${label} must be a whole number`, `${label} must be a whole number`).check(...bounds);

export const safariMessages = {
  dateRequired: 'Please select a date',
  slotRequired: 'Please select a time slot',
  guestsRequired: 'Please select number of guests',
  maxGuests: (max: number) => `Maximum ${max} guests allowed for this safari`,
  bookingGuests: (total: number) => `Cannot exceed total booking guests (${total})`,
  dateInStay: 'Safari dates must be nights of your stay',
  unknownSlot: (slot: string) => `This safari does not run at ${slot}`,
  soldOut: (name: string, date: string, slot: string) => `${name} on ${date} at ${slot} does not have enough seats left`,
} as const;

export const packageMessages = {
  required: 'Please select a package to continue',
  minGuests: (name: string, min: number) => `${name} requires minimum ${min} guests`,
  maxGuests: (name: string, max: number) => `${name} supports maximum ${max} guests`,
  noSafaris: (name: string) => `The ${name} package does not include safaris`,
  maxSafaris: (name: string, max: number) => `The ${name} package includes at most ${max} safari${max === 1 ? '' : 's'}`,
} as const;

/**
 * The package guest range (docs/product.md#package-rules): the message for field `packageId` when a party
 * of `guests` is outside the package's min_guests..max_guests, or undefined when it fits. Booking
 * creation and the quote both call this one rule, so they can never disagree.
 */
export function packageGuestProblem(stayPackage: Pick<StayPackage, 'name' | 'min_guests' | 'max_guests'>, guests: number): string | undefined {
  if (guests < stayPackage.min_guests) return packageMessages.minGuests(stayPackage.name, stayPackage.min_guests);
  if (guests > stayPackage.max_guests) return packageMessages.maxGuests(stayPackage.name, stayPackage.max_guests);
  return undefined;
}

export const guestMessages = {
  firstName: 'First name is required',
  lastName: 'Last name is required',
  emailRequired: 'Email is required',
  email: 'Please enter a valid email address',
  phoneRequired: 'Phone number is required',
  phone: 'Please enter a valid 10-digit phone number',
  terms: 'Please accept the terms and conditions',
} as const;

/** A safari picked in step 3; its date/slot/guest rules are checked against the stay on the server. */
export const safariSelectionSchema = z.object({
  safariId: idField('safariId'),
  date: z.optional(z.string()),
  timeSlot: z.optional(z.string()),
  guests: z.optional(wholeNumber()),
});
export type SafariSelection = z.infer<typeof safariSelectionSchema>;

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
  // A blank phone is only 'required': its digits are not counted.
  phone: z.pipe(z.string(guestMessages.phoneRequired).check(z.trim(), minLength(1, guestMessages.phoneRequired)), tenDigitPhoneSchema),
  countryCode: z._default(z.enum(['+91', '+1', '+44', '+61']), '+91'),
  address: z.optional(textField('Address', 300, { multiline: true })),
});

/**
 * What a booking asks for, whoever makes it: the stay, the package, the safaris and the guest. The
 * guest's payload (below) adds how they pay and their consents; a phone booking typed by staff is
 * these alone. Both schemas are built from this object, so each function carries only its own.
 */
const bookingRequestEntries = {
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
};

/** POST /api/bookings: the creation payload (docs/product.md#booking-creation), with the consents of the payment form. */
export const createBookingSchema = z.object({
  ...bookingRequestEntries,
  paymentMethod: z._default(z.enum(['razorpay', 'offline'], 'Choose how to pay: razorpay or offline'), 'razorpay'),
  /** What the guest saw; the server recomputes it and refuses to book if it changed. */
  totalAmount: z.optional(z.number().check(z.gte(0))),
  acceptTerms: z.literal(true, guestMessages.terms),
  promotionalUpdates: z._default(z.boolean(), false),
});
export type CreateBookingRequest = z.infer<typeof createBookingSchema>;

/**
 * POST /api/bookings/admin: a phone booking typed by staff, the guest's payload without what only a
 * guest gives (the consents, the total they saw, how they pay: at the property). Here rather than
 * with the portal's other schemas so the function carries this one alone.
 */
export const createStaffBookingSchema = z.object(bookingRequestEntries);
export type CreateStaffBookingRequest = z.infer<typeof createStaffBookingSchema>;

/** What the booking core needs: the request, how it is paid, and the total the guest saw if any. */
export type BookingRequest = CreateStaffBookingRequest & Pick<CreateBookingRequest, 'paymentMethod'> & Partial<Pick<CreateBookingRequest, 'totalAmount'>>;

/** `checked-in`: the guest is at the resort (staff checked them in); `completed`: checked out. */
export const bookingStatuses = ['pending', 'confirmed', 'checked-in', 'cancelled', 'completed', 'expired'] as const;

/** The statuses in which a booking holds its nights (and counts in the reports). */
export const holdingStatuses: ReadonlyArray<(typeof bookingStatuses)[number]> = ['pending', 'confirmed', 'checked-in', 'completed'];
export type BookingStatus = (typeof bookingStatuses)[number];

/** The booking as the API shows it (docs/product.md#booking-creation), plus what the stay needs. */
export type BookingRecord = {
  id: string;
  booking_reference: string;
  status: BookingStatus;
  payment_method: 'razorpay' | 'offline';
  payment_status: 'pending' | 'paid' | 'refunded';
  hold_expires_at?: string;
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  country_code: string;
  address?: string;
  check_in_date: string;
  check_out_date: string;
  nights: number;
  adults: number;
  children: number;
  rooms: number;
  cottage_type: (typeof stayKinds)[number];
  cottage_ids: string[];
  cottage_name: string;
  package_id: string;
  package_name: string;
  safaris: Array<{ safari_id: string; name: string; date: string; time_slot: string; guests: number; amount: number }>;
  total_amount: number;
  price_breakdown: Array<{ label: string; amount: number }>;
  special_requests?: string;
  user_id?: string;
  created_at: string;
  cancelled_at?: string;
  refund_amount?: number;
  /** Online: the provider's order and the payment that paid it. */
  order_id?: string;
  payment_id?: string;
  paid_at?: string;
  /** A refund through the provider: its id and whether the money has gone back yet. */
  refund_id?: string;
  refund_status?: 'pending' | 'processed' | 'failed';
  /** Pay at property: when the guest confirmed it from the e-mail's link (the hold became a booking). */
  guest_confirmed_at?: string;
  /** Something staff must look at (a payment that arrived after its hold lapsed, a refund that failed). */
  needs_attention?: string;
  /** Set when a payment could not be applied (hold lapsed and taken, booking cancelled or already paid) and went back in full; true when the hold had lapsed. */
  late_payment_refunded?: boolean;
  /** A payment that arrived after the hold lapsed, with the nights still free: when they were claimed again. */
  rehold_after_expiry?: string;
  /** A manual payment status change: who made it and when. */
  payment_updated_by?: string;
  payment_updated_at?: string;
  /** A phone booking typed by staff: who (`Name <email>`); absent for a guest's own booking. */
  created_by?: string;
  /** Status changes made by staff (shared/booking-admin.ts): when, by whom, and why if they said. */
  confirmed_at?: string;
  checked_in_at?: string;
  completed_at?: string;
  status_changed_by?: string;
  cancelled_by?: string;
  status_reason?: string;
};
