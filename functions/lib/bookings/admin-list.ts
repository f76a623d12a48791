import { BOOKING_MONTHS_BACK, listStatuses, searchableText } from '../../../shared/booking-list.ts';
import type { BookingStatus } from '../../../shared/booking.ts';
import { bookingsOfMonth, monthHasBookings, positionOf, type MonthPosition } from '../db/booking-months.ts';
import { BOOKING_ID, toPublicBooking, toStoredBooking, type StoredBooking } from '../db/bookings.ts';
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
 * walk's order is (created_at, id), newest first, and the cursor records the month and the last
 * booking taken in that order. The next page takes, in every status, only what comes after it: a
 * booking whose status changes between two pages moves to another stream but keeps its place in
 * the order, so it is neither listed twice nor missed (per-status positions would do both). A search (`q`)
 * filters what the walk takes; it reads at most QUERY_BUDGET queries per request and then answers
 * what it found with a cursor to go on, so a rare match never makes one request read everything.
 */

const QUERY_BUDGET = 60;

export type ListOptions = { status?: BookingStatus | undefined; q?: string | undefined; limit: number; cursor?: string | undefined; now?: number };
export type ListedBooking = ReturnType<typeof toPublicBooking> & { cancel_refund: number };
export type ListPage = { bookings: ListedBooking[]; cursor?: string; through: string };

/** Where a walk stopped: the month, and the last booking taken there (its time and id), if any. */
type Boundary = { at: string; id: string };
type CursorState = { month: number; boundary?: Boundary | undefined };

/** The month (yyyy-mm, UTC as created_at is) `back` months before the one of `now`. */
function monthBack(now: number, back: number): string {
  const date = new Date(now);
  const shifted = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - back, 1));
  return shifted.toISOString().slice(0, 7);
}

/** Filters are part of the cursor: a cursor made for another filter is refused, not silently misapplied. */
const filterTag = (options: ListOptions) => `${options.status ?? ''}|${options.q ?? ''}`;

function encodeCursor(options: ListOptions, month: string, boundary: Boundary | undefined): string {
  return Buffer.from(JSON.stringify({ m: month, f: filterTag(options), ...(boundary ? { b: [boundary.at, boundary.id] } : {}) })).toString('base64url');
}

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

function decodeCursor(options: ListOptions, now: number): CursorState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(options.cursor ?? '', 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursor();
  }
  if (typeof parsed !== 'object' || parsed === null) throw new InvalidCursor();
  const { m, f, b } = parsed as { m?: unknown; f?: unknown; b?: unknown };
  if (typeof m !== 'string' || f !== filterTag(options)) throw new InvalidCursor();
  const month = Array.from({ length: BOOKING_MONTHS_BACK }, (_, back) => monthBack(now, back)).indexOf(m);
  if (month < 0) throw new InvalidCursor();
  if (b === undefined) return { month };
  const [at, id] = Array.isArray(b) && b.length === 2 ? (b as unknown[]) : [];
  // The boundary is a booking of that month: its time in the month, and a booking id.
  if (typeof at !== 'string' || !ISO_TIME.test(at) || !at.startsWith(m) || typeof id !== 'string' || !BOOKING_ID.test(id)) throw new InvalidCursor();
  return { month, boundary: { at, id } };
}

type Stream = { status: BookingStatus; after?: MonthPosition | undefined; buffer: Array<Record<string, unknown>>; more: boolean };

/** The walk's order, newest first: created_at, then id (bookings made in the same millisecond). */
const newer = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  String(a.created_at) > String(b.created_at) || (a.created_at === b.created_at && String(a.id) > String(b.id));

/** Whether an item comes after the boundary in the walk's order (older, or as old with a smaller id). */
const pastBoundary = (item: Record<string, unknown>, boundary: Boundary | undefined) =>
  !boundary || String(item.created_at) < boundary.at || (item.created_at === boundary.at && String(item.id) < boundary.id);

export async function listBookingsPage(options: ListOptions): Promise<ListPage> {
  const now = options.now ?? Date.now();
  const state: CursorState = options.cursor ? decodeCursor(options, now) : { month: 0 };
  const statuses: BookingStatus[] = options.status ? [options.status] : [...listStatuses];
  const found: StoredBooking[] = [];
  const batch = options.q ? Math.max(options.limit, 50) : options.limit;
  let queries = 0;
  const through = monthBack(now, BOOKING_MONTHS_BACK - 1);

  for (let month = state.month; month < BOOKING_MONTHS_BACK; month += 1) {
    const name = monthBack(now, month);
    const boundary = month === state.month ? state.boundary : undefined;
    // An empty month costs one read, not one per status.
    if (!boundary) {
      queries += 1;
      if (!(await monthHasBookings(name))) continue;
    }
    let last = boundary;
    const streams: Stream[] = statuses.map((status) => ({ status, buffer: [], more: true }));
    for (;;) {
      const dry = streams.filter((stream) => stream.buffer.length === 0 && stream.more);
      if (queries + dry.length > QUERY_BUDGET) return finish(found, now, through, encodeCursor(options, name, last));
      queries += dry.length;
      await Promise.all(
        dry.map(async (stream) => {
          // Resuming: only what is as old as the boundary or older (then past it in the walk's order).
          const page = await bookingsOfMonth(name, stream.status, batch, stream.after, boundary?.at);
          stream.buffer = page.items.filter((item) => pastBoundary(item, boundary)).sort((a, b) => (newer(a, b) ? -1 : newer(b, a) ? 1 : 0));
          stream.more = page.more;
          const lastRead = page.items.at(-1);
          if (lastRead) stream.after = positionOf(lastRead);
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
      last = { at: String(item.created_at), id: String(item.id) };
      const booking = toStoredBooking(item);
      if (!options.q || searchableText(booking).includes(options.q)) found.push(booking);
      if (found.length === options.limit) {
        const rest = streams.some((stream) => stream.buffer.length > 0 || stream.more);
        // Nothing left in this month: the next page starts at the top of the month before.
        const next = rest
          ? encodeCursor(options, name, last)
          : month + 1 < BOOKING_MONTHS_BACK
            ? encodeCursor(options, monthBack(now, month + 1), undefined)
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
