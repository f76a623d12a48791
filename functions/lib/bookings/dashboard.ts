import type { Dashboard } from '../../../shared/booking-admin.ts';
import { BOOKING_MONTHS_BACK } from '../../../shared/booking-list.ts';
import { addDaysIso, resortInstant, resortToday } from '../../../shared/stay.ts';
import { monthSummary } from '../db/booking-months.ts';
import { allPayments } from '../db/payments.ts';
import { moneyTotals } from '../payments/money-totals.ts';
import { readReportDays } from '../db/report-days.ts';
import { listBookingsPage, monthBack } from './admin-list.ts';

/** Statuses that count as a booking the resort took on (for "confirmed / total" per villa). */
const settled = new Set(['confirmed', 'checked-in', 'completed']);

/**
 * The dashboard (docs/product.md#overview-tab): counts by status of the bookings made in the last
 * BOOKING_MONTHS_BACK months (one projected query per month partition, expired holds left out),
 * the five newest bookings (the list's own walk), bookings per villa type (settled / all), the
 * revenue of the last 30 resort days as money received (captured online or taken at the property,
 * less refunds: an unpaid hold is not revenue), and per month over the last 12 months the value of
 * the bookings made, from the daily report counters (bookings still standing).
 */
export async function dashboardFigures(now = Date.now()): Promise<Dashboard> {
  const today = resortToday(new Date(now));
  const months = Array.from({ length: BOOKING_MONTHS_BACK }, (_, back) => monthBack(now, back));
  const yearStart = `${monthBack(now, 11)}-01`;
  const since = addDaysIso(today, -29);
  const [summaries, recent, days, money] = await Promise.all([
    Promise.all(months.map((month) => monthSummary(month))),
    listBookingsPage({ limit: 5, now }),
    readReportDays(yearStart < since ? yearStart : since, today),
    allPayments(new Date(resortInstant(since, '00:00')).toISOString()),
  ]);
  const all = summaries.flat().filter((booking) => booking.status !== 'expired');
  const count = (status: string) => all.filter((booking) => booking.status === status).length;

  const byVilla = new Map<string, { cottage_type: string; cottage_name: string; confirmed_bookings: number; total_bookings: number }>();
  for (const booking of all) {
    const entry = byVilla.get(booking.cottage_type) ?? {
      cottage_type: booking.cottage_type,
      cottage_name: booking.cottage_name,
      confirmed_bookings: 0,
      total_bookings: 0,
    };
    if (booking.status !== 'cancelled') entry.total_bookings += 1;
    if (settled.has(booking.status)) entry.confirmed_bookings += 1;
    byVilla.set(booking.cottage_type, entry);
  }

  const totalRevenue = moneyTotals(money).net;
  const perMonth = new Map<string, number>();
  for (const [date, counters] of days) {
    if (date >= yearStart) perMonth.set(date.slice(0, 7), (perMonth.get(date.slice(0, 7)) ?? 0) + (counters.bookingValue ?? 0));
  }
  const monthlyRevenue = Array.from({ length: 12 }, (_, back) => monthBack(now, back)).map((month) => ({ month, revenue: perMonth.get(month) ?? 0 }));

  return {
    overview: {
      totalBookings: all.length,
      confirmedBookings: count('confirmed'),
      pendingBookings: count('pending'),
      checkedInBookings: count('checked-in'),
      completedBookings: count('completed'),
      cancelledBookings: count('cancelled'),
      totalRevenue,
    },
    recentBookings: recent.bookings,
    cottageOccupancy: [...byVilla.values()].sort((a, b) => b.total_bookings - a.total_bookings || a.cottage_name.localeCompare(b.cottage_name)),
    monthlyRevenue,
    since: months[months.length - 1] ?? today.slice(0, 7),
  };
}
