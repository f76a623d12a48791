import { z } from 'zod/mini';
import type { RealtimeFrame } from '@/lib/realtime';
import { adminRequest } from '../api/admin-request';

const feedSchema = z.object({
  events: z.array(z.object({ id: z.string(), event: z.string(), data: z.record(z.string(), z.unknown()), at: z.string() })),
  more: z.boolean(),
});

/** How often the portal asks for the feed while its socket is down. */
export const FEED_POLL_MS = 15_000;
/** Feed entries carry their stream record's time, to the second on AWS: ask from a little before. */
const CLOCK_SLACK_MS = 120_000;

/**
 * The staff feed (GET /api/notifications?audience=admin&since=) while the WebSocket is down: every
 * FEED_POLL_MS it reads what happened since the last entry it saw and hands each new frame on, as
 * the socket would. Frames are told apart by id, so an entry seen on the socket and in the feed is
 * handed on once.
 */
export function createFeedPoller(options: {
  /** `catchingUp`: the frame is history read once (at start, or when the socket came back), not news of the last few seconds. */
  onFrame: (frame: RealtimeFrame, how: { catchingUp: boolean }) => void;
  seen: Set<string>;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;
  let since = new Date(now() - CLOCK_SLACK_MS).toISOString();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running = false;

  async function pollOnce(catchingUp: boolean): Promise<void> {
    for (let page = 0; page < 5; page += 1) {
      const feed = await adminRequest(`/notifications?${new URLSearchParams({ audience: 'admin', since })}`, feedSchema);
      for (const entry of feed.events) {
        if (entry.at > since) since = entry.at;
        if (options.seen.has(entry.id)) continue;
        options.seen.add(entry.id);
        options.onFrame({ id: entry.id, event: entry.event, data: entry.data, at: entry.at }, { catchingUp });
      }
      if (!feed.more) return;
    }
  }

  const loop = async () => {
    try {
      await pollOnce(false);
    } catch {
      // Offline or signed out: the next round tries again (a 401 has already signed the portal out).
    }
    if (running) timer = setTimeout(() => void loop(), FEED_POLL_MS);
  };

  return {
    start() {
      if (running) return;
      running = true;
      void loop();
    },
    stop() {
      running = false;
      clearTimeout(timer);
    },
    /** One catch-up read (after the socket comes back: what happened while it was down). */
    catchUp: () => pollOnce(true).catch(() => undefined),
    get running() {
      return running;
    },
  };
}
