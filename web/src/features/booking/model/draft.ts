import * as v from 'valibot';
import { villaTypes, type VillaType } from '@shared/catalog';
import { availabilityResultSchema, createdBookingSchema, type AvailabilityResult } from '../api/schemas';

export type { VillaType };

export const guestPrefixes = ['Mr', 'Mrs', 'Ms', 'Dr'] as const;
export const countryCodes = ['+91', '+1', '+44', '+61'] as const;

const selectedSafariSchema = v.object({
  id: v.string(),
  name: v.string(),
  price: v.number(),
  date: v.string(),
  timeSlot: v.string(),
  guests: v.number(),
  totalPrice: v.number(),
});
export type SelectedSafari = v.InferOutput<typeof selectedSafariSchema>;

const packageDetailsSchema = v.object({
  id: v.string(),
  name: v.string(),
  min_guests: v.number(),
  max_guests: v.number(),
  includes_safari: v.boolean(),
  max_safaris: v.number(),
});
export type PackageDetails = v.InferOutput<typeof packageDetailsSchema>;

const guestSchema = v.object({
  prefix: v.picklist(guestPrefixes),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  countryCode: v.picklist(countryCodes),
  phone: v.string(),
  address: v.string(),
  specialRequests: v.string(),
  promotionalUpdates: v.boolean(),
  acceptTerms: v.boolean(),
});
export type GuestForm = v.InferOutput<typeof guestSchema>;

/** The booking draft shared by the four steps (spec section 3), as it is kept in sessionStorage. */
export const draftSchema = v.object({
  cottage: v.union([v.picklist(villaTypes), v.literal('')]),
  checkIn: v.string(),
  checkOut: v.string(),
  rooms: v.number(),
  adults: v.number(),
  children: v.number(),
  /** The last availability answer for exactly these stay fields; any change clears it (spec section 4). */
  availability: v.optional(availabilityResultSchema),
  packageId: v.optional(v.string()),
  packageDetails: v.optional(packageDetailsSchema),
  packagePrice: v.optional(v.number()),
  safaris: v.array(selectedSafariSchema),
  guest: guestSchema,
  paymentMethod: v.picklist(['razorpay', 'offline']),
  /** Why the guest was sent back to step 1 (the villa sold out at booking); step 1 then checks again. */
  notice: v.optional(v.string()),
  /** One key per booking attempt, kept across retries and reloads so the server books at most once. */
  idempotencyKey: v.optional(v.string()),
  /**
   * The booking made for online payment and not paid yet: its nights are held for it, so every Pay
   * (after a dismissed checkout, a failure or a reload) pays this booking, never books a second one.
   */
  awaitingPayment: v.optional(createdBookingSchema),
});
export type Draft = v.InferOutput<typeof draftSchema>;

export const emptyGuest: GuestForm = {
  prefix: 'Mr',
  firstName: '',
  lastName: '',
  email: '',
  countryCode: '+91',
  phone: '',
  address: '',
  specialRequests: '',
  promotionalUpdates: false,
  acceptTerms: false,
};

/** Spec section 3's defaults: 1 room, 1 adult, 0 children, nothing chosen, paid online (spec section 9). */
export const defaultDraft: Draft = {
  cottage: '',
  checkIn: '',
  checkOut: '',
  rooms: 1,
  adults: 1,
  children: 0,
  safaris: [],
  guest: emptyGuest,
  paymentMethod: 'razorpay',
};

export const villaAvailable = (draft: Draft): boolean => draft.availability?.available === true;
export const partySize = (draft: Pick<Draft, 'adults' | 'children'>): number => draft.adults + draft.children;

export type StayFields = Pick<Draft, 'cottage' | 'checkIn' | 'checkOut' | 'rooms' | 'adults' | 'children'>;
const stayKeys = ['cottage', 'checkIn', 'checkOut', 'rooms', 'adults', 'children'] as const;

/**
 * A change to the stay (dates, rooms, guests or villa) resets the availability check and the
 * safaris picked for the old stay (spec section 4); a package stays chosen if the party still fits it.
 */
export function withStayChange(draft: Draft, change: Partial<StayFields>): Draft {
  const next = { ...draft, ...change };
  if (stayKeys.every((key) => next[key] === draft[key])) return draft;
  const details = next.packageDetails;
  const packageFits = details !== undefined && partySize(next) >= details.min_guests && partySize(next) <= details.max_guests;
  return {
    ...next,
    availability: undefined,
    safaris: [],
    packagePrice: undefined,
    ...(packageFits ? {} : { packageId: undefined, packageDetails: undefined }),
  };
}

export type { AvailabilityResult };
