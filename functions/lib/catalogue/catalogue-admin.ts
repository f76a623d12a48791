import { HAS_UPCOMING_BOOKINGS } from '../../../shared/admin-catalogue.ts';
import type { Principal } from '../auth.ts';
import { auditWrite } from '../db/audit.ts';
import type { CatalogueWrites, TransactItem } from '../db/catalogue-writer.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';

/*
 * Catalogue items for staff, whatever their kind (docs/product.md#catalogue-tabs): the one path
 * every create, update, delete and admin list takes. An item is looked up by a well-formed id
 * (404 otherwise), changed in one transaction with its audit entry, each write conditioned on the
 * item's existence, and a refused condition becomes the domain error staff read. Each kind
 * (cottage-admin.ts, package-admin.ts, safari-admin.ts) configures it: its store and how the portal
 * shows it, and per action how a body becomes the stored item and what else must hold or change.
 */

type Item = { id: string; name: string };

/** What a create or update writes: the item, and what must change with it in the same transaction. */
export type CataloguePlan<Stored> = { item: Stored; companions?: TransactItem[] };

/**
 * A kind of item, as every action needs it. What only one action needs is passed to that action
 * (the route's handler module names it), so a function carries only its own action's code.
 */
export type CatalogueKind<Stored extends Item, Admin> = {
  /** The audit subject's entity and the actions' prefix ('cottage' -> 'cottage.create'). */
  entity: 'cottage' | 'package' | 'safari';
  /** Capitalised, as messages start with it ('Cottage'). */
  label: string;
  items: { get(id: string): Promise<Stored | undefined>; list(): Promise<Stored[]> };
  writes: Pick<CatalogueWrites<Stored>, 'createWrite' | 'replaceWrite' | 'deleteWrite'>;
  /** A create or update refused on a companion, not on the item (another item changed meanwhile): the conflict's message. */
  companionsChanged?: string;
  /** The item as the portal shows it. */
  toAdmin(item: Stored): Admin;
  /** The admin list's order. */
  order(a: Admin, b: Admin): number;
};

/** The stored item from a create's body (its id from the name), refusing what cannot be stored. */
export type PlanCreate<Stored, Input> = (input: Input, actor: Principal, at: string) => Promise<CataloguePlan<Stored>>;
/** The stored item from an update's body over the item as it was, refusing a change that would strand guests. */
export type PlanUpdate<Stored, Input> = (input: Input, before: Stored, actor: Principal, at: string, now: number) => Promise<CataloguePlan<Stored>>;
/** Throws the refusal (deleteRefusal) while guests are coming on the item. */
export type GuardDelete<Stored> = (before: Stored, now: number) => Promise<void>;
/** Items as the admin list shows them, with what they need beyond the item (upcoming bookings); the kind's toAdmin otherwise. */
export type PresentAll<Stored, Admin> = (items: Stored[], now: number) => Promise<(item: Stored) => Admin>;

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

/** The item, or a 404 naming what was asked for (an id that cannot exist is not looked up). */
export async function findCatalogueItem<Stored extends Item>(kind: CatalogueKind<Stored, unknown>, id: string): Promise<Stored> {
  const item = ID.test(id) ? await kind.items.get(id) : undefined;
  if (!item) throw new NotFoundError(`${kind.label} '${id}' was not found`);
  return item;
}

/** A delete refused while guests are coming: its `code` lets the portal offer deactivation instead. */
export const deleteRefusal = (message: string, counts: Record<string, number>) =>
  new ConflictError(message, { extra: { code: HAS_UPCOMING_BOOKINGS, ...counts } });

/**
 * Runs the change; a refused condition becomes what staff read: the item's own (`itemRefused`), or,
 * when `othersChanged` is given, another item's (a companion) if the item's own check passed.
 */
async function write(items: TransactItem[], itemRefused: () => Error, othersChanged?: string) {
  try {
    await transact(items);
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    throw error.failed.includes(0) || othersChanged === undefined ? itemRefused() : new ConflictError(othersChanged);
  }
}

const presenter = async <Stored extends Item, Admin>(kind: CatalogueKind<Stored, Admin>, items: Stored[], now: number, present?: PresentAll<Stored, Admin>) =>
  present ? present(items, now) : (item: Stored) => kind.toAdmin(item);

/** Every item, active or not, as the admin list shows it. */
export async function listCatalogue<Stored extends Item, Admin>(
  kind: CatalogueKind<Stored, Admin>,
  options: { present?: PresentAll<Stored, Admin> } = {},
  now = Date.now(),
): Promise<Admin[]> {
  const all = await kind.items.list();
  const present = await presenter(kind, all, now, options.present);
  return all.map(present).sort(kind.order);
}

/** A new item, its id its name's slug: 409 if that id is taken. */
export async function createCatalogueItem<Stored extends Item, Input, Admin>(
  kind: CatalogueKind<Stored, Admin>,
  plan: PlanCreate<Stored, Input>,
  input: Input,
  actor: Principal,
  now = Date.now(),
): Promise<Admin> {
  const at = new Date(now).toISOString();
  const { item, companions = [] } = await plan(input, actor, at);
  const noun = kind.label.toLowerCase();
  await write(
    [kind.writes.createWrite(item), auditWrite({ actor, action: `${kind.entity}.create`, subject: subjectOf(kind, item), after: item, at }), ...companions],
    () =>
      new ConflictError(`A ${noun} with the id '${item.id}' already exists. Please choose another name.`, {
        details: { name: [`A ${noun} with this name already exists`] },
      }),
    kind.companionsChanged,
  );
  return kind.toAdmin(item);
}

/** The item replaced by the body (what the body leaves out keeps its value where the kind says so): 404 if it is gone. */
export async function updateCatalogueItem<Stored extends Item, Input, Admin>(
  kind: CatalogueKind<Stored, Admin>,
  options: { plan: PlanUpdate<Stored, Input>; present?: PresentAll<Stored, Admin> },
  id: string,
  input: Input,
  actor: Principal,
  now = Date.now(),
): Promise<Admin> {
  const before = await findCatalogueItem(kind, id);
  const at = new Date(now).toISOString();
  const { item: after, companions = [] } = await options.plan(input, before, actor, at, now);
  await write(
    [
      kind.writes.replaceWrite(after),
      auditWrite({ actor, action: `${kind.entity}.update`, subject: subjectOf(kind, after), before, after, at }),
      ...companions,
    ],
    () => new NotFoundError(`${kind.label} '${id}' was not found`),
    kind.companionsChanged,
  );
  return (await presenter(kind, [after], now, options.present))(after);
}

/** Deletes an item no guest is coming on; one with upcoming bookings is refused, offering deactivation. */
export async function deleteCatalogueItem<Stored extends Item>(
  kind: CatalogueKind<Stored, unknown>,
  guard: GuardDelete<Stored>,
  id: string,
  actor: Principal,
  now = Date.now(),
): Promise<{ id: string; deleted: true }> {
  const before = await findCatalogueItem(kind, id);
  await guard(before, now);
  await write(
    [
      kind.writes.deleteWrite(id),
      auditWrite({ actor, action: `${kind.entity}.delete`, subject: subjectOf(kind, before), before, at: new Date(now).toISOString() }),
    ],
    // A delete has no companions: any refusal means the item went first.
    () => new NotFoundError(`${kind.label} '${id}' was not found`),
  );
  return { id, deleted: true };
}

/** The audit entry's subject: the item's kind, id and name. */
export const subjectOf = (kind: { entity: string }, item: Item) => ({ entity: kind.entity, id: item.id, label: item.name });
