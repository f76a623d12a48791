import type { Cottage, StayType } from '../../../shared/catalogue.ts';
import { cottages, stayTypes, unitsOfType } from '../db/catalogue.ts';
import { isBookableCottage } from '../listing-rules.ts';

/*
 * What guests book (docs/product.md#the-resort-and-its-catalogue): a kind of stay (villa type),
 * not a unit. A kind is offered while it is active and has a bookable unit; the availability and
 * booking routes take a kind's id or one unit's. Guests see a unit through its kind: the kind's
 * card (name, description, size, amenities, images) and price, and the unit's own capacity, at
 * most its kind's.
 */

/** A kind of stay and its bookable units, by id (the order rooms are given out in). */
export type Stay = { type: StayType; units: [Cottage, ...Cottage[]] };

export const isOfferedType = (type: StayType | undefined): type is StayType => type?.status === 'active';

/** A unit as guests see it: its kind's card and price, its own id and capacity (at most its kind's). */
export function asGuestUnit(type: StayType, unit: Cottage): Cottage {
  return {
    ...unit,
    name: type.name,
    description: type.description,
    base_price: type.base_price,
    max_guests: Math.min(unit.max_guests, type.max_guests),
    size_sqft: type.size_sqft,
    amenities: type.amenities,
    images: type.images,
  };
}

function stayOf(type: StayType, all: readonly Cottage[]): Stay | undefined {
  const units = all
    .filter((unit) => unit.type === type.id && isBookableCottage(unit))
    .sort((a, b) => a.id.localeCompare(b.id))
    .map((unit) => asGuestUnit(type, unit));
  const [first, ...rest] = units;
  return first ? { type, units: [first, ...rest] } : undefined;
}

/** Every kind guests can book now, with its bookable units. */
export async function offeredStays(): Promise<Stay[]> {
  const [types, units] = await Promise.all([stayTypes.list(), cottages.list()]);
  return types.filter(isOfferedType).flatMap((type) => stayOf(type, units) ?? []);
}

/** The kind `idOrUnit` names (a kind's id, or one unit's: then that unit alone), if guests can book it now. */
export async function offeredStay(idOrUnit: string): Promise<Stay | undefined> {
  // Either a type with its units, or a unit: all three asked at once, so a unit costs one more read (its type), not two.
  const [type, units, unit] = await Promise.all([stayTypes.get(idOrUnit), unitsOfType(idOrUnit), cottages.get(idOrUnit)]);
  if (type) return isOfferedType(type) ? stayOf(type, units) : undefined;
  const ofUnit = unit ? await stayTypes.get(unit.type) : undefined;
  return isOfferedType(ofUnit) && unit ? stayOf(ofUnit, [unit]) : undefined;
}

/** The most guests one room of the kind takes: its largest bookable unit's. */
export const mostPerRoom = (stay: Stay): number => Math.max(...stay.units.map((unit) => unit.max_guests));

/** A kind's card on the guest site: its first unit as the kind, for as many guests as its largest unit takes. */
export const stayCard = (stay: Stay): Cottage => ({ ...stay.units[0], max_guests: mostPerRoom(stay) });

/**
 * The units `rooms` rooms of a party of `guests` get among `free` ones, or undefined when they
 * cannot hold the party: the largest first (by id among equals), so a small unit never takes a
 * room a party needs more beds in.
 */
export function roomsFor(free: readonly Cottage[], rooms: number, guests: number): Cottage[] | undefined {
  const chosen = [...free].sort((a, b) => b.max_guests - a.max_guests || a.id.localeCompare(b.id)).slice(0, rooms);
  const beds = chosen.reduce((sum, unit) => sum + unit.max_guests, 0);
  return chosen.length === rooms && beds >= guests ? chosen : undefined;
}
