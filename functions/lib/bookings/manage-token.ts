import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { BOOKING_ID } from '../db/bookings.ts';

const digest = (secret: string): Buffer => createHash('sha256').update(secret, 'utf8').digest();

/**
 * The manage-booking link's token: `<booking id>.<random secret>`. Only the secret's SHA-256 is
 * stored with the booking, so the link works for the booking's whole life, whatever happens to the
 * JWT signing key (it rotates every 30 days), and a copy of the table opens no booking.
 */
export function newManageToken(bookingId: string): { token: string; hash: string } {
  const secret = randomBytes(24).toString('base64url');
  return { token: `${bookingId}.${secret}`, hash: digest(secret).toString('hex') };
}

export function parseManageToken(token: string): { bookingId: string; secret: string } | undefined {
  const [bookingId, secret, ...rest] = token.split('.');
  if (rest.length || !bookingId || !secret || !BOOKING_ID.test(bookingId) || !/^[\w-]{32}$/.test(secret)) return undefined;
  return { bookingId, secret };
}

/** Constant time over fixed-length digests; a booking without a stored hash matches nothing. */
export function manageTokenMatches(storedHash: string | undefined, secret: string): boolean {
  const expected = Buffer.from(storedHash ?? '', 'hex');
  const given = digest(secret);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
