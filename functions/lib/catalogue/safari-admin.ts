import { slugOf } from '../../../shared/admin-catalogue.ts';
import { toAdminSafari, toStoredSafari, type AdminSafari, type SafariInput, type SafariStats } from '../../../shared/admin-catalogue-safaris.ts';
import type { Safari } from '../../../shared/catalogue.ts';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';
import { safaris } from '../db/catalogue.ts';
import { bookedSeats } from '../db/inventory.ts';
import { safariItem, safariStore } from '../db/safari-writes.ts';
import { ConflictError } from '../domain-errors.ts';
import {
  deleteRefusal,
  plural,
  type CatalogueCreate,
  type CatalogueKind,
  type CatalogueList,
  type CatalogueUpdate,
  type GuardDelete,
} from './catalogue-admin.ts';
import { upcomingSeats } from './upcoming.ts';

/** Safaris for staff (docs/product.md#safaris-tab): no delete while seats are sold on a coming day. */

export const safariKind: CatalogueKind<Safari> = { label: 'Safari', items: safaris, store: safariStore };

export const safariCreate: CatalogueCreate<Safari, SafariInput, AdminSafari> = {
  plan: async (input) => ({ item: toStoredSafari(input, { id: slugOf(input.name) }) }),
  toItem: safariItem,
  toAdmin: toAdminSafari,
};

/** A slot that guests hold seats on cannot disappear from under them. */
export const safariUpdate: CatalogueUpdate<Safari, SafariInput, AdminSafari> = {
  async plan(input, before, _actor, _at, now) {
    const item = toStoredSafari(input, { id: before.id, existing: before });
    const dropped = before.time_slots.filter((slot) => !item.time_slots.includes(slot));
    if (dropped.length) {
      const today = resortToday(new Date(now));
      const booked = await bookedSeats(before.id, today, addDaysIso(today, 400));
      const held = [...booked.values()].some((slots) => dropped.some((slot) => (slots.get(slot) ?? 0) > 0));
      if (held)
        throw new ConflictError(`Guests hold seats on ${before.name} at ${dropped.join(', ')}: keep that time, or add the new one as another safari.`, {
          details: {
            start_time: ['Guests hold seats at the current time'],
          },
        });
    }
    return { item };
  },
  toItem: safariItem,
  present: async () => toAdminSafari,
};

/** Through the day. */
export const safariList: CatalogueList<Safari, AdminSafari> = {
  present: async () => toAdminSafari,
  order: (a, b) => a.start_time.localeCompare(b.start_time) || a.name.localeCompare(b.name),
};

export const guardSafariDelete: GuardDelete<Safari> = async (before, now) => {
  const upcoming = await upcomingSeats(before.id, resortToday(new Date(now)));
  if (upcoming.seats > 0)
    throw deleteRefusal(
      `${before.name} has ${plural(upcoming.seats, 'seat')} booked on ${plural(upcoming.days, 'upcoming day')}. Set it to inactive instead, so no new guest can book it.`,
      { upcoming_seats: upcoming.seats },
    );
};

/** Counts, and seats sold from today on (and within the next 30 days) per safari, from the seat counters. */
export async function safariStats(now = Date.now()): Promise<SafariStats> {
  const today = resortToday(new Date(now));
  const all = await safaris.list();
  const rows = await Promise.all(
    all.map(async (safari) => {
      const [upcoming, soon] = await Promise.all([upcomingSeats(safari.id, today), bookedSeats(safari.id, today, addDaysIso(today, 29))]);
      const next30 = [...soon.values()].flatMap((slots) => [...slots.values()]).reduce((sum, seats) => sum + seats, 0);
      return {
        row: { id: safari.id, name: safari.name, status: toAdminSafari(safari).status, upcoming_seats: upcoming.seats, upcoming_days: upcoming.days },
        next30,
      };
    }),
  );
  return {
    total: all.length,
    active: all.filter((safari) => safari.is_active).length,
    inactive: all.filter((safari) => !safari.is_active).length,
    seats_next_30_days: rows.reduce((sum, entry) => sum + entry.next30, 0),
    safaris: rows.map((entry) => entry.row).sort((a, b) => b.upcoming_seats - a.upcoming_seats || a.name.localeCompare(b.name)),
  };
}
