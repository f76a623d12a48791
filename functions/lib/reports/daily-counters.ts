import { holdingStatuses } from '../../../shared/booking-rules.ts';
import { resortToday } from '../../../shared/stay.ts';
import type { StoredBooking } from '../db/bookings.ts';

/** Counters of one resort day: name -> amount. Names with a `#` carry a dimension (villa type, package, safari). */
export type Counters = Record<string, number>;
/** Counters by resort date (yyyy-mm-dd). */
export type DayCounters = Map<string, Counters>;

function add(days: DayCounters, date: string, name: string, amount: number): void {
  if (amount === 0) return;
  const counters = days.get(date) ?? {};
  counters[name] = (counters[name] ?? 0) + amount;
  days.set(date, counters);
}

/** Splits an amount into `parts` whole rupees that add up to it exactly (the last takes the remainder). */
function split(amount: number, parts: number): number[] {
  const each = Math.floor(amount / parts);
  return Array.from({ length: parts }, (_, index) => (index === parts - 1 ? amount - each * (parts - 1) : each));
}

/**
 * What one booking, as it stands, adds to the daily report counters. Reports read these per day
 * (a year is about 366 items), so this is the one place that says what each figure means:
 * - per stay night, while the booking holds its nights: rooms sold (in all and per villa type)
 *   and room revenue (the villa line of the quote spread over its nights, for ADR and RevPAR);
 * - per safari date: seats sold per safari;
 * - on the day it was made: bookings made, their value and package take-up (expired holds apart);
 * - on the day it was cancelled: the cancellation and its refund.
 * A change's effect on the counters is after's contribution minus before's (`counterDelta`).
 */
export function bookingContribution(booking: StoredBooking | undefined): DayCounters {
  const days: DayCounters = new Map();
  if (!booking) return days;
  const createdOn = resortToday(new Date(booking.created_at));
  if (holdingStatuses.includes(booking.status)) {
    const rooms = booking.claims.cottageIds.length || booking.rooms;
    const nights = booking.claims.nights;
    const villaAmount = booking.quote?.villa.amount ?? 0;
    const revenue = nights.length ? split(Math.round(villaAmount), nights.length) : [];
    nights.forEach((night, index) => {
      add(days, night, 'roomNights', rooms);
      add(days, night, `roomNights#${booking.cottage_type}`, rooms);
      add(days, night, 'roomRevenue', revenue[index] ?? 0);
    });
    for (const safari of booking.safaris) add(days, safari.date, `safariSeats#${safari.safari_id}`, safari.guests);
    add(days, createdOn, 'bookings', 1);
    add(days, createdOn, 'bookingValue', booking.total_amount);
    add(days, createdOn, `package#${booking.package_id}`, 1);
  } else if (booking.status === 'cancelled') {
    add(days, createdOn, 'bookings', 1);
    const cancelledOn = booking.cancelled_at ? resortToday(new Date(booking.cancelled_at)) : createdOn;
    add(days, cancelledOn, 'cancellations', 1);
    add(days, cancelledOn, 'refunds', booking.refund_amount ?? 0);
  } else if (booking.status === 'expired') {
    add(days, createdOn, 'expiredHolds', 1);
  }
  return days;
}

/** The counters to add so the days move from `before`'s contribution to `after`'s; zero entries left out. */
export function counterDelta(before: StoredBooking | undefined, after: StoredBooking | undefined): DayCounters {
  const delta: DayCounters = new Map();
  for (const [date, counters] of bookingContribution(after)) for (const [name, amount] of Object.entries(counters)) add(delta, date, name, amount);
  for (const [date, counters] of bookingContribution(before)) for (const [name, amount] of Object.entries(counters)) add(delta, date, name, -amount);
  for (const [date, counters] of delta) {
    for (const [name, amount] of Object.entries(counters)) if (amount === 0) delete counters[name];
    if (Object.keys(counters).length === 0) delta.delete(date);
  }
  return delta;
}
