import {
  cottageIdOf,
  toAdminCottage,
  toStoredCottage,
  unknownTypeMessage,
  type AdminCottage,
  type CottageInput,
} from '../../../shared/admin-catalogue-cottages.ts';
import { toStoredStayType } from '../../../shared/admin-catalogue-stay-types.ts';
import type { Cottage, StayType } from '../../../shared/catalogue.ts';
import { resortToday } from '../../../shared/stay.ts';
import type { Principal } from '../auth.ts';
import { auditWrite } from '../db/audit.ts';
import { cottages, stayTypes } from '../db/catalogue.ts';
import { createWrite, statusWrite } from '../db/catalogue-writer.ts';
import { cottageItem, cottagePriceWrite, cottageStore } from '../db/cottage-writes.ts';
import { stayTypeItem } from '../db/stay-type-writes.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain-errors.ts';
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
import { followingPrice, newStayTypeId, OTHERS_CHANGED, stayTypeKind } from './stay-type-admin.ts';
import { unitBookingCounts, upcomingBookingsOfUnits } from './upcoming.ts';

/*
 * Cottages for staff (docs/product.md#cottages-tab). A cottage is one unit of a kind of stay (a
 * villa type, stay-type-admin.ts): adding one adds a unit guests can book (availability counts the
 * type's active units), setting it inactive or under maintenance retires it (no new booking lands
 * on it; the bookings it has keep their nights). The spec's payload without a `type` makes a new
 * villa type with this one unit, from the same fields. Guests book a type at one price, so its units
 * share their type's nightly price: a price set on one unit is set on its type and every other unit,
 * in the same transaction. A unit takes at most its type's capacity.
 */

/** The villa type a body names (as read), or a 400 on `type` when there is none. */
function namedType(type: StayType | undefined): StayType {
  if (!type) throw new InvalidInputError(unknownTypeMessage, { details: { type: [unknownTypeMessage] } });
  return type;
}

/** A unit takes at most its type's guests. */
function checkCapacity(unit: Cottage, type: StayType): void {
  if (unit.max_guests <= type.max_guests) return;
  const message = `A unit of ${type.name} takes at most ${type.max_guests} guests (the villa type's capacity)`;
  throw new InvalidInputError(message, { details: { capacity: [message] } });
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

/**
 * With `type`, a new unit of it (its size and images the type's unless given, its price the
 * type's: a different one is set on the type and all its units). Without, a new villa type made
 * from the body, with this one unit.
 */
export const cottageCreate: CatalogueCreate<Cottage, CottageInput, AdminCottage> = {
  async plan(input, actor, at) {
    if (input.type === undefined) {
      const type = toStoredStayType({ ...input, status: 'active' }, { id: await newStayTypeId(input.name) });
      const item = toStoredCottage(input, { id: `${type.id}-1`, type });
      return {
        item,
        companions: [
          createWrite(stayTypeItem(type)),
          auditWrite({ actor, action: 'stay-type.create', subject: subjectOf(stayTypeKind, type), after: type, at }),
        ],
      };
    }
    const [types, units] = await Promise.all([stayTypes.list(), cottages.list()]);
    const type = namedType(types.find((candidate) => candidate.id === input.type));
    const item = toStoredCottage(input, { id: cottageIdOf(input.name, new Set(types.map((other) => other.id))), type });
    checkCapacity(item, type);
    return { item, companions: followingPrice(type, units, item.base_price, { actor, at, setOn: { entity: 'cottage', id: item.id } }) };
  },
  toItem: cottageItem,
  companionsChanged: OTHERS_CHANGED,
  toAdmin: (cottage) => toAdminCottage(cottage),
};

/** A unit guests are coming to keeps its type until they have been; a new price is its type's. */
export const cottageUpdate: CatalogueUpdate<Cottage, CottageInput, AdminCottage> = {
  async plan(input, before, actor, at, now) {
    const type = namedType(await stayTypes.get(input.type ?? before.type));
    const item = toStoredCottage(input, { id: before.id, type, existing: before });
    checkCapacity(item, type);
    if (item.type !== before.type) {
      const upcoming = await upcomingOf(before.id, now);
      if (upcoming > 0) {
        const was = (await stayTypes.get(before.type))?.name ?? before.type;
        throw new ConflictError(`${before.name} has ${plural(upcoming, 'upcoming booking')} as a ${was}: its villa type cannot change until they are over.`, {
          details: { type: ['The villa type cannot change while the cottage has upcoming bookings'] },
        });
      }
    }
    const companions =
      item.base_price !== type.base_price || item.type !== before.type
        ? followingPrice(type, await cottages.list(), item.base_price, { actor, at, setOn: { entity: 'cottage', id: item.id } })
        : [];
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

/** The nightly price of a unit's villa type: set on the unit, its type and every other unit of it. */
export async function setCottagePrice(id: string, basePrice: number, actor: Principal, now = Date.now()): Promise<AdminCottage> {
  const before = await findCatalogueItem(cottageKind, id);
  const at = new Date(now).toISOString();
  const after = { ...before, base_price: basePrice };
  const [type, units] = await Promise.all([stayTypes.get(before.type), cottages.list()]);
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
    ...(type ? followingPrice(type, units, basePrice, { actor, at, setOn: { entity: 'cottage', id } }) : []),
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
