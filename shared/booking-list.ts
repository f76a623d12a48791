import * as z from 'zod/mini';
import { bookingStatuses } from './booking-rules.ts';
import { cursorField, maxLength, pageLimit } from './validation.ts';

/** Statuses the admin list filters by (every status a booking can have). */
export const listStatuses = bookingStatuses;

export const BOOKING_PAGE_DEFAULT = 25;
export const BOOKING_PAGE_MAX = 100;
/** How far back the admin list and the dashboard counts walk the month partitions. */
export const BOOKING_MONTHS_BACK = 24;

/** GET /api/bookings: the list's filters (`admin` and `stats` are flags; with `stats` the answer is the dashboard). */
export const listBookingsQuerySchema = z.object({
  admin: z.optional(z.string()),
  stats: z.optional(z.string()),
  status: z.optional(z.enum(listStatuses, `status is one of ${listStatuses.join(', ')}`)),
  q: z.optional(
    z.string().check(
      z.overwrite((text: string) => text.trim().toLowerCase()),
      maxLength(100, 'The search is at most 100 characters'),
    ),
  ),
  limit: pageLimit(`${BOOKING_PAGE_DEFAULT}`, BOOKING_PAGE_MAX),
  cursor: cursorField(4000),
});

/** The fields a search looks in (case-insensitive contains): guest, e-mail, phone, reference, villa name and type. */
export const searchableText = (booking: {
  customer_name: string;
  customer_email: string;
  customer_phone: string;
  booking_reference: string;
  cottage_name: string;
  cottage_type: string;
}): string =>
  [
    booking.customer_name,
    booking.customer_email,
    booking.customer_phone,
    booking.customer_phone.replace(/\D/g, ''),
    booking.booking_reference,
    booking.cottage_name,
    booking.cottage_type,
    booking.cottage_type.replace(/-/g, ' '),
  ]
    .join('\n')
    .toLowerCase();
