import { stayKindLabels } from '../../../shared/admin-catalogue.ts';
import { cottageIdOf, toAdminCottage, toStoredCottage, type AdminCottage, type CottageInput } from '../../../shared/admin-catalogue-cottages.ts';
import type { Cottage } from '../../../shared/catalogue.ts';
import { resortToday } from '../../../shared/stay.ts';
import type { Principal } from '../auth.ts';
import { auditWrite } from '../db/audit.ts';
import { cottages } from '../db/catalogue.ts';
import { statusWrite } from '../db/catalogue-writer.ts';
import { cottageItem, cottagePriceWrite, cottageStore } from '../db/cottage-writes.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';
import {
  deleteRefusal,
  findCatalogueItem,
  plural,
  subjectOf,
  type CatalogueCreate,
  type CatalogueKind,
  type CatalogueList,
  type CatalogueUpdate,
  type GuardDelete,
} from './catalogue-admin.ts';
import { unitBookingCounts, upcomingBookingsOfUnits } from './upcoming.ts';

/*
 * Cottages for staff (docs/product.md#cottages-tab). A cottage is one unit of a kind of stay:
 * adding one of a kind adds a unit guests can book (availability counts the kind's active units),
 * setting it inactive or under maintenance retires it (no new booking lands on it; the bookings it
 * has keep their nights). Guests book a kind of stay at one price, so its units share their
 * nightly price: a price set on one unit is set on every unit of its kind, in the same transaction.
 */

const OTHERS_CHANGED = 'Another unit of this villa type changed meanwhile. Please try again.';

/** The other units of a kind whose price differs: they follow the new price. */
function siblingPriceChanges(all: Cottage[], unit: Pick<Cottage, 'id' | 'type'>, basePrice: number, actor: Principal, at: string) {
  return all
    .filter((other) => other.type === unit.type && other.id !== unit.id && other.base_price !== basePrice)
    .flatMap((other) => [
      cottagePriceWrite(other.id, basePrice),
      auditWrite({
        actor,
        action: 'cottage.price',
        subject: subjectOf(cottageKind, other),
        before: { base_price: other.base_price },
        after: { base_price: basePrice },
        note: `The units of ${stayKindLabels[other.type]} share one price (set on ${unit.id})`,
        at,
      }),
    ]);
}

const upcomingOf = async (id: string, now: number) => (await upcomingBookingsOfUnits([id], resortToday(new Date(now)), now)).get(id)?.size ?? 0;

/** Units as the admin list shows them: each with its upcoming bookings (confirmed / all). */
async function cottagesWithBookings(items: Cottage[], now: number) {
  const counts = await unitBookingCounts(
    items.map((cottage) => cottage.id),
    resortToday(new Date(now)),
    now,
  );
  return (cottage: Cottage) => toAdminCottage(cottage, counts.get(cottage.id));
}

const oneWithBookings = async (cottage: Cottage, now: number) => (await cottagesWithBookings([cottage], now))(cottage);

const refuseDelete = (before: Cottage, upcoming: number) =>
  deleteRefusal(`${before.name} has ${plural(upcoming, 'upcoming booking')}. Set it to inactive instead, so no new guest can book it.`, {
    upcoming_bookings: upcoming,
  });

export const cottageKind: CatalogueKind<Cottage> = { label: 'Cottage', items: cottages, store: cottageStore };

/** A new unit takes its size and images from another unit of its kind, and its price is the kind's; it has no bookings yet. */
export const cottageCreate: CatalogueCreate<Cottage, CottageInput, AdminCottage> = {
  async plan(input, actor, at) {
    const all = await cottages.list();
    const item = toStoredCottage(input, { id: cottageIdOf(input.name), sibling: all.find((other) => other.type === input.type) });
    return { item, companions: siblingPriceChanges(all, item, item.base_price, actor, at) };
  },
  toItem: cottageItem,
  companionsChanged: OTHERS_CHANGED,
  toAdmin: (cottage) => toAdminCottage(cottage),
};

/** A unit guests are coming to keeps its kind until they have been; a new price is its kind's. */
export const cottageUpdate: CatalogueUpdate<Cottage, CottageInput, AdminCottage> = {
  async plan(input, before, actor, at, now) {
    const item = toStoredCottage(input, { id: before.id, existing: before });
    if (item.type !== before.type) {
      const upcoming = await upcomingOf(before.id, now);
      if (upcoming > 0)
        throw new ConflictError(
          `${before.name} has ${plural(upcoming, 'upcoming booking')} as a ${stayKindLabels[before.type]}: its villa type cannot change until they are over.`,
          { details: { type: ['The villa type cannot change while the cottage has upcoming bookings'] } },
        );
    }
    const companions = item.base_price !== before.base_price ? siblingPriceChanges(await cottages.list(), item, item.base_price, actor, at) : [];
    return { item, companions };
  },
  toItem: cottageItem,
  companionsChanged: OTHERS_CHANGED,
  present: cottagesWithBookings,
};

/** Every unit with its upcoming bookings, by kind of stay, then name. */
export const cottageList: CatalogueList<Cottage, AdminCottage> = {
  present: cottagesWithBookings,
  order: (a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name, 'en', { numeric: true }),
};

/** No delete while guests are coming to the unit: deactivation keeps their bookings and takes no new ones. */
export const guardCottageDelete: GuardDelete<Cottage> = async (before, now) => {
  const first = await upcomingOf(before.id, now);
  if (first > 0) throw refuseDelete(before, first);
  // A booking checks in its own transaction that its unit is still active (unitStillOffered): once
  // the unit is taken off sale no new booking can land on it, so the second look at its nights is
  // final. Without the first step a booking committed between that look and the delete would be
  // left on a deleted unit.
  const offSale = before.status === 'active';
  if (offSale) await transact([statusWrite(cottageStore, before.id, 'inactive', 'active')]).catch(() => undefined);
  const second = await upcomingOf(before.id, now);
  if (second > 0) {
    if (offSale) await transact([statusWrite(cottageStore, before.id, 'active', 'inactive')]).catch(() => undefined);
    throw refuseDelete(before, second);
  }
};

/** The nightly price of a unit's kind of stay: set on the unit and every other unit of its kind. */
export async function setCottagePrice(id: string, basePrice: number, actor: Principal, now = Date.now()): Promise<AdminCottage> {
  const before = await findCatalogueItem(cottageKind, id);
  const at = new Date(now).toISOString();
  const after = { ...before, base_price: basePrice };
  const writes = [
    cottagePriceWrite(id, basePrice),
    auditWrite({
      actor,
      action: 'cottage.price',
      subject: subjectOf(cottageKind, before),
      before: { base_price: before.base_price },
      after: { base_price: basePrice },
      at,
    }),
    ...siblingPriceChanges(await cottages.list(), before, basePrice, actor, at),
  ];
  if (before.base_price === basePrice && writes.length === 2) return oneWithBookings(before, now);
  try {
    await transact(writes);
  } catch (error) {
    if (error instanceof TransactionRefused && error.failed.includes(0)) throw new NotFoundError(`Cottage '${id}' was not found`);
    if (error instanceof TransactionRefused) throw new ConflictError(OTHERS_CHANGED);
    throw error;
  }
  return oneWithBookings(after, now);
}
