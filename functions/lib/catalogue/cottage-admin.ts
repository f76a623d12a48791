import { HAS_UPCOMING_BOOKINGS, villaTypeLabels } from '../../../shared/admin-catalogue.ts';
import { cottageIdOf, toAdminCottage, toStoredCottage, type AdminCottage, type CottageInput } from '../../../shared/admin-catalogue-cottages.ts';
import type { Cottage } from '../../../shared/catalog.ts';
import { resortToday } from '../../../shared/stay.ts';
import type { Principal } from '../auth.ts';
import { auditWrite } from '../db/audit.ts';
import { cottages } from '../db/catalog.ts';
import { cottagePriceWrite, cottageWrites } from '../db/catalog-writes.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';
import { unitBookingCounts, upcomingBookingsOfUnits } from './upcoming.ts';

/*
 * Cottages for staff. A cottage is one unit of a villa type: adding one of a type adds a unit
 * guests can book (availability counts the type's active units), setting it inactive or under
 * maintenance retires it (no new booking lands on it; the bookings it has keep their nights).
 * Guests book a villa type at one price, so the units of a type share their nightly price: a
 * price set on one unit is set on every unit of its type, in the same transaction.
 */

const subject = (cottage: Pick<Cottage, 'id' | 'name'>) => ({ entity: 'cottage', id: cottage.id, label: cottage.name });

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

async function existing(id: string): Promise<Cottage> {
  const cottage = ID.test(id) ? await cottages.get(id) : undefined;
  if (!cottage) throw new NotFoundError(`Cottage '${id}' was not found`);
  return cottage;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The other units of a type whose price differs: they follow the new price. */
function siblingPriceChanges(all: Cottage[], unit: Pick<Cottage, 'id' | 'type'>, basePrice: number, actor: Principal, at: string) {
  return all
    .filter((other) => other.type === unit.type && other.id !== unit.id && other.base_price !== basePrice)
    .flatMap((other) => [
      cottagePriceWrite(other.id, basePrice),
      auditWrite({
        actor,
        action: 'cottage.price',
        subject: subject(other),
        before: { base_price: other.base_price },
        after: { base_price: basePrice },
        note: `The units of ${villaTypeLabels[other.type]} share one price (set on ${unit.id})`,
        at,
      }),
    ]);
}

/** Every unit, each with its upcoming bookings (confirmed / all), by type then name. */
export async function listAdminCottages(now = Date.now()): Promise<AdminCottage[]> {
  const all = await cottages.list();
  const counts = await unitBookingCounts(
    all.map((cottage) => cottage.id),
    resortToday(new Date(now)),
    now,
  );
  return all
    .sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name, 'en', { numeric: true }))
    .map((cottage) => toAdminCottage(cottage, counts.get(cottage.id)));
}

const withCounts = async (cottage: Cottage, now: number) =>
  toAdminCottage(cottage, (await unitBookingCounts([cottage.id], resortToday(new Date(now)), now)).get(cottage.id));

