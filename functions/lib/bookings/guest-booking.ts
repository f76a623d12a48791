import type { CreateBookingRequest } from '../../../shared/booking.ts';
import { ONLINE_HOLD_MINUTES, tooManyOpenMessage, unpaidLimitMessages } from '../../../shared/payment-rules.ts';
import { nightsBetween, stayLimits } from '../../../shared/stay.ts';
import type { Principal } from '../auth.ts';
import { owedNightsOf, unpaidClaims, unpaidLimits, unpaidRefusal } from '../db/unpaid-owners.ts';
import { InvalidInputError, LimitReachedError } from '../domain-errors.ts';
import { PAY_AT_PROPERTY_HOLD_MS } from '../payments/pay-at-property.ts';
import { createBooking, type BookingTerms, type CreatedBooking } from './create-booking.ts';
import { newManageToken } from './manage-token.ts';

/** Online payments hold the villa this long; the sweeper frees it if the payment never comes. */
export const PAYMENT_HOLD_MS = ONLINE_HOLD_MINUTES * 60_000;

/**
 * A guest's booking terms. Online: held until paid (15 minutes). Pay at property: held until the
 * guest confirms it from the e-mail (24 hours), then unpaid until the stay. Either way the booking
 * counts against what its e-mail, phone and client address may leave unpaid at once
 * (functions/lib/db/unpaid-owners.ts); past a limit the whole booking is refused with 429, saying which.
 */
export function guestTerms(request: Pick<CreateBookingRequest, 'paymentMethod' | 'rooms' | 'checkIn' | 'checkOut'>, clientAddress?: string): BookingTerms {
  const online = request.paymentMethod === 'razorpay';
  if (!online) refuseOverAllowance(request);
  return {
    holdMs: online ? PAYMENT_HOLD_MS : PAY_AT_PROPERTY_HOLD_MS,
    marks: { open_hold: true, ...(clientAddress ? { client_address: clientAddress } : {}) },
    // The answer carries the booking's manage link: the guest's way back to it.
    manageToken: newManageToken,
    alongside: (booking) => {
      const owed = online ? undefined : owedNightsOf(booking);
      return {
        ...(owed === undefined ? {} : { marks: { owed_nights: owed } }),
        writes: unpaidClaims(booking, { owedNights: owed, now: Date.parse(booking.created_at) }),
        refused: async () => {
          const { limit } = await unpaidRefusal(booking, owed);
          const limits = unpaidLimits();
          const message =
            limit === 'holds' ? (online ? unpaidLimitMessages.onlineHolds(limits.holds) : tooManyOpenMessage) : unpaidLimitMessages[limit](limits[limit]);
          return new LimitReachedError(message);
        },
      };
    },
  };
}

/**
 * A stay paid at the property longer than the whole allowance of room-nights could never be held:
 * 400 before anything is read or held. Dates the booking rules refuse anyway are left to them.
 */
function refuseOverAllowance(request: Pick<CreateBookingRequest, 'rooms' | 'checkIn' | 'checkOut'>): void {
  const nights = nightsBetween(request.checkIn, request.checkOut);
  if (!(nights >= stayLimits.minNights && nights <= stayLimits.maxNights && request.rooms <= stayLimits.rooms.max)) return;
  const limit = unpaidLimits().nights;
  if (request.rooms * nights > limit)
    throw new InvalidInputError(unpaidLimitMessages.nights(limit), { details: { paymentMethod: [unpaidLimitMessages.nights(limit)] } });
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
