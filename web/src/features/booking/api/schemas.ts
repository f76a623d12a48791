import { z } from 'zod/mini';
import { bookingRecordSchema } from '@/lib/booking-record';
import { quoteLineSchema } from '@/lib/quote-line';

/*
 * What the wizard reads from the API's answers, checked with zod (the fields it shows; extra
 * fields pass through unread). The request rules themselves are the server's, from shared/.
 */

/** The server's quote (shared/quote.ts `Quote`): what the guest is charged, line by line. */
export const quoteSchema = z.object({
  currency: z.literal('INR'),
  nights: z.number(),
  guests: z.number(),
  villa: z.object({
    basePrice: z.number(),
    rooms: z.number(),
    guestMultiplier: z.number(),
    extraGuestCost: z.number(),
    discount: z.number(),
    amount: z.number(),
  }),
  package: z.optional(z.object({ id: z.string(), basePrice: z.number(), amount: z.number(), discount: z.number() })),
  safaris: z.array(
    z.object({
      id: z.string(),
      date: z.string(),
      timeSlot: z.string(),
      guests: z.number(),
      amount: z.number(),
      discount: z.number(),
      included: z.optional(z.boolean()),
    }),
  ),
  subtotal: z.number(),
  gst: z.number(),
  serviceFee: z.number(),
  total: z.number(),
  lines: z.array(quoteLineSchema),
});
export type StayQuote = z.infer<typeof quoteSchema>;

/** POST /api/cottages/{id}/availability. */
export const availabilityResultSchema = z.object({
  available: z.boolean(),
  message: z.string(),
  cottage: z.object({ id: z.string(), name: z.string(), type: z.string(), base_price: z.number(), max_guests: z.number() }),
  totalPrice: z.number(),
  priceBreakdown: z.object({
    basePrice: z.number(),
    nights: z.number(),
    guestMultiplier: z.number(),
    extraGuestCost: z.number(),
    discount: z.optional(z.number()),
  }),
  quote: quoteSchema,
  alternativeDates: z.array(z.object({ checkIn: z.string(), checkOut: z.string() })),
  /** More rooms were asked than the villa type has: the most it can take. */
  maxRooms: z.optional(z.number()),
  suggestedVillas: z.array(
    z.object({
      type: z.string(),
      id: z.string(),
      name: z.string(),
      price: z.number(),
      totalPrice: z.number(),
      maxGuests: z.number(),
      image: z.optional(z.string()),
    }),
  ),
});
export type AvailabilityResult = z.infer<typeof availabilityResultSchema>;

/** GET /api/cottages/{id}/availability?startDate=&endDate=: one entry per night. */
export const availabilityCalendarSchema = z.object({
  startDate: z.string(),
  endDate: z.string(),
  nights: z.array(z.object({ date: z.string(), freeUnits: z.number(), totalUnits: z.number(), available: z.boolean(), price: z.number() })),
});
export type CalendarNight = z.infer<typeof availabilityCalendarSchema>['nights'][number];

export const stayPackageSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  category: z.string(),
  description: z.string(),
  price_multiplier: z.number(),
  includes_safari: z.boolean(),
  max_safaris: z.number(),
  min_guests: z.number(),
  max_guests: z.number(),
  duration: z.string(),
  includes: z.array(z.string()),
});
export type StayPackageOption = z.infer<typeof stayPackageSchema>;

export const safariSchema = z.object({
  id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  price: z.number(),
  duration: z.string(),
  max_guests: z.number(),
  includes: z.array(z.string()),
  highlights: z.array(z.string()),
  time_slots: z.array(z.string()),
});
export type SafariOption = z.infer<typeof safariSchema>;

/** GET /api/safaris/{id}/slots/{date}. */
export const safariSlotsSchema = z.object({
  safariId: z.string(),
  date: z.string(),
  slots: z.array(z.object({ timeSlot: z.string(), capacity: z.number(), seatsLeft: z.number() })),
});

/** POST /api/safaris/validate-selection. */
export const safariValidationSchema = z.object({
  valid: z.boolean(),
  selections: z.array(
    z.object({ safariId: z.string(), name: z.string(), date: z.string(), timeSlot: z.string(), guests: z.number(), price: z.number(), totalPrice: z.number() }),
  ),
  total: z.number(),
});

/**
 * A booking as creation and payment answer it: the record, and until when its nights are held (an
 * online booking 15 minutes to pay; one paid at the property 24 hours for the guest to confirm).
 */
export const heldBookingSchema = z.object({
  ...bookingRecordSchema.shape,
  // What step 4 compares with the draft, to tell whether the guest changed the stay after booking it.
  cottage_type: z.optional(z.string()),
  safaris: z._default(
    z.array(z.object({ safari_id: z.optional(z.string()), name: z.string(), date: z.string(), time_slot: z.string(), guests: z.number(), amount: z.number() })),
    () => [],
  ),
  hold_expires_at: z.optional(z.string()),
});

/** POST /api/bookings (201). */
export const createdBookingSchema = z.object({
  bookingReference: z.string(),
  manageToken: z.optional(z.string()),
  replayed: z.optional(z.boolean()),
  quote: quoteSchema,
  booking: heldBookingSchema,
});
export type CreatedBooking = z.infer<typeof createdBookingSchema>;