export async function createCottage(input: CottageInput, actor: Principal, now = Date.now()): Promise<AdminCottage> {
  const id = cottageIdOf(input.name);
  const all = await cottages.list();
  const cottage = toStoredCottage(input, { id, sibling: all.find((other) => other.type === input.type) });
  const at = new Date(now).toISOString();
  const siblings = siblingPriceChanges(all, cottage, cottage.base_price, actor, at);
  try {
    await transact([
      cottageWrites.createWrite(cottage),
      auditWrite({ actor, action: 'cottage.create', subject: subject(cottage), after: cottage, at }),
      ...siblings,
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused && error.failed.includes(0))
      throw new ConflictError(`A cottage with the id '${id}' already exists. Please choose another name.`, {
        details: { name: ['A cottage with this name already exists'] },
      });
    if (error instanceof TransactionRefused) throw new ConflictError('Another unit of this villa type changed meanwhile. Please try again.');
    throw error;
  }
  return toAdminCottage(cottage);
}

export async function updateCottage(id: string, input: CottageInput, actor: Principal, now = Date.now()): Promise<AdminCottage> {
  const before = await existing(id);
  const after = toStoredCottage(input, { id, existing: before });
  if (after.type !== before.type) {
    const upcoming = (await upcomingBookingsOfUnits([id], resortToday(new Date(now)), now)).get(id)?.size ?? 0;
    if (upcoming > 0)
      throw new ConflictError(
        `${before.name} has ${plural(upcoming, 'upcoming booking')} as a ${villaTypeLabels[before.type]}: its villa type cannot change until they are over.`,
        { details: { type: ['The villa type cannot change while the cottage has upcoming bookings'] } },
      );
  }
  const at = new Date(now).toISOString();
  const siblings = after.base_price !== before.base_price ? siblingPriceChanges(await cottages.list(), after, after.base_price, actor, at) : [];
  try {
    await transact([
      cottageWrites.replaceWrite(after),
      auditWrite({ actor, action: 'cottage.update', subject: subject(after), before, after, at }),
      ...siblings,
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused && error.failed.includes(0)) throw new NotFoundError(`Cottage '${id}' was not found`);
    if (error instanceof TransactionRefused) throw new ConflictError('Another unit of this villa type changed meanwhile. Please try again.');
    throw error;
  }
  return withCounts(after, now);
}

export async function setCottagePrice(id: string, basePrice: number, actor: Principal, now = Date.now()): Promise<AdminCottage> {
  const before = await existing(id);
  const at = new Date(now).toISOString();
  const after = { ...before, base_price: basePrice };
  const writes = [
    cottagePriceWrite(id, basePrice),
    auditWrite({ actor, action: 'cottage.price', subject: subject(before), before: { base_price: before.base_price }, after: { base_price: basePrice }, at }),
    ...siblingPriceChanges(await cottages.list(), before, basePrice, actor, at),
  ];
  if (before.base_price === basePrice && writes.length === 2) return withCounts(before, now);
  try {
    await transact(writes);
  } catch (error) {
    if (error instanceof TransactionRefused && error.failed.includes(0)) throw new NotFoundError(`Cottage '${id}' was not found`);
    if (error instanceof TransactionRefused) throw new ConflictError('Another unit of this villa type changed meanwhile. Please try again.');
    throw error;
  }
  return withCounts(after, now);
}

/**
 * Deletes a unit that no guest is coming to. One with upcoming bookings is refused, naming them,
 * and deactivation is offered: it keeps those bookings and takes no new ones.
 */
export async function deleteCottage(id: string, actor: Principal, now = Date.now()): Promise<{ id: string; deleted: true }> {
  const before = await existing(id);
  const upcomingOf = async () => (await upcomingBookingsOfUnits([id], resortToday(new Date(now)), now)).get(id)?.size ?? 0;
  const refuse = (upcoming: number) =>
    new ConflictError(`${before.name} has ${plural(upcoming, 'upcoming booking')}. Set it to inactive instead, so no new guest can book it.`, {
      extra: {
        code: HAS_UPCOMING_BOOKINGS,
        upcoming_bookings: upcoming,
      },
    });
  const first = await upcomingOf();
  if (first > 0) throw refuse(first);
  // A booking checks in its own transaction that its unit is still active (unitStillOffered): once
  // the unit is taken off sale no new booking can land on it, so the second look at its nights is
  // final. Without the first step a booking committed between that look and the delete would be
  // left on a deleted unit.
  const offSale = before.status === 'active';
  if (offSale) await transact([cottageWrites.statusWrite(id, 'inactive', 'active')]).catch(() => undefined);
  const second = await upcomingOf();
  if (second > 0) {
    if (offSale) await transact([cottageWrites.statusWrite(id, 'active', 'inactive')]).catch(() => undefined);
    throw refuse(second);
  }
  try {
    await transact([
      cottageWrites.deleteWrite(id),
      auditWrite({ actor, action: 'cottage.delete', subject: subject(before), before, at: new Date(now).toISOString() }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused) throw new NotFoundError(`Cottage '${id}' was not found`);
    throw error;
  }
  return { id, deleted: true };
}
