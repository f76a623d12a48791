import { slugOf } from '../../../shared/admin-catalogue.ts';
import {
  packageGuestRangeProblem,
  toAdminPackage,
  toStoredPackage,
  type AdminPackage,
  type PackageInput,
  type PackageStats,
} from '../../../shared/admin-catalogue-packages.ts';
import type { StayPackage } from '../../../shared/catalogue.ts';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';
import { cottages, stayPackages } from '../db/catalogue.ts';
import { packageItem, packageStore } from '../db/package-writes.ts';
import { InvalidInputError } from '../domain-errors.ts';
import {
  deleteRefusal,
  plural,
  type CatalogueCreate,
  type CatalogueKind,
  type CatalogueList,
  type CatalogueUpdate,
  type GuardDelete,
} from './catalogue-admin.ts';
import { dailyCounterTotals, upcomingBookingsPerPackage } from './upcoming.ts';

/** Stay packages for staff (docs/product.md#packages-tab): no delete while guests are coming on one. */

function checked(stayPackage: StayPackage): StayPackage {
  const problem = packageGuestRangeProblem(stayPackage);
  if (problem) throw new InvalidInputError(problem, { details: { max_guests: [problem] } });
  return stayPackage;
}

const upcomingOf = async (id: string, now: number) =>
  (
    await upcomingBookingsPerPackage(
      (await cottages.list()).map((cottage) => cottage.id),
      resortToday(new Date(now)),
      now,
    )
  ).get(id) ?? 0;

export const packageKind: CatalogueKind<StayPackage> = { label: 'Package', items: stayPackages, store: packageStore };

export const packageCreate: CatalogueCreate<StayPackage, PackageInput, AdminPackage> = {
  plan: async (input) => ({ item: checked(toStoredPackage(input, { id: slugOf(input.name) })) }),
  toItem: packageItem,
  toAdmin: toAdminPackage,
};

/** What the body leaves out keeps its value. */
export const packageUpdate: CatalogueUpdate<StayPackage, PackageInput, AdminPackage> = {
  plan: async (input, before) => ({ item: checked(toStoredPackage(input, { id: before.id, existing: before })) }),
  toItem: packageItem,
  present: async () => toAdminPackage,
};

export const packageList: CatalogueList<StayPackage, AdminPackage> = {
  present: async () => toAdminPackage,
  order: (a, b) => a.name.localeCompare(b.name),
};

export const guardPackageDelete: GuardDelete<StayPackage> = async (before, now) => {
  const upcoming = await upcomingOf(before.id, now);
  if (upcoming > 0)
    throw deleteRefusal(`${before.name} has ${plural(upcoming, 'upcoming booking')}. Set it to inactive instead, so no new guest can book it.`, {
      upcoming_bookings: upcoming,
    });
};

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
