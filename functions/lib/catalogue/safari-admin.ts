import { HAS_UPCOMING_BOOKINGS, slugOf } from '../../../shared/admin-catalogue.ts';
import { toAdminSafari, toStoredSafari, type AdminSafari, type SafariInput, type SafariStats } from '../../../shared/admin-catalogue-safaris.ts';
import type { Safari } from '../../../shared/catalog.ts';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';
import type { Principal } from '../auth.ts';
import { auditWrite } from '../db/audit.ts';
import { safaris } from '../db/catalog.ts';
import { safariWrites } from '../db/catalog-writes.ts';
import { bookedSeats } from '../db/inventory.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';
import { upcomingSeats } from './upcoming.ts';

/** Safaris for staff: conditioned writes with their audit entry, and no delete while seats are sold on a coming day. */

const subject = (safari: Pick<Safari, 'id' | 'name'>) => ({ entity: 'safari', id: safari.id, label: safari.name });
const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

async function existing(id: string): Promise<Safari> {
  const safari = ID.test(id) ? await safaris.get(id) : undefined;
  if (!safari) throw new NotFoundError(`Safari '${id}' was not found`);
  return safari;
}

/** Every safari, active or not, through the day. */
export async function listAdminSafaris(): Promise<AdminSafari[]> {
  return (await safaris.list()).map(toAdminSafari).sort((a, b) => a.start_time.localeCompare(b.start_time) || a.name.localeCompare(b.name));
}

export async function createSafari(input: SafariInput, actor: Principal, now = Date.now()): Promise<AdminSafari> {
  const safari = toStoredSafari(input, { id: slugOf(input.name) });
  try {
    await transact([
      safariWrites.createWrite(safari),
      auditWrite({ actor, action: 'safari.create', subject: subject(safari), after: safari, at: new Date(now).toISOString() }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused)
      throw new ConflictError(`A safari with the id '${safari.id}' already exists. Please choose another name.`, {
        details: { name: ['A safari with this name already exists'] },
      });
    throw error;
  }
  return toAdminSafari(safari);
}

export async function updateSafari(id: string, input: SafariInput, actor: Principal, now = Date.now()): Promise<AdminSafari> {
  const before = await existing(id);
  const after = toStoredSafari(input, { id, existing: before });
  // A slot that guests hold seats on cannot disappear from under them.
  const dropped = before.time_slots.filter((slot) => !after.time_slots.includes(slot));
  if (dropped.length) {
    const today = resortToday(new Date(now));
    const booked = await bookedSeats(id, today, addDaysIso(today, 400));
    const held = [...booked.values()].some((slots) => dropped.some((slot) => (slots.get(slot) ?? 0) > 0));
    if (held)
      throw new ConflictError(`Guests hold seats on ${before.name} at ${dropped.join(', ')}: keep that time, or add the new one as another safari.`, {
        details: {
          start_time: ['Guests hold seats at the current time'],
        },
      });
  }
  try {
    await transact([
      safariWrites.replaceWrite(after),
      auditWrite({ actor, action: 'safari.update', subject: subject(after), before, after, at: new Date(now).toISOString() }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused) throw new NotFoundError(`Safari '${id}' was not found`);
    throw error;
  }
  return toAdminSafari(after);
}

export async function deleteSafari(id: string, actor: Principal, now = Date.now()): Promise<{ id: string; deleted: true }> {
  const before = await existing(id);
  const upcoming = await upcomingSeats(id, resortToday(new Date(now)));
  if (upcoming.seats > 0)
    throw new ConflictError(
      `${before.name} has ${plural(upcoming.seats, 'seat')} booked on ${plural(upcoming.days, 'upcoming day')}. Set it to inactive instead, so no new guest can book it.`,
      { extra: { code: HAS_UPCOMING_BOOKINGS, upcoming_seats: upcoming.seats } },
    );
  try {
    await transact([
      safariWrites.deleteWrite(id),
      auditWrite({ actor, action: 'safari.delete', subject: subject(before), before, at: new Date(now).toISOString() }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused) throw new NotFoundError(`Safari '${id}' was not found`);
    throw error;
  }
  return { id, deleted: true };
}

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
