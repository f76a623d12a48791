import { z } from 'zod/mini';
import { quoteLineSchema } from './quote-line';

/*
 * A booking as the guest's own calls show it (the manage page's lookup, My Bookings): the fields the
 * site shows, checked with zod; extra fields pass through unread.
 */

/** What cancelling would do right now, from the server: the 48-hour policy applied to this booking today. */
export const cancellationTermsSchema = z.object({
  cancellable: z.boolean(),
  /** Why it cannot be cancelled, when it cannot. */
  reason: z.optional(z.string()),
  /** The refund in rupees if cancelled now. */
  refundAmount: z.number(),
  /** Until when a cancellation refunds everything paid (ISO instant). */
  freeCancellationUntil: z.string(),
  policy: z.string(),
});
export type CancellationTerms = z.infer<typeof cancellationTermsSchema>;

const bookingFields = {
  id: z.string(),
  booking_reference: z.string(),
  status: z.string(),
  payment_method: z.string(),
  payment_status: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  check_in_date: z.string(),
  check_out_date: z.string(),
  nights: z.number(),
  adults: z.number(),
  children: z.number(),
  rooms: z._default(z.number(), 1),
  cottage_name: z.string(),
  package_name: z.string(),
  safaris: z._default(z.array(z.object({ name: z.string(), date: z.string(), time_slot: z.string(), guests: z.number(), amount: z.number() })), () => []),
  total_amount: z.number(),
  price_breakdown: z._default(z.array(quoteLineSchema), () => []),
  special_requests: z.optional(z.string()),
  /** The language its e-mails speak (shared/languages.ts). */
  language: z.optional(z.string()),
  created_at: z.string(),
  cancelled_at: z.optional(z.string()),
  refund_amount: z.optional(z.number()),
  /** Pay at property: when the guest confirmed it from the e-mail's link (reserved, payment due on arrival). */
  guest_confirmed_at: z.optional(z.string()),
};

/** A booking as the API returns it (creation, lookup, My Bookings). */
export const bookingRecordSchema = z.object(bookingFields);

/** A booking with the terms of cancelling it today. */
export const bookingViewSchema = z.object({ ...bookingFields, cancellation: z.optional(cancellationTermsSchema) });
export type BookingView = z.infer<typeof bookingViewSchema>;

/** PUT .../cancel: the cancelled booking, the refund it gave and the policy that set it. */
export const cancellationResultSchema = z.object({ booking: bookingRecordSchema, refundAmount: z.number(), policy: z.string() });
export type CancellationResult = z.infer<typeof cancellationResultSchema>;
