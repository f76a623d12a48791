import type { CreateBookingRequest } from '../../../shared/booking.ts';
import { ONLINE_HOLD_MINUTES } from '../../../shared/payment-rules.ts';
import type { Principal } from '../auth.ts';
import { openHoldClaims, PAY_AT_PROPERTY_HOLD_MS, tooManyOpen } from '../payments/pay-at-property.ts';
import { createBooking, type BookingTerms, type CreatedBooking } from './create-booking.ts';

/** Online payments hold the villa this long; the sweeper frees it if the payment never comes. */
export const PAYMENT_HOLD_MS = ONLINE_HOLD_MINUTES * 60_000;

/**
 * A guest's booking terms. Online: held until paid (15 minutes). Pay at property: held until the
 * guest confirms it from the e-mail (24 hours), and counted in the open holds of its e-mail, phone
 * and client address; past their limit the whole booking is refused with 429.
 */
export function guestTerms(request: Pick<CreateBookingRequest, 'paymentMethod'>, clientAddress?: string): BookingTerms {
  if (request.paymentMethod === 'razorpay') return { holdMs: PAYMENT_HOLD_MS };
  return {
    holdMs: PAY_AT_PROPERTY_HOLD_MS,
    marks: { open_hold: true, ...(clientAddress ? { client_address: clientAddress } : {}) },
    alongside: (booking) => ({
      writes: booking.holdExpiresAtMs === undefined ? [] : openHoldClaims(booking, booking.holdExpiresAtMs),
      refused: tooManyOpen,
    }),
  };
}

/** POST /api/bookings' work: the booking core with a guest's terms. */
export const createGuestBooking = (
  request: CreateBookingRequest,
  options: { idempotencyKey: string; principal?: Principal | undefined; clientAddress?: string | undefined; now?: number },
): Promise<CreatedBooking> =>
  createBooking(request, {
    idempotencyKey: options.idempotencyKey,
    principal: options.principal,
    ...(options.now === undefined ? {} : { now: options.now }),
    terms: guestTerms(request, options.clientAddress),
  });
