import { conflictHolder } from '../../../shared/channels.ts';
import type { ChartBar, ChartConflict, ChartUnit, InventoryChart } from '../../../shared/inventory-chart.ts';
import { addDaysIso } from '../../../shared/stay.ts';
import { blocksEndingAfter } from '../db/blocks.ts';
import { bookingLabels } from '../db/bookings.ts';
import { cottages } from '../db/catalogue.ts';
import { listChannels } from '../db/channels.ts';
import { unitNights } from '../db/inventory.ts';
import { nightRuns } from './night-runs.ts';

/**
 * Every unit's row for the nights from `from` up to `to`: one query per unit for its night items
 * (not every booking), then one read each for the labels: the bookings' references and guests,
 * the blocks' reasons, the channels' names.
 */
export async function inventoryChart(from: string, to: string, now = Date.now()): Promise<InventoryChart> {
  const units = (await cottages.list()).sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name, 'en', { numeric: true }));
  const [nightsByUnit, blocks, channels] = await Promise.all([
    // One night more on each side says whether a stay runs on beyond the range.
    Promise.all(units.map((unit) => unitNights(unit.id, addDaysIso(from, -1), to, now))),
    blocksEndingAfter(from),
    listChannels(),
  ]);
  const runs = nightsByUnit.map(nightRuns);
  const bookingIds = runs.flat().flatMap((run) => ('bookingId' in run.holder && run.end > from && run.start < to ? [run.holder.bookingId] : []));
  const bookings = await bookingLabels(bookingIds);
  const blockOf = new Map(blocks.map((block) => [block.id, block]));
  const channelOf = new Map(channels.map((channel) => [channel.id, channel]));
  const bar = (run: (typeof runs)[number][number]): ChartBar => {
    const { holder } = run;
    const start = run.start < from ? from : run.start;
    const end = run.end > to ? to : run.end;
    const edges = { ...(run.start < from ? { continuesBefore: true as const } : {}), ...(run.end > to ? { continuesAfter: true as const } : {}) };
    if ('blockId' in holder) {
      const block = blockOf.get(holder.blockId);
      return { kind: 'block', id: holder.blockId, start, end, ...edges, label: 'Blocked', ...(block ? { reason: block.reason } : {}) };
    }
    if ('channelId' in holder)
      return {
        kind: 'channel',
        id: holder.channelId,
        start,
        end,
        ...edges,
        label: channelOf.get(holder.channelId)?.name ?? 'Channel stay',
        reference: holder.uid,
      };
    const booking = bookings.get(holder.bookingId);
    return {
      kind: run.heldUntil ? 'hold' : 'booking',
      id: holder.bookingId,
      start,
      end,
      ...edges,
      label: booking?.guest || booking?.reference || 'Booking',
      ...(booking ? { reference: booking.reference, status: booking.status } : {}),
      ...(run.heldUntil ? { heldUntil: new Date(run.heldUntil).toISOString() } : {}),
    };
  };
  const inRange = (run: (typeof runs)[number][number]) => run.end > from && run.start < to;
  // The conflicts the channels' last syncs found, on the nights of the range.
  const conflictsOf = (unitId: string): ChartConflict[] =>
    channels
      .filter((channel) => channel.cottage_id === unitId)
      .flatMap((channel) =>
        (channel.conflicts ?? []).flatMap((conflict) =>
          conflict.nights
            .filter((night) => night >= from && night < to)
            .map((night) => ({ night, channelId: channel.id, channel: channel.name, heldBy: conflictHolder(conflict.with) })),
        ),
      )
      .sort((a, b) => a.night.localeCompare(b.night));
  const rows: ChartUnit[] = units.map((unit, index) => ({
    id: unit.id,
    name: unit.name,
    type: unit.type,
    status: unit.status,
    bars: (runs[index] ?? []).filter(inRange).map(bar),
    conflicts: conflictsOf(unit.id),
  }));
  return { from, to, units: rows };
}
