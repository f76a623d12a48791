import { BOOKING_MONTHS_BACK, listStatuses, searchableText } from '../../../shared/booking-admin.ts';
import type { BookingStatus } from '../../../shared/booking.ts';
import {
  bookingsOfMonth,
  monthHasBookings,
  monthPosition,
  positionOf,
  toPublicBooking,
  toStoredBooking,
  type MonthPosition,
  type StoredBooking,
} from '../db/bookings.ts';
import { InvalidCursor } from '../db/query.ts';
import { refundFor } from './release-booking.ts';

/**
 * The staff's booking list, newest first, paged by the server.
 *
 * Bookings sit on gsi2 in one partition per month they were made (BOOKINGS#yyyy-mm), sorted by
 * status, then time. Newest first over all statuses is a merge: each status of the month is its
 * own newest-first stream, and the walk repeatedly takes the newest head of the streams, refilling
 * a stream whose buffer ran dry while it has more. When every stream of the month is spent, the
 * walk moves one month back, up to BOOKING_MONTHS_BACK months (older bookings are not listed). The
 * cursor records exactly where it stopped: the month, and per status the key of the last booking
 * taken (DynamoDB's own ExclusiveStartKey, so equal times cannot duplicate or skip). A search (`q`)
 * filters what the walk takes; it reads at most QUERY_BUDGET queries per request and then answers
 * what it found with a cursor to go on, so a rare match never makes one request read everything.
 */

const QUERY_BUDGET = 60;

export type ListOptions = { status?: BookingStatus | undefined; q?: string | undefined; limit: number; cursor?: string | undefined; now?: number };
export type ListedBooking = ReturnType<typeof toPublicBooking> & { cancel_refund: number };
export type ListPage = { bookings: ListedBooking[]; cursor?: string; through: string };

type CursorState = { month: number; positions: Partial<Record<BookingStatus, MonthPosition>> };

/** The month (yyyy-mm, UTC as created_at is) `back` months before the one of `now`. */
function monthBack(now: number, back: number): string {
  const date = new Date(now);
  const shifted = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1));
  return shifted.toISOString().slice(0, 7);
}

/** Filters are part of the cursor: a cursor made for another filter is refused, not silently misapplied. */
const filterTag = (options: ListOptions) => `${options.status ?? ''}|${options.q ?? ''}`;

function encodeCursor(options: ListOptions, month: string, positions: Partial<Record<BookingStatus, MonthPosition>>): string {
  const p = Object.fromEntries(Object.entries(positions).map(([status, key]) => [status, [key.pk, key.sk, key.gsi2pk, key.gsi2sk]]));
  return Buffer.from(JSON.stringify({ m: month, f: filterTag(options), p })).toString('base64url');
}

function decodeCursor(options: ListOptions, now: number): CursorState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(options.cursor ?? '', 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor();
  }
  if (typeof parsed !== 'object' || parsed === null) throw new InvalidCursor();
  const { m, f, p } = parsed as { m?: unknown; f?: unknown; p?: unknown };
  if (typeof m !== 'string' || f !== filterTag(options) || typeof p !== 'object' || p === null) throw new InvalidCursor();
  const month = Array.from({ length: BOOKING_MONTHS_BACK }, (_, back) => monthBack(now, back)).indexOf(m);
  if (month < 0) throw new InvalidCursor();
  const positions: CursorState['positions'] = {};
  for (const [status, value] of Object.entries(p)) {
    if (!(listStatuses as readonly string[]).includes(status)) throw new InvalidCursor();
    const position = monthPosition(m, status, value);
    if (!position) throw new InvalidCursor();
    positions[status as BookingStatus] = position;
  }
  return { month, positions };
}

type Stream = { status: BookingStatus; after?: MonthPosition | undefined; buffer: Array<Record<string, unknown>>; more: boolean };

const newer = (a: Record<string, unknown>, b: Record<string, unknown>) => String(a.created_at) > String(b.created_at);

export async function listBookingsPage(options: ListOptions): Promise<ListPage> {
  const now = options.now ?? Date.now();
  const state = options.cursor ? decodeCursor(options, now) : { month: 0, positions: {} };
  const statuses: BookingStatus[] = options.status ? [options.status] : [...listStatuses];
  const found: StoredBooking[] = [];
  const batch = options.q ? Math.max(options.limit, 50) : options.limit;
  let queries = 0;
  const through = monthBack(now, BOOKING_MONTHS_BACK - 1);

  for (let month = state.month; month < BOOKING_MONTHS_BACK; month += 1) {
    const name = monthBack(now, month);
    const resumed = month === state.month ? state.positions : {};
    // An empty month costs one read, not one per status.
    if (Object.keys(resumed).length === 0) {
      queries += 1;
      if (!(await monthHasBookings(name))) continue;
    }
    const streams: Stream[] = statuses.map((status) => ({ status, after: resumed[status], buffer: [], more: true }));
    const taken = (): Partial<Record<BookingStatus, MonthPosition>> =>
      Object.fromEntries(streams.flatMap((stream) => (stream.after ? [[stream.status, stream.after]] : [])));
    for (;;) {
      const dry = streams.filter((stream) => stream.buffer.length === 0 && stream.more);
      if (queries + dry.length > QUERY_BUDGET) return finish(found, now, through, encodeCursor(options, name, taken()));
      queries += dry.length;
      await Promise.all(
        dry.map(async (stream) => {
          const page = await bookingsOfMonth(name, stream.status, batch, stream.after);
          stream.buffer = page.items;
          stream.more = page.more;
        }),
      );
      let head: Stream | undefined;
      for (const stream of streams) {
        const first = stream.buffer[0];
        const current = head?.buffer[0];
        if (first && (!current || newer(first, current))) head = stream;
      }
      if (!head) break;
      const item = head.buffer.shift() as Record<string, unknown>;
      head.after = positionOf(item);
      const booking = toStoredBooking(item);
      if (!options.q || searchableText(booking).includes(options.q)) found.push(booking);
      if (found.length === options.limit) {
        const rest = streams.some((stream) => stream.buffer.length > 0 || stream.more);
        // Nothing left in this month: the next page starts at the top of the month before.
        const next = rest
          ? encodeCursor(options, name, taken())
          : month + 1 < BOOKING_MONTHS_BACK
            ? encodeCursor(options, monthBack(now, month + 1), {})
            : undefined;
        return finish(found, now, through, next);
      }
    }
  }
  return finish(found, now, through, undefined);
}

function finish(found: StoredBooking[], now: number, through: string, cursor: string | undefined): ListPage {
  return {
    bookings: found.map((booking) => ({ ...toPublicBooking(booking), cancel_refund: refundFor(booking, now) })),
    through,
    ...(cursor ? { cursor } : {}),
  };
}

export { monthBack };
