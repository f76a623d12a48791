import { createHash, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import { idField, maxLength } from '../../../shared/validation.ts';
import { getBooking, getBookingByReference, type StoredBooking } from '../db/bookings.ts';
import { normaliseEmail } from '../db/keys.ts';
import { countLookup, MAX_LOOKUPS_PER_MINUTE } from '../db/lookup-limits.ts';
import { InvalidInputError, LimitReachedError, NotFoundError } from '../domain-errors.ts';
import { confirmStayTokenOpens, manageTokenOpens } from './manage-link.ts';
import { parseManageToken } from './manage-token.ts';

/** The reference in the path of the manage-booking routes. */
export const referenceParams = z.object({ reference: idField('reference', 40) });
/** The proof fields of a lookup's query or a cancellation's body. */
export const guestProofFields = { email: z.optional(z.string().check(maxLength(254))), token: z.optional(z.string().check(maxLength(2000))) };

/** How a guest without an account shows a booking is theirs: the e-mail it was made with, or the link from its confirmation. */
export type GuestProof = { email?: string | undefined; token?: string | undefined };

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Equal e-mails, compared over fixed-length digests in constant time (no early exit on the first differing character). */
const sameEmail = (stored: string, given: string): boolean => timingSafeEqual(digest(stored), digest(given));

/**
 * The booking with this reference, if `proof` shows it is the caller's. A reference alone opens
 * nothing: with the wrong e-mail the answer is the same 404 as for a reference that does not exist,
 * after the same work (the same reads, the same comparison), so neither the answer nor its time
 * tells whether a reference exists. Each client address may try MAX_LOOKUPS_PER_MINUTE times a
 * minute (429 with Retry-After past that), which keeps guessing references by e-mail slow. Looking
 * a booking up and cancelling it count against the same allowance.
 */
/** Counts one lookup of the caller's address: 429 with Retry-After past MAX_LOOKUPS_PER_MINUTE. */
async function countAttempt(sourceIp: string | undefined, now: number): Promise<void> {
  const allowance = await countLookup(sourceIp || 'unknown', now);
  if (!allowance.allowed) {
    throw new LimitReachedError(
      `Too many booking lookups from this address (at most ${MAX_LOOKUPS_PER_MINUTE} a minute). Please try again in a minute.`,
      allowance.retryAfterSeconds,
    );
  }
}

/**
 * The pay-at-property booking that the e-mail's confirm proof names (manage-link.ts
 * `confirmStayToken`), with this reference; anything else is the same 404 as an unknown reference.
 * Counted against the same allowance as lookups.
 */
export async function findStayToConfirm(reference: string, confirmToken: string, sourceIp: string | undefined, now = Date.now()): Promise<StoredBooking> {
  await countAttempt(sourceIp, now);
  const bookingId = await confirmStayTokenOpens(confirmToken);
  const booking = bookingId ? await getBooking(bookingId) : undefined;
  if (!booking || booking.booking_reference !== reference.toUpperCase()) throw new NotFoundError('No booking matches this reference and link');
  return booking;
}

export async function findGuestBooking(reference: string, proof: GuestProof, sourceIp: string | undefined, now = Date.now()): Promise<StoredBooking> {
  if (!proof.email && !proof.token)
    throw new InvalidInputError('Give the e-mail address the booking was made with, or the link from the confirmation', {
      details: { email: ['Required without token'] },
    });
  await countAttempt(sourceIp, now);
  const missing = new NotFoundError('No booking matches this reference and e-mail');
  if (proof.token) {
    const parsed = parseManageToken(proof.token);
    const booking = parsed ? await getBooking(parsed.bookingId) : undefined;
    const matches = booking !== undefined && parsed !== undefined && (await manageTokenOpens(booking, parsed));
    if (!booking || !matches || booking.booking_reference !== reference.toUpperCase()) throw missing;
    return booking;
  }
  const booking = await getBookingByReference(reference.toUpperCase());
  // Compared whether or not the booking exists, so both misses do the same work.
  const matches = sameEmail(booking?.customer_email ?? '', normaliseEmail(proof.email ?? ''));
  if (!booking || !matches) throw missing;
  return booking;
}
