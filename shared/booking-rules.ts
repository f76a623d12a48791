import type { StayPackage } from './catalogue.ts';
import { formatSlot, formatStayDay } from './stay-format.ts';
import type { Language } from './languages.ts';
import type { QuoteItem } from './quote.ts';

/*
 * What every side of a booking shares and builds nothing at import: its statuses, its record, and
 * the messages and rules of a booking request. The request's schemas are in booking-request.ts and
 * booking.ts (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor).
 */

export const safariMessages = {
  dateRequired: 'Please select a date',
  slotRequired: 'Please select a time slot',
  guestsRequired: 'Please select number of guests',
  maxGuests: (max: number) => `Maximum ${max} guests allowed for this safari`,
  bookingGuests: (total: number) => `Cannot exceed total booking guests (${total})`,
  dateInStay: 'Safari dates must be nights of your stay',
  // The day and the slot as the guest reads them everywhere else ('Thu, Dec 10', '8:00 – 10:00 PM').
  unknownSlot: (slot: string) => `This safari does not run at ${formatSlot(slot)}`,
  soldOut: (name: string, date: string, slot: string) => `${name} on ${formatStayDay(date)} at ${formatSlot(slot)} does not have enough seats left`,
} as const;

export const packageMessages = {
  required: 'Please select a package to continue',
  minGuests: (name: string, min: number) => `${name} requires minimum ${min} guests`,
  maxGuests: (name: string, max: number) => `${name} supports maximum ${max} guests`,
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
  cottage_type: string;
  cottage_ids: string[];
  cottage_name: string;
  package_id: string;
  package_name: string;
  /** `included`: one of the package's included safaris (amount 0). */
  safaris: Array<{ safari_id: string; name: string; date: string; time_slot: string; guests: number; amount: number; included?: boolean }>;
  total_amount: number;
  /** The quote's lines; `item` is absent on bookings stored before lines carried it. */
  price_breakdown: Array<{ label: string; amount: number; item?: QuoteItem }>;
  special_requests?: string;
  /** The language the guest booked in (shared/languages.ts); the booking's e-mails speak it. Absent: English. */
  language?: Language;
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
