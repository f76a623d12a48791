import * as v from 'valibot';
import { bookingRecordSchema } from '@/lib/booking-record';

/*
 * What the wizard reads from the API's answers, checked with valibot (the fields it shows; extra
 * fields pass through unread). The request rules themselves are the server's, from shared/.
 */

const line = v.object({ label: v.string(), amount: v.number() });

/** The server's quote (shared/quote.ts `Quote`): what the guest is charged, line by line. */
export const quoteSchema = v.object({
  currency: v.literal('INR'),
  nights: v.number(),
  guests: v.number(),
  villa: v.object({
    basePrice: v.number(),
    rooms: v.number(),
    guestMultiplier: v.number(),
    extraGuestCost: v.number(),
    discount: v.number(),
    amount: v.number(),
  }),
  package: v.optional(v.object({ id: v.string(), basePrice: v.number(), amount: v.number(), discount: v.number() })),
  safaris: v.array(v.object({ id: v.string(), date: v.string(), timeSlot: v.string(), guests: v.number(), amount: v.number(), discount: v.number() })),
  subtotal: v.number(),
  gst: v.number(),
  serviceFee: v.number(),
  total: v.number(),
  lines: v.array(line),
});
export type StayQuote = v.InferOutput<typeof quoteSchema>;

/** POST /api/cottages/{id}/availability. */
export const availabilityResultSchema = v.object({
  available: v.boolean(),
  message: v.string(),
  cottage: v.object({ id: v.string(), name: v.string(), type: v.string(), base_price: v.number(), max_guests: v.number() }),
  totalPrice: v.number(),
  priceBreakdown: v.object({
    basePrice: v.number(),
    nights: v.number(),
    guestMultiplier: v.number(),
    extraGuestCost: v.number(),
    discount: v.optional(v.number()),
  }),
  quote: quoteSchema,
  alternativeDates: v.array(v.object({ checkIn: v.string(), checkOut: v.string() })),
  suggestedVillas: v.array(
    v.object({
      type: v.string(),
      id: v.string(),
      name: v.string(),
      price: v.number(),
      totalPrice: v.number(),
      maxGuests: v.number(),
      image: v.optional(v.string()),
    }),
  ),
});
export type AvailabilityResult = v.InferOutput<typeof availabilityResultSchema>;

/** GET /api/cottages/{id}/availability?startDate=&endDate=: one entry per night. */
export const availabilityCalendarSchema = v.object({
  startDate: v.string(),
  endDate: v.string(),
  nights: v.array(v.object({ date: v.string(), freeUnits: v.number(), totalUnits: v.number(), available: v.boolean(), price: v.number() })),
});
export type CalendarNight = v.InferOutput<typeof availabilityCalendarSchema>['nights'][number];

export const stayPackageSchema = v.object({
  id: v.string(),
  name: v.string(),
  type: v.string(),
  category: v.string(),
  description: v.string(),
  price_multiplier: v.number(),
  includes_safari: v.boolean(),
  max_safaris: v.number(),
  min_guests: v.number(),
  max_guests: v.number(),
  duration: v.string(),
  includes: v.array(v.string()),
});
export type StayPackageOption = v.InferOutput<typeof stayPackageSchema>;

export const safariSchema = v.object({
  id: v.string(),
  name: v.string(),
  category: v.string(),
  description: v.string(),
  price: v.number(),
  duration: v.string(),
  max_guests: v.number(),
  includes: v.array(v.string()),
  highlights: v.array(v.string()),
  time_slots: v.array(v.string()),
});
export type SafariOption = v.InferOutput<typeof safariSchema>;

/** GET /api/safaris/{id}/slots/{date}. */
export const safariSlotsSchema = v.object({
  safariId: v.string(),
  date: v.string(),
  slots: v.array(v.object({ timeSlot: v.string(), capacity: v.number(), seatsLeft: v.number() })),
});

/** POST /api/safaris/validate-selection. */
export const safariValidationSchema = v.object({
  valid: v.boolean(),
  selections: v.array(
    v.object({ safariId: v.string(), name: v.string(), date: v.string(), timeSlot: v.string(), guests: v.number(), price: v.number(), totalPrice: v.number() }),
  ),
  total: v.number(),
});

/**
 * A booking as creation and payment answer it: the record, and until when its nights are held (an
 * online booking 15 minutes to pay; one paid at the property 24 hours for the guest to confirm).
 */
export const heldBookingSchema = v.object({
  ...bookingRecordSchema.entries,
  // What step 4 compares with the draft, to tell whether the guest changed the stay after booking it.
  cottage_type: v.optional(v.string()),
  safaris: v.optional(
    v.array(v.object({ safari_id: v.optional(v.string()), name: v.string(), date: v.string(), time_slot: v.string(), guests: v.number(), amount: v.number() })),
    () => [],
  ),
  hold_expires_at: v.optional(v.string()),
});

/** POST /api/bookings (201). */
export const createdBookingSchema = v.object({
  bookingReference: v.string(),
  manageToken: v.optional(v.string()),
  replayed: v.optional(v.boolean()),
  quote: quoteSchema,
  booking: heldBookingSchema,
});
export type CreatedBooking = v.InferOutput<typeof createdBookingSchema>;
