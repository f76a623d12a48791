import { addDaysIso } from '../../../shared/stay.ts';
import type { NightHolder } from '../db/inventory.ts';

/*
 * A unit's night items read as stays: who holds them, in runs of consecutive nights (the calendar
 * feed's events, the inventory calendar's bars). Who a holder is, as staff read it:
 * night-holders.ts (it reads the booking).
 */

/** One name per holder: `booking-<id>`, `block-<id>`, `channel-<id>-<uid>` (the calendar feed's UIDs start with it). */
export const holderKey = (holder: NightHolder): string =>
  'bookingId' in holder ? `booking-${holder.bookingId}` : 'blockId' in holder ? `block-${holder.blockId}` : `channel-${holder.channelId}-${holder.uid}`;

/** Which booking, block or channel holds a night (a channel's stays are one holder): to group a refusal's or a conflict's nights by. */
export const holderIdentity = (holder: NightHolder): string =>
  'bookingId' in holder ? `booking-${holder.bookingId}` : 'blockId' in holder ? `block-${holder.blockId}` : `channel-${holder.channelId}`;

export type NightRun = { key: string; holder: NightHolder; start: string; end: string; heldUntil?: number };

/** Runs of consecutive nights of one holder, in date order; `end` is the day after the last night (check-out). A run is held (`heldUntil`) if its first night is. */
export function nightRuns(nights: ReadonlyArray<{ night: string; holder: NightHolder; heldUntil?: number }>): NightRun[] {
  const runs: NightRun[] = [];
  for (const { night, holder, heldUntil } of nights) {
    const key = holderKey(holder);
    const last = runs.at(-1);
    if (last && last.key === key && last.end === night) last.end = addDaysIso(night, 1);
    else runs.push({ key, holder, start: night, end: addDaysIso(night, 1), ...(heldUntil ? { heldUntil } : {}) });
  }
  return runs;
}
