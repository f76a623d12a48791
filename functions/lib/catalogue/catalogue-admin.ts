import { HAS_UPCOMING_BOOKINGS } from '../../../shared/admin-catalogue.ts';
import type { Principal } from '../auth.ts';
import { auditWrite } from '../db/audit.ts';
import type { CatalogueReader } from '../db/catalogue.ts';
import { createWrite, deleteWrite, replaceWrite, type CatalogueStore, type StoredItem, type TransactItem } from '../db/catalogue-writer.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';

/*
 * Catalogue items for staff, whatever their kind (docs/product.md#catalogue-tabs): the one path
 * every create, update, delete and admin list takes. An item is looked up by a well-formed id
 * (404 otherwise), changed in one transaction with its audit entry, each write conditioned on the
 * item's existence, and a refused condition becomes the domain error staff read. Each kind
 * (cottage-admin.ts, package-admin.ts, safari-admin.ts) configures it: the kind itself (where its
 * items are), and per action what that action needs (how a body becomes the stored item, how the
 * portal shows it, what else must hold or change). A route's handler module names its kind's
 * configuration of its own action, so a function carries only that.
 */

type Item = { id: string; name: string };

/** A kind of item, as every action needs it. */
export type CatalogueKind<Stored extends Item> = {
  /** Capitalised, as messages start with it ('Cottage'). */
  label: string;
  items: CatalogueReader<Stored>;
  /** Its items' keys and `entity`: the audit subject's entity and the actions' prefix ('cottage' -> 'cottage.create'). */
  store: CatalogueStore;
};

/** What a create or update writes: the item, and what must change with it in the same transaction. */
export type CataloguePlan<Stored> = { item: Stored; companions?: TransactItem[] };

/** Items as the portal shows them, with what they need beyond the item (a cottage's upcoming bookings); `async () => toAdmin` when nothing. */
export type PresentAll<Stored, Admin> = (items: Stored[], now: number) => Promise<(item: Stored) => Admin>;

/** What a create and an update write an item with. */
type CatalogueSave<Stored> = {
  /** The item as stored (its kind's `<kind>Item` in functions/lib/db/), validated. */
  toItem: (item: Stored) => StoredItem;
  /** A write refused on a companion, not on the item (another item changed meanwhile): the conflict's message. */
  companionsChanged?: string;
};

/** A create: the stored item from the body (its id from the name), refusing what cannot be stored; the answer as the portal shows it. */
export type CatalogueCreate<Stored, Input, Admin> = CatalogueSave<Stored> & {
  plan: (input: Input, actor: Principal, at: string) => Promise<CataloguePlan<Stored>>;
  toAdmin: (item: Stored) => Admin;
};

/** An update: the stored item from the body over the item as it was, refusing a change that would strand guests. */
export type CatalogueUpdate<Stored, Input, Admin> = CatalogueSave<Stored> & {
  plan: (input: Input, before: Stored, actor: Principal, at: string, now: number) => Promise<CataloguePlan<Stored>>;
  present: PresentAll<Stored, Admin>;
};

/** The admin list: how it shows the items, in which order. */
export type CatalogueList<Stored, Admin> = { present: PresentAll<Stored, Admin>; order: (a: Admin, b: Admin) => number };

/** Throws the refusal (deleteRefusal) while guests are coming on the item. */
export type GuardDelete<Stored> = (before: Stored, now: number) => Promise<void>;

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

const notFound = (kind: CatalogueKind<Item>, id: string) => new NotFoundError(`${kind.label} '${id}' was not found`);

/** The item, or a 404 naming what was asked for (an id that cannot exist is not looked up). */
export async function findCatalogueItem<Stored extends Item>(kind: CatalogueKind<Stored>, id: string): Promise<Stored> {
  const item = ID.test(id) ? await kind.items.get(id) : undefined;
  if (!item) throw notFound(kind, id);
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

/** Every item, active or not, as the admin list shows it. */
export async function listCatalogue<Stored extends Item, Admin>(
  kind: CatalogueKind<Stored>,
  list: CatalogueList<Stored, Admin>,
  now = Date.now(),
): Promise<Admin[]> {
  const all = await kind.items.list();
  const present = await list.present(all, now);
  return all.map(present).sort(list.order);
}

/** A new item, its id its name's slug: 409 if that id is taken. */
export async function createCatalogueItem<Stored extends Item, Input, Admin>(
  kind: CatalogueKind<Stored>,
  create: CatalogueCreate<Stored, Input, Admin>,
  input: Input,
  actor: Principal,
  now = Date.now(),
): Promise<Admin> {
  const at = new Date(now).toISOString();
  const { item, companions = [] } = await create.plan(input, actor, at);
  const noun = kind.label.toLowerCase();
  await write(
    [
      createWrite(create.toItem(item)),
      auditWrite({ actor, action: `${kind.store.entity}.create`, subject: subjectOf(kind, item), after: item, at }),
      ...companions,
    ],
    () =>
      new ConflictError(`A ${noun} with the id '${item.id}' already exists. Please choose another name.`, {
        details: { name: [`A ${noun} with this name already exists`] },
      }),
    create.companionsChanged,
  );
  return create.toAdmin(item);
}

/** The item replaced by the body (what the body leaves out keeps its value where the kind says so): 404 if it is gone. */
export async function updateCatalogueItem<Stored extends Item, Input, Admin>(
  kind: CatalogueKind<Stored>,
  update: CatalogueUpdate<Stored, Input, Admin>,
  id: string,
  input: Input,
  actor: Principal,
  now = Date.now(),
): Promise<Admin> {
  const before = await findCatalogueItem(kind, id);
  const at = new Date(now).toISOString();
  const { item: after, companions = [] } = await update.plan(input, before, actor, at, now);
  await write(
    [
      replaceWrite(update.toItem(after)),
      auditWrite({ actor, action: `${kind.store.entity}.update`, subject: subjectOf(kind, after), before, after, at }),
      ...companions,
    ],
    () => notFound(kind, id),
    update.companionsChanged,
  );
  return (await update.present([after], now))(after);
}

/** Deletes an item no guest is coming on; one with upcoming bookings is refused, offering deactivation. */
export async function deleteCatalogueItem<Stored extends Item>(
  kind: CatalogueKind<Stored>,
  guard: GuardDelete<Stored>,
  id: string,
  actor: Principal,
  now = Date.now(),
): Promise<{ id: string; deleted: true }> {
  const before = await findCatalogueItem(kind, id);
  await guard(before, now);
  await write(
    [
      deleteWrite(kind.store, id),
      auditWrite({ actor, action: `${kind.store.entity}.delete`, subject: subjectOf(kind, before), before, at: new Date(now).toISOString() }),
    ],
    // A delete has no companions: any refusal means the item went first.
    () => notFound(kind, id),
  );
  return { id, deleted: true };
}

/** The audit entry's subject: the item's kind, id and name. */
export const subjectOf = (kind: CatalogueKind<Item>, item: Item) => ({ entity: kind.store.entity, id: item.id, label: item.name });
