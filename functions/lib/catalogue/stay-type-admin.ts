import { toAdminStayType, toStoredStayType, type AdminStayType, type StayTypeInput } from '../../../shared/admin-catalogue-stay-types.ts';
import { slugOf } from '../../../shared/admin-catalogue.ts';
import type { Cottage, StayType } from '../../../shared/catalogue.ts';
import type { Principal } from '../auth.ts';
import { auditWrite } from '../db/audit.ts';
import { cottages, stayTypes } from '../db/catalogue.ts';
import type { TransactItem } from '../db/catalogue-writer.ts';
import { basePriceWrite, cottageStore } from '../db/cottage-writes.ts';
import { stayTypeItem, stayTypeStore } from '../db/stay-type-writes.ts';
import { ConflictError } from '../domain-errors.ts';
import { subjectOf, type CatalogueCreate, type CatalogueKind, type CatalogueList, type CatalogueUpdate, type PresentAll } from './catalogue-admin.ts';

/*
 * Villa types for staff (docs/product.md#villa-types-tab): a kind of stay guests choose, with its
 * card and the one nightly price its units share. Retiring one (status 'retired') takes it off sale
 * at once (a booking checks in its transaction that its type is still active); its units and the
 * bookings they have stay. A type's id is its name's slug and is never a unit's id, as the
 * availability routes take either.
 */

export const stayTypeKind: CatalogueKind<StayType> = { label: 'Villa type', items: stayTypes, store: stayTypeStore };

export const OTHERS_CHANGED = 'Another unit of this villa type changed meanwhile. Please try again.';

/**
 * What a new nightly price of a type writes besides the item it is set on (`setOn`): the type
 * and every unit of it whose price differs, each with its audit entry, in the same transaction.
 */
export function followingPrice(
  type: StayType,
  units: readonly Cottage[],
  basePrice: number,
  context: { actor: Principal; at: string; setOn: { entity: 'stay-type' | 'cottage'; id: string } },
): TransactItem[] {
  const { actor, at, setOn } = context;
  const note = `The units of ${type.name} share one price (set on ${setOn.id})`;
  const typeWrites =
    setOn.entity !== 'stay-type' && type.base_price !== basePrice
      ? [
          basePriceWrite(stayTypeStore, type.id, basePrice),
          auditWrite({
            actor,
            action: 'stay-type.price',
            subject: subjectOf(stayTypeKind, type),
            before: { base_price: type.base_price },
            after: { base_price: basePrice },
            note,
            at,
          }),
        ]
      : [];
  const unitWrites = units
    .filter((unit) => unit.type === type.id && !(setOn.entity === 'cottage' && unit.id === setOn.id) && unit.base_price !== basePrice)
    .flatMap((unit) => [
      basePriceWrite(cottageStore, unit.id, basePrice),
      auditWrite({
        actor,
        action: 'cottage.price',
        subject: { entity: 'cottage', id: unit.id, label: unit.name },
        before: { base_price: unit.base_price },
        after: { base_price: basePrice },
        note,
        at,
      }),
    ]);
  return [...typeWrites, ...unitWrites];
}

/** A type's id: its name's slug, refused (409) when a type or a unit has it. */
export async function newStayTypeId(name: string): Promise<string> {
  const id = slugOf(name);
  const [type, unit] = await Promise.all([stayTypes.get(id), cottages.get(id)]);
  if (type || unit)
    throw new ConflictError(
      type
        ? `A villa type named '${type.name}' already exists. Add a unit to it, or choose another name.`
        : `A cottage already has the id '${id}'. Please choose another name.`,
      { details: { name: ['A villa type or cottage with this name already exists'] } },
    );
  return id;
}

/** Types as the portal lists them: each with its units (all / active). */
const withUnits: PresentAll<StayType, AdminStayType> = async () => {
  const units = await cottages.list();
  return (type) => {
    const own = units.filter((unit) => unit.type === type.id);
    return toAdminStayType(type, { all: own.length, active: own.filter((unit) => unit.status === 'active').length });
  };
};

export const stayTypeCreate: CatalogueCreate<StayType, StayTypeInput, AdminStayType> = {
  async plan(input) {
    return { item: toStoredStayType(input, { id: await newStayTypeId(input.name) }) };
  },
  toItem: stayTypeItem,
  toAdmin: (type) => toAdminStayType(type),
};

/** A new price is every unit's, in the same transaction; a smaller capacity is refused while a unit takes more. */
export const stayTypeUpdate: CatalogueUpdate<StayType, StayTypeInput, AdminStayType> = {
  async plan(input, before, actor, at) {
    const item = toStoredStayType(input, { id: before.id, existing: before });
    const units = await cottages.list();
    const larger = units.filter((unit) => unit.type === before.id && unit.max_guests > item.max_guests);
    if (larger.length)
      throw new ConflictError(
        `${larger.map((unit) => unit.name).join(', ')} ${larger.length === 1 ? 'takes' : 'take'} more than ${item.max_guests} guests: lower ${larger.length === 1 ? 'its' : 'their'} capacity first.`,
        { details: { capacity: [`A unit of this type takes up to ${Math.max(...larger.map((unit) => unit.max_guests))} guests`] } },
      );
    const companions =
      item.base_price !== before.base_price ? followingPrice(before, units, item.base_price, { actor, at, setOn: { entity: 'stay-type', id: before.id } }) : [];
    return { item, companions };
  },
  toItem: stayTypeItem,
  companionsChanged: OTHERS_CHANGED,
  present: withUnits,
};

/** Every type, offered or retired: offered first, then by name. */
export const stayTypeList: CatalogueList<StayType, AdminStayType> = {
  present: withUnits,
  order: (a, b) => a.status.localeCompare(b.status) || a.name.localeCompare(b.name),
};
