import * as z from 'zod';
import { villaTypes } from './catalog.ts';
import { isIsoDate, stayMessages } from './stay.ts';
import { tenDigitPhoneSchema } from './users.ts';

/** yyyy-mm-dd, or the field's "required" message when missing or blank. */
const dateField = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, requiredMessage).refine(isIsoDate, 'Dates look like 2026-12-24');

const count = (label: string) => z.number({ error: `${label} must be a whole number` }).int(`${label} must be a whole number`);

/** POST /api/cottages/{id}/availability (guest section 7). */
export const availabilityRequestSchema = z.object({
  checkIn: dateField(stayMessages.checkInRequired),
  checkOut: dateField(stayMessages.checkOutRequired),
  guests: count('Guests').min(1, 'At least 1 guest is required').max(14, 'At most 14 guests can stay'),
  rooms: count('Rooms').min(1, stayMessages.roomsRequired).max(4, stayMessages.roomsMax).default(1),
});
export type AvailabilityRequest = z.infer<typeof availabilityRequestSchema>;

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
} as const;

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
  safariId: z.string().min(1).max(64),
  date: z.string().optional(),
  timeSlot: z.string().optional(),
  guests: z.number().int().optional(),
});
export type SafariSelection = z.infer<typeof safariSelectionSchema>;

const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const guestDetailsSchema = z.object({
  prefix: z.enum(['Mr', 'Mrs', 'Ms', 'Dr']).optional(),
  firstName: z.string({ error: guestMessages.firstName }).trim().min(1, guestMessages.firstName).max(60),
  lastName: z.string({ error: guestMessages.lastName }).trim().min(1, guestMessages.lastName).max(60),
  email: z.string({ error: guestMessages.emailRequired }).trim().min(1, guestMessages.emailRequired).max(254).regex(SIMPLE_EMAIL, guestMessages.email),
  phone: z.string({ error: guestMessages.phoneRequired }).trim().min(1, guestMessages.phoneRequired).pipe(tenDigitPhoneSchema),
  countryCode: z.enum(['+91', '+1', '+44', '+61']).default('+91'),
  address: z.string().trim().max(300).optional(),
});

/** POST /api/bookings: the spec's creation payload, with the consents of the payment form. */
export const createBookingSchema = z.object({
  cottageType: z.string({ error: stayMessages.villaRequired }).min(1, stayMessages.villaRequired).max(64),
  checkIn: dateField(stayMessages.checkInRequired),
  checkOut: dateField(stayMessages.checkOutRequired),
  adults: count('Adults'),
  children: count('Children').default(0),
  rooms: count('Rooms').default(1),
  packageId: z.string({ error: packageMessages.required }).min(1, packageMessages.required).max(64),
  selectedSafaris: z.array(safariSelectionSchema).max(12, 'At most 12 safaris per booking').default([]),
  guestDetails: guestDetailsSchema,
  paymentMethod: z.enum(['razorpay', 'offline'], { error: 'Choose how to pay: razorpay or offline' }).default('razorpay'),
  /** What the guest saw; the server recomputes it and refuses to book if it changed. */
  totalAmount: z.number().nonnegative().optional(),
  specialRequests: z.string().trim().max(1000).optional(),
  acceptTerms: z.literal(true, { error: guestMessages.terms }),
  promotionalUpdates: z.boolean().default(false),
});
export type CreateBookingRequest = z.infer<typeof createBookingSchema>;

export const bookingStatuses = ['pending', 'confirmed', 'cancelled', 'completed', 'expired'] as const;
export type BookingStatus = (typeof bookingStatuses)[number];

/** The booking as the API shows it (guest section 3's server view, plus what the stay needs). */
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
  cottage_type: (typeof villaTypes)[number];
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
};
