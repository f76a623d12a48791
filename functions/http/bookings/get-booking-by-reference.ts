import { createHash, timingSafeEqual } from 'node:crypto';
import * as z from 'zod/mini';
import { manageTokenMatches, parseManageToken } from '../../lib/bookings/manage-token.ts';
import { getBooking, getBookingByReference, toPublicBooking } from '../../lib/db/bookings.ts';
import { normaliseEmail } from '../../lib/db/keys.ts';
import { countLookup, MAX_LOOKUPS_PER_MINUTE } from '../../lib/db/lookup-limits.ts';
import { badRequest, notFound, tooManyRequests } from '../../lib/http/errors.ts';
import { publicRoute } from '../../lib/http/handler.ts';

const querySchema = z.object({ email: z.optional(z.string().check(z.maxLength(254))), token: z.optional(z.string().check(z.maxLength(2000))) });

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/** Equal e-mails, compared over fixed-length digests in constant time (no early exit on the first differing character). */
const sameEmail = (stored: string, given: string): boolean => timingSafeEqual(digest(stored), digest(given));

/**
 * GET /api/bookings/reference/{reference}?email= or ?token=. A reference alone opens nothing: with
 * the wrong e-mail the answer is the same 404 as for a reference that does not exist, after the
 * same work (the same reads, the same comparison), so neither the answer nor its time tells whether
 * a reference exists. Each client address may look up MAX_LOOKUPS_PER_MINUTE times a minute (429
 * with Retry-After past that), which keeps guessing references by e-mail slow.
 */
export const handler = publicRoute(
  { params: z.object({ reference: z.string().check(z.minLength(1), z.maxLength(40)) }), query: querySchema },
  async ({ params, query, event }) => {
    if (!query.email && !query.token)
      throw badRequest('Give the e-mail address the booking was made with, or the link from the confirmation', { email: ['Required without token'] });
    const allowance = await countLookup(event.requestContext?.http?.sourceIp || 'unknown', Date.now());
    if (!allowance.allowed) {
      throw tooManyRequests(
        `Too many booking lookups from this address (at most ${MAX_LOOKUPS_PER_MINUTE} a minute). Please try again in a minute.`,
        allowance.retryAfterSeconds,
      );
    }
    const missing = notFound('No booking matches this reference and e-mail');
    if (query.token) {
      const parsed = parseManageToken(query.token);
      const booking = parsed ? await getBooking(parsed.bookingId) : undefined;
      const matches = manageTokenMatches(booking?.manageTokenHash, parsed?.secret ?? '');
      if (!booking || !matches || booking.booking_reference !== params.reference.toUpperCase()) throw missing;
      return toPublicBooking(booking);
    }
    const booking = await getBookingByReference(params.reference.toUpperCase());
    // Compared whether or not the booking exists, so both misses do the same work.
    const matches = sameEmail(booking?.customer_email ?? '', normaliseEmail(query.email ?? ''));
    if (!booking || !matches) throw missing;
    return toPublicBooking(booking);
  },
);
