import type { Context } from 'aws-lambda';
import { syncChannel } from '../lib/channels/channel-sync.ts';
import { refusalOf, type SyncAnswer } from '../lib/channels/sync-worker.ts';
import { config } from '../lib/config.ts';
import { getChannel, listChannels } from '../lib/db/channels.ts';
import { NotFoundError, UpstreamError } from '../lib/domain-errors.ts';
import { log, setLogContext } from '../lib/logger.ts';

/** Feeds fetched at once by a scheduled run: each waits on a channel's server, not on this function. */
const CONCURRENCY = 4;

const policy = () => ({ local: config.STAGE === 'local' });

/**
 * Every 15 minutes (EventBridge; a timer under npm start): every channel feed is synced. Invoked
 * with `{channelId}` by the sync-now route (functions/lib/channels/sync-worker.ts): that one feed,
 * answering its result or why not. A broken feed is recorded on its row and does not stop the others.
 */
export const handler = async (
  event?: { channelId?: unknown; manual?: unknown },
  context?: Pick<Context, 'awsRequestId'>,
): Promise<SyncAnswer | { synced: number; broken: number; failed: number }> => {
  setLogContext({ requestId: context?.awsRequestId, route: 'sync-channels' });
  if (typeof event?.channelId === 'string') {
    try {
      const channel = await getChannel(event.channelId);
      if (!channel) throw new NotFoundError('Channel not found');
      return { ok: true, result: await syncChannel(channel, { now: Date.now(), policy: policy(), manual: event.manual === true }) };
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) return refusal;
      throw error;
    }
  }
  const channels = await listChannels();
  let synced = 0;
  let broken = 0;
  const failures: unknown[] = [];
  for (let start = 0; start < channels.length; start += CONCURRENCY) {
    await Promise.all(
      channels.slice(start, start + CONCURRENCY).map(async (channel) => {
        try {
          await syncChannel(channel, { now: Date.now(), policy: policy(), manual: false });
          synced += 1;
        } catch (error) {
          if (error instanceof UpstreamError) broken += 1;
          else {
            log.error('Could not sync a channel', { channelId: channel.id, error });
            failures.push(error);
          }
        }
      }),
    );
  }
  if (channels.length) log.info('Synced channel calendars', { synced, broken, failed: failures.length });
  if (failures.length) throw new AggregateError(failures, `${failures.length} channel(s) could not be synced`);
  return { synced, broken, failed: 0 };
};
