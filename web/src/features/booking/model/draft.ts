import { z } from 'zod/mini';
import { availabilityResultSchema, createdBookingSchema, type AvailabilityResult } from '../api/schemas';

/** A villa type's id (its URL slug; the types are the resort's data, GET /api/cottages). */
export type StayKind = string;

export const guestPrefixes = ['Mr', 'Mrs', 'Ms', 'Dr'] as const;
export const countryCodes = ['+91', '+1', '+44', '+61'] as const;

const selectedSafariSchema = z.object({
  id: z.string(),
  name: z.string(),
  price: z.number(),
  date: z.string(),
  timeSlot: z.string(),
  guests: z.number(),
  totalPrice: z.number(),
});
export type SelectedSafari = z.infer<typeof selectedSafariSchema>;

const packageDetailsSchema = z.object({
  id: z.string(),
  name: z.string(),
  min_guests: z.number(),
  max_guests: z.number(),
  includes_safari: z.boolean(),
  max_safaris: z.number(),
});
export type PackageDetails = z.infer<typeof packageDetailsSchema>;

const guestSchema = z.object({
  /** '' until the guest picks one: the title is optional, never assumed. */
  prefix: z.union([z.enum(guestPrefixes), z.literal('')]),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  countryCode: z.enum(countryCodes),
  phone: z.string(),
  address: z.string(),
  specialRequests: z.string(),
  promotionalUpdates: z.boolean(),
  acceptTerms: z.boolean(),
});
export type GuestForm = z.infer<typeof guestSchema>;

/** The booking draft shared by the four steps (docs/product.md#wizard-session), as it is kept in sessionStorage. */
export const draftSchema = z.object({
  /** The chosen villa type's id, or '' before one is chosen. */
  cottage: z.string().check(z.regex(/^$|^[a-z0-9][a-z0-9-]{0,63}$/)),
  checkIn: z.string(),
  checkOut: z.string(),
  rooms: z.number(),
  adults: z.number(),
  children: z.number(),
  /** The last availability answer for exactly these stay fields; any change clears it. */
  availability: z.optional(availabilityResultSchema),
  packageId: z.optional(z.string()),
  packageDetails: z.optional(packageDetailsSchema),
  packagePrice: z.optional(z.number()),
  safaris: z.array(selectedSafariSchema),
  guest: guestSchema,
  paymentMethod: z.enum(['razorpay', 'offline']),
  /** Why the guest was sent back to step 1 (the villa sold out at booking); step 1 then checks again. */
  notice: z.optional(z.string()),
  /** One key per booking attempt, kept across retries and reloads so the server books at most once. */
  idempotencyKey: z.optional(z.string()),
  /**
   * The booking made for online payment and not paid yet: its nights are held for it, so every Pay
   * (after a dismissed checkout, a failure or a reload) pays this booking, never books a second one.
   */
  awaitingPayment: z.optional(createdBookingSchema),
});
export type Draft = z.infer<typeof draftSchema>;

export const emptyGuest: GuestForm = {
  prefix: '',
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

/** The defaults: 1 room, 1 adult, 0 children, nothing chosen, paid online (docs/product.md#wizard-session). */
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
 * safaris picked for the old stay; a package stays chosen if the party still fits it.
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
