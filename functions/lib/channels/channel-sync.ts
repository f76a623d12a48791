import { SYNC_DAYS_AHEAD, type ChannelConflict, type SyncResult } from '../../../shared/channels.ts';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';
import { recordSyncWrite, type StoredChannel } from '../db/channels.ts';
import { claimNightForChannel, moveChannelNight, releaseChannelNight, unitNights, type NightHolder } from '../db/inventory.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { describeHolder } from '../inventory/night-holders.ts';
import { holderIdentity } from '../inventory/night-runs.ts';
import { LimitReachedError, UpstreamError } from '../domain-errors.ts';
import { fetchFeed, type FetchPolicy } from './feed-fetch.ts';
import { feedStays } from './feed-parse.ts';

/*
 * One channel's sync (docs/product.md#calendar-sync): its calendar's stays within the next year
 * claim the unit's night items as channel stays; stays that left the calendar free theirs; a stay
 * on a night a direct booking, a block or another channel holds is a conflict, listed and never
 * taken (a sync cancels nothing). Nothing changed, nothing written but the channel's row.
 */

/** A manual sync of one feed at most this often (the schedule runs every 15 minutes). */
export const MIN_SYNC_INTERVAL_MS = 60_000;

type Writes = Parameters<typeof transact>[0];

/**
 * Runs the writes 99 at a time; a write whose condition fails (the night was taken meanwhile) is
 * left out and the rest retried. Returns the indexes that were refused.
 */
async function writeEach(writes: Writes): Promise<Set<number>> {
  const refused = new Set<number>();
  for (let start = 0; start < writes.length; start += 99) {
    let pending = writes.slice(start, start + 99).map((write, offset) => ({ write, index: start + offset }));
    while (pending.length) {
      try {
        await transact(pending.map((entry) => entry.write));
        break;
      } catch (error) {
        if (!(error instanceof TransactionRefused)) throw error;
        const failed = new Set(error.failed);
        for (const [position, entry] of pending.entries()) if (failed.has(position)) refused.add(entry.index);
        pending = pending.filter((_, position) => !failed.has(position));
      }
    }
  }
  return refused;
}

export type SyncOptions = { now: number; policy: FetchPolicy; manual: boolean };

export async function syncChannel(channel: StoredChannel, options: SyncOptions): Promise<SyncResult> {
  const { now } = options;
  if (options.manual && channel.last_sync_at && now - Date.parse(channel.last_sync_at) < MIN_SYNC_INTERVAL_MS) {
    const wait = Math.ceil((MIN_SYNC_INTERVAL_MS - (now - Date.parse(channel.last_sync_at))) / 1000);
    throw new LimitReachedError(`This channel was synced less than a minute ago: try again in ${wait} seconds`, wait);
  }
  const at = new Date(now).toISOString();
  const record = (changes: Parameters<typeof recordSyncWrite>[1]) =>
    transact([recordSyncWrite(channel.id, changes)]).catch((error: unknown) => {
      // The channel was removed while it synced: there is no row left to record on.
      if (!(error instanceof TransactionRefused)) throw error;
    });

  const today = resortToday(new Date(now));
  const lastNight = addDaysIso(today, SYNC_DAYS_AHEAD - 1);
  let fetched;
  let stays;
  try {
    fetched = await fetchFeed(channel.url, { etag: channel.etag, lastModified: channel.last_modified }, options.policy);
    stays = fetched.kind === 'fresh' ? feedStays(fetched.text, today, lastNight) : undefined;
  } catch (error) {
    // A broken feed is reported on its row and blocks nothing new; what it took before stays taken.
    if (error instanceof UpstreamError) await record({ last_sync_at: at, last_error: error.message, last_error_at: at });
    throw error;
  }
  if (!stays) {
    await record({ last_sync_at: at, last_success_at: at });
    return { imported: 0, updated: 0, removed: 0, conflicts: channel.conflicts ?? [], notModified: true };
  }

  // What the unit's nights are now, and what the calendar wants of them.
  const held = await unitNights(channel.cottage_id, today, lastNight, now);
  const holderOf = new Map(held.map((entry) => [entry.night, entry.holder]));
  const wanted = new Map<string, string>();
  for (const stay of stays) for (const night of stay.nights) if (!wanted.has(night)) wanted.set(night, stay.uid);

  const claims: Array<{ night: string; uid: string }> = [];
  const moves: Array<{ night: string; uid: string }> = [];
  const refusedNights = new Map<string, { uid: string; holder: NightHolder }>();
  for (const [night, uid] of wanted) {
    const holder = holderOf.get(night);
    if (!holder) claims.push({ night, uid });
    else if ('channelId' in holder && holder.channelId === channel.id) {
      if (holder.uid !== uid) moves.push({ night, uid });
    } else refusedNights.set(night, { uid, holder });
  }
  const releases = held
    .filter((entry) => 'channelId' in entry.holder && entry.holder.channelId === channel.id && !wanted.has(entry.night))
    .map((entry) => entry.night);

  const writes: Writes = [
    ...claims.map(({ night, uid }) => claimNightForChannel(channel.cottage_id, night, channel.id, uid, now)),
    ...moves.map(({ night, uid }) => moveChannelNight(channel.cottage_id, night, channel.id, uid)),
    ...releases.map((night) => releaseChannelNight(channel.cottage_id, night, channel.id)),
  ];
  const refused = await writeEach(writes);
  if ([...refused].some((index) => index < claims.length)) {
    // Taken between the read and the write: read who holds them now.
    const now2 = await unitNights(channel.cottage_id, today, lastNight, now);
    const fresh = new Map(now2.map((entry) => [entry.night, entry.holder]));
    for (const index of refused) {
      const claim = claims[index];
      const holder = claim ? fresh.get(claim.night) : undefined;
      if (claim && holder) refusedNights.set(claim.night, { uid: claim.uid, holder });
    }
  }

  // Conflicts, one per event and what it met.
  const grouped = new Map<string, { uid: string; holder: NightHolder; nights: string[] }>();
  for (const [night, { uid, holder }] of [...refusedNights].sort(([a], [b]) => a.localeCompare(b))) {
    const key = `${uid}\n${holderIdentity(holder)}`;
    const entry = grouped.get(key) ?? { uid, holder, nights: [] };
    entry.nights.push(night);
    grouped.set(key, entry);
  }
  const conflicts: ChannelConflict[] = await Promise.all(
    [...grouped.values()].map(async ({ uid, holder, nights }) => ({ uid, nights, with: await describeHolder(holder) })),
  );

  // Counted by stay: new UIDs, UIDs whose nights changed, UIDs gone.
  const before = channel.events ?? {};
  const after = Object.fromEntries(stays.map((stay) => [stay.uid, stay.nights]));
  const imported = Object.keys(after).filter((uid) => !(uid in before)).length;
  const removed = Object.keys(before).filter((uid) => !(uid in after)).length;
  const updated = Object.keys(after).filter((uid) => uid in before && before[uid]?.join() !== after[uid]?.join()).length;

  await record({
    last_sync_at: at,
    last_success_at: at,
    events: after,
    conflicts,
    etag: fetched.kind === 'fresh' ? fetched.etag : undefined,
    last_modified: fetched.kind === 'fresh' ? fetched.lastModified : undefined,
  });
  return { imported, updated, removed, conflicts };
}
