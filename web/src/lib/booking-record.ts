import * as v from 'valibot';

/*
 * A booking as the guest's own calls show it (the manage page's lookup, My Bookings): the fields the
 * site shows, checked with valibot; extra fields pass through unread.
 */

/** What cancelling would do right now, from the server: the 48-hour policy applied to this booking today. */
export const cancellationTermsSchema = v.object({
  cancellable: v.boolean(),
  /** Why it cannot be cancelled, when it cannot. */
  reason: v.optional(v.string()),
  /** The refund in rupees if cancelled now. */
  refundAmount: v.number(),
  /** Until when a cancellation refunds everything paid (ISO instant). */
  freeCancellationUntil: v.string(),
  policy: v.string(),
});
export type CancellationTerms = v.InferOutput<typeof cancellationTermsSchema>;

const bookingFields = {
  id: v.string(),
  booking_reference: v.string(),
  status: v.string(),
  payment_method: v.string(),
  payment_status: v.string(),
  customer_name: v.string(),
  customer_email: v.string(),
  check_in_date: v.string(),
  check_out_date: v.string(),
  nights: v.number(),
  adults: v.number(),
  children: v.number(),
  rooms: v.optional(v.number(), 1),
  cottage_name: v.string(),
  package_name: v.string(),
  safaris: v.optional(v.array(v.object({ name: v.string(), date: v.string(), time_slot: v.string(), guests: v.number(), amount: v.number() })), () => []),
  total_amount: v.number(),
  price_breakdown: v.optional(v.array(v.object({ label: v.string(), amount: v.number() })), () => []),
  special_requests: v.optional(v.string()),
  created_at: v.string(),
  cancelled_at: v.optional(v.string()),
  refund_amount: v.optional(v.number()),
  /** Pay at property: when the guest confirmed it from the e-mail's link (reserved, payment due on arrival). */
  guest_confirmed_at: v.optional(v.string()),
};

/** A booking as the API returns it (creation, lookup, My Bookings). */
export const bookingRecordSchema = v.object(bookingFields);

/** A booking with the terms of cancelling it today. */
export const bookingViewSchema = v.object({ ...bookingFields, cancellation: v.optional(cancellationTermsSchema) });
export type BookingView = v.InferOutput<typeof bookingViewSchema>;

/** PUT .../cancel: the cancelled booking, the refund it gave and the policy that set it. */
export const cancellationResultSchema = v.object({ booking: bookingRecordSchema, refundAmount: v.number(), policy: v.string() });
export type CancellationResult = v.InferOutput<typeof cancellationResultSchema>;
