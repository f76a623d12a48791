import { HAS_UPCOMING_BOOKINGS, slugOf } from '../../../shared/admin-catalogue.ts';
import {
  packageGuestRangeProblem,
  toAdminPackage,
  toStoredPackage,
  type AdminPackage,
  type PackageInput,
  type PackageStats,
} from '../../../shared/admin-catalogue-packages.ts';
import type { StayPackage } from '../../../shared/catalog.ts';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';
import type { Principal } from '../auth.ts';
import { auditWrite } from '../db/audit.ts';
import { cottages, stayPackages } from '../db/catalog.ts';
import { packageWrites } from '../db/catalog-writes.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain-errors.ts';
import { dailyCounterTotals, upcomingBookingsPerPackage } from './upcoming.ts';

/** Stay packages for staff: conditioned writes with their audit entry, and no delete while guests are coming on one. */

const subject = (stayPackage: Pick<StayPackage, 'id' | 'name'>) => ({ entity: 'package', id: stayPackage.id, label: stayPackage.name });
const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

async function existing(id: string): Promise<StayPackage> {
  const stayPackage = ID.test(id) ? await stayPackages.get(id) : undefined;
  if (!stayPackage) throw new NotFoundError(`Package '${id}' was not found`);
  return stayPackage;
}

function checked(stayPackage: StayPackage): StayPackage {
  const problem = packageGuestRangeProblem(stayPackage);
  if (problem) throw new InvalidInputError(problem, { details: { max_guests: [problem] } });
  return stayPackage;
}

/** Every package, active or not, by name. */
export async function listAdminPackages(): Promise<AdminPackage[]> {
  return (await stayPackages.list()).sort((a, b) => a.name.localeCompare(b.name)).map(toAdminPackage);
}

export async function createPackage(input: PackageInput, actor: Principal, now = Date.now()): Promise<AdminPackage> {
  const stayPackage = checked(toStoredPackage(input, { id: slugOf(input.name) }));
  try {
    await transact([
      packageWrites.createWrite(stayPackage),
      auditWrite({ actor, action: 'package.create', subject: subject(stayPackage), after: stayPackage, at: new Date(now).toISOString() }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused)
      throw new ConflictError(`A package with the id '${stayPackage.id}' already exists. Please choose another name.`, {
        details: {
          name: ['A package with this name already exists'],
        },
      });
    throw error;
  }
  return toAdminPackage(stayPackage);
}

export async function updatePackage(id: string, input: PackageInput, actor: Principal, now = Date.now()): Promise<AdminPackage> {
  const before = await existing(id);
  const after = checked(toStoredPackage(input, { id, existing: before }));
  try {
    await transact([
      packageWrites.replaceWrite(after),
      auditWrite({ actor, action: 'package.update', subject: subject(after), before, after, at: new Date(now).toISOString() }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused) throw new NotFoundError(`Package '${id}' was not found`);
    throw error;
  }
  return toAdminPackage(after);
}

const upcomingOf = async (id: string, now: number) =>
  (
    await upcomingBookingsPerPackage(
      (await cottages.list()).map((cottage) => cottage.id),
      resortToday(new Date(now)),
      now,
    )
  ).get(id) ?? 0;

export async function deletePackage(id: string, actor: Principal, now = Date.now()): Promise<{ id: string; deleted: true }> {
  const before = await existing(id);
  const upcoming = await upcomingOf(id, now);
  if (upcoming > 0)
    throw new ConflictError(`${before.name} has ${plural(upcoming, 'upcoming booking')}. Set it to inactive instead, so no new guest can book it.`, {
      extra: {
        code: HAS_UPCOMING_BOOKINGS,
        upcoming_bookings: upcoming,
      },
    });
  try {
    await transact([
      packageWrites.deleteWrite(id),
      auditWrite({ actor, action: 'package.delete', subject: subject(before), before, at: new Date(now).toISOString() }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused) throw new NotFoundError(`Package '${id}' was not found`);
    throw error;
  }
  return { id, deleted: true };
}

/** Counts, take-up over the last 30 days (the daily report counters) and upcoming bookings per package. */
export async function packageStats(now = Date.now()): Promise<PackageStats> {
  const today = resortToday(new Date(now));
  const [all, units] = await Promise.all([stayPackages.list(), cottages.list()]);
  const [counters, upcoming] = await Promise.all([
    dailyCounterTotals(addDaysIso(today, -29), today),
    upcomingBookingsPerPackage(
      units.map((unit) => unit.id),
      today,
      now,
    ),
  ]);
  const packages = all
    .map((stayPackage) => ({
      id: stayPackage.id,
      name: stayPackage.name,
      status: toAdminPackage(stayPackage).status,
      bookings_last_30_days: counters[`package#${stayPackage.id}`] ?? 0,
      upcoming_bookings: upcoming.get(stayPackage.id) ?? 0,
    }))
    .sort((a, b) => b.bookings_last_30_days - a.bookings_last_30_days || a.name.localeCompare(b.name));
  return {
    total: all.length,
    active: all.filter((stayPackage) => stayPackage.is_active).length,
    inactive: all.filter((stayPackage) => !stayPackage.is_active).length,
    with_safari: all.filter((stayPackage) => stayPackage.includes_safari).length,
    bookings_last_30_days: packages.reduce((sum, entry) => sum + entry.bookings_last_30_days, 0),
    packages,
  };
}
