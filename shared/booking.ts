import * as z from 'zod/mini';
import { guestMessages } from './booking-rules.ts';
import { bookingRequestEntries, type CreateStaffBookingRequest } from './booking-request.ts';

/*
 * The guest's booking payload. The booking's statuses, record and messages (booking-rules.ts), the
 * field builders (booking-fields.ts), the safari selection (safari-rules.ts) and the request every
 * booking shares (booking-request.ts) each live in their own module, so that a function imports
 * only the schemas it parses with; they are all exported from here too, for the web.
 */
export * from './booking-rules.ts';
export { count, dateField } from './booking-fields.ts';
export { createStaffBookingSchema, guestDetailsSchema, type CreateStaffBookingRequest } from './booking-request.ts';
export { safariSelectionSchema, type SafariSelection } from './safari-rules.ts';

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

/** What the booking core needs: the request, how it is paid, and the total the guest saw if any. */
export type BookingRequest = CreateStaffBookingRequest & Pick<CreateBookingRequest, 'paymentMethod'> & Partial<Pick<CreateBookingRequest, 'totalAmount'>>;
