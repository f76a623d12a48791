import { randomUUID } from 'node:crypto';
import { blockMessages, type BlockRequest, type DateBlock } from '../../../shared/blocks.ts';
import { resortToday, stayNights } from '../../../shared/stay.ts';
import type { Principal } from '../auth.ts';
import { auditWrite } from '../db/audit.ts';
import { blocksEndingAfter, createBlockWrites, deleteBlockWrites, getBlock, toDateBlock, type StoredBlock } from '../db/blocks.ts';
import { cottages } from '../db/catalogue.ts';
import { nightHolders, type NightHolder } from '../db/inventory.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, InvalidInputError, NotFoundError } from '../domain-errors.ts';
import { describeHolder } from './night-holders.ts';
import { holderIdentity } from './night-runs.ts';

/*
 * Date blocks (docs/product.md#date-blocks): staff take nights of one unit off sale. A block claims
 * the same night items a booking claims, in one transaction with the block and its audit entry, so
 * a booked or held night cannot be blocked and a blocked night cannot be booked. The stream
 * consumer tells staff and open wizards (functions/streams/change-events.ts `blockEffects`).
 */

const auditSubject = (block: StoredBlock) => ({ entity: 'block', id: block.id, label: `${block.cottage_name}, ${block.check_in} to ${block.check_out}` });

/** What holds the nights a refused block wanted, in words staff can act on, with the bookings' references. */
async function takenNightsConflict(cottageId: string, nights: string[], now: number): Promise<ConflictError> {
  const holders = await nightHolders(cottageId, nights[0] ?? '', nights.at(-1) ?? '', now);
  const byHolder = new Map<string, { holder: NightHolder; nights: string[] }>();
  for (const night of nights) {
    const holder = holders.get(night);
    if (!holder) continue;
    const entry = byHolder.get(holderIdentity(holder)) ?? { holder, nights: [] };
    entry.nights.push(night);
    byHolder.set(holderIdentity(holder), entry);
  }
  if (byHolder.size === 0) return new ConflictError('Those nights were taken a moment ago: try again');
  const conflicts = await Promise.all([...byHolder.values()].map(async ({ holder, nights: held }) => ({ ...(await describeHolder(holder)), nights: held })));
  const words = conflicts.map((conflict) =>
    conflict.kind === 'booking'
      ? `booking ${conflict.bookingReference} holds ${conflict.nights.join(', ')}`
      : conflict.kind === 'channel'
        ? `a channel's stay holds ${conflict.nights.join(', ')}`
        : `another block holds ${conflict.nights.join(', ')}`,
  );
  return new ConflictError(`Those nights are taken: ${words.join('; ')}`, { details: { checkIn: words }, extra: { conflicts } });
}

/** Blocks `request`'s nights of one unit, or says what holds them (409). */
export async function createBlock(request: BlockRequest, principal: Principal, now = Date.now()): Promise<DateBlock> {
  if (request.checkIn < resortToday(new Date(now))) throw new InvalidInputError(blockMessages.past, { details: { checkIn: [blockMessages.past] } });
  const unit = await cottages.get(request.cottageId);
  if (!unit) throw new NotFoundError(blockMessages.unitNotFound);
  const nights = stayNights(request.checkIn, request.checkOut);
  const block: StoredBlock = {
    id: randomUUID(),
    cottage_id: unit.id,
    cottage_name: unit.name,
    cottage_type: unit.type,
    check_in: request.checkIn,
    check_out: request.checkOut,
    reason: request.reason,
    created_at: new Date(now).toISOString(),
    created_by: { id: principal.userId, name: principal.name },
  };
  try {
    await transact([
      ...createBlockWrites(block, nights, now),
      auditWrite({ actor: principal, action: 'block.create', subject: auditSubject(block), after: block }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused) throw await takenNightsConflict(unit.id, nights, now);
    throw error;
  }
  return toDateBlock(block);
}

/** Removes a block: its nights are free at once. */
export async function removeBlock(id: string, principal: Principal): Promise<DateBlock> {
  const block = await getBlock(id);
  if (!block) throw new NotFoundError(blockMessages.notFound);
  try {
    await transact([
      ...deleteBlockWrites(block, stayNights(block.check_in, block.check_out)),
      auditWrite({ actor: principal, action: 'block.delete', subject: auditSubject(block), before: block }),
    ]);
  } catch (error) {
    // Removed by someone else a moment ago.
    if (error instanceof TransactionRefused) throw new NotFoundError(blockMessages.notFound);
    throw error;
  }
  return toDateBlock(block);
}

/** Blocks with a night from `from` up to (not including) `to`, by check-in. */
export async function listBlocks(from: string, to: string): Promise<DateBlock[]> {
  const running = await blocksEndingAfter(from);
  return running
    .filter((block) => block.check_in < to)
    .sort((a, b) => a.check_in.localeCompare(b.check_in) || a.cottage_name.localeCompare(b.cottage_name))
    .map(toDateBlock);
}
