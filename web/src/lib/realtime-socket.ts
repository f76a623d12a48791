import { z } from 'zod/mini';

/** A message the server pushes (functions/lib/realtime.ts): the event's name, its payload, and an id when it comes from the table's stream. */
export type RealtimeFrame = { id?: string; event: string; data: Record<string, unknown>; at?: string };

const frameSchema = z.object({
  id: z.optional(z.string()),
  event: z.string().check(z.minLength(1)),
  data: z._default(z.record(z.string(), z.unknown()), {}),
  at: z.optional(z.string()),
});

/** docs/product.md#guest-notifications: 5 attempts 1 s apart; after those, doubling from 2 s up to this ceiling, for as long as the page is open. */
export const FAST_ATTEMPTS = 5;
export const FAST_DELAY_MS = 1000;
export const MAX_DELAY_MS = 30_000;
/** An attempt that has not opened within 5 s is given up and retried. */
export const CONNECT_TIMEOUT_MS = 5000;
/** API Gateway closes a socket idle for 10 minutes; a ping now and then keeps a quiet page connected. */
export const KEEP_ALIVE_MS = 5 * 60_000;
/** How many frame ids are remembered to drop repeats (the stream consumer may send a frame twice). */
const REMEMBERED_IDS = 500;

/** The wait before reconnection attempt `attempt` (1-based): 1 s for the first five, then 2 s, 4 s, 8 s, 16 s, 30 s, 30 s... */
export function reconnectDelay(attempt: number): number {
  if (attempt <= FAST_ATTEMPTS) return FAST_DELAY_MS;
  return Math.min(MAX_DELAY_MS, FAST_DELAY_MS * 2 ** (attempt - FAST_ATTEMPTS));
}

export type SocketStatus = 'connected' | 'disconnected';

/** The part of the browser's WebSocket this client uses, so tests can hand in a fake. */
export type WebSocketLike = {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send: (data: string) => void;
  close: (code?: number, reason?: string) => void;
};
export type WebSocketFactory = new (url: string) => WebSocketLike;

export type RealtimeSocketOptions = {
  url: string;
  /** What to send each time a socket opens (join-customer with the current token): read then, so a new sign-in is used. */
  joinMessages: () => unknown[];
  onFrame: (frame: RealtimeFrame) => void;
  /** `wasConnected` tells a dropped connection from an attempt that never opened. */
  onStatus: (status: SocketStatus, detail: { wasConnected: boolean }) => void;
  WebSocketImpl?: WebSocketFactory;
  /** Where online and visibility changes are heard (the window). */
  events?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  isVisible?: () => boolean;
};

const OPEN = 1;

/**
 * One WebSocket to the notification gateway that keeps itself connected: it joins on every open,
 * retries on the schedule above, starts over at once when the browser comes back online or the tab
 * becomes visible again, and passes each frame on once (repeats are dropped by their id).
 */
export class RealtimeSocket {
  private socket: WebSocketLike | undefined;
  private attempt = 0;
  private connected = false;
  private stopped = true;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private connectTimer: ReturnType<typeof setTimeout> | undefined;
  private keepAliveTimer: ReturnType<typeof setInterval> | undefined;
  private readonly seen = new Set<string>();
  private readonly options: RealtimeSocketOptions;
  private readonly WebSocketImpl: WebSocketFactory;

  constructor(options: RealtimeSocketOptions) {
    this.options = options;
    this.WebSocketImpl = options.WebSocketImpl ?? (globalThis.WebSocket as unknown as WebSocketFactory);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.options.events?.addEventListener('online', this.resume);
    this.options.events?.addEventListener('offline', this.wentOffline);
    this.options.events?.addEventListener('visibilitychange', this.resume);
    this.open();
  }

  stop(): void {
    this.stopped = true;
    this.options.events?.removeEventListener('online', this.resume);
    this.options.events?.removeEventListener('offline', this.wentOffline);
    this.options.events?.removeEventListener('visibilitychange', this.resume);
    this.clearTimers();
    const socket = this.socket;
    this.socket = undefined;
    this.connected = false;
    if (socket) {
      this.detach(socket);
      socket.close(1000, 'Page closed');
    }
  }

  /** Drops the current socket and opens a new one now (a sign-in or sign-out changes what it joins). */
  restart(): void {
    if (this.stopped) return;
    this.stop();
    this.start();
  }

  /**
   * A quick way back after the network or the tab returns, instead of waiting out the backoff. An
   * attempt still opening was started on the old network and may hang until its time-out: it is
   * replaced by a fresh one.
   */
  private readonly resume = () => {
    if (this.stopped || this.socket?.readyState === OPEN || (this.options.isVisible && !this.options.isVisible())) return;
    clearTimeout(this.retryTimer);
    clearTimeout(this.connectTimer);
    this.retryTimer = undefined;
    this.attempt = 0;
    const pending = this.socket;
    if (pending) {
      this.detach(pending);
      pending.close();
    }
    this.open();
  };

  /** The browser knows before the socket does: say 'disconnected' now rather than when a write times out. */
  private readonly wentOffline = () => {
    if (this.socket) this.lost(this.socket);
  };

  private open(): void {
    let socket: WebSocketLike;
    try {
      socket = new this.WebSocketImpl(this.options.url);
    } catch {
      // A URL the browser refuses outright (say, ws: from an https page): retried like a refusal.
      this.retryLater(false);
      return;
    }
    this.socket = socket;
    this.connectTimer = setTimeout(() => {
      if (this.socket === socket && socket.readyState !== OPEN) this.lost(socket);
    }, CONNECT_TIMEOUT_MS);
    socket.onopen = () => {
      if (this.socket !== socket) return;
      clearTimeout(this.connectTimer);
      this.attempt = 0;
      this.connected = true;
      for (const message of this.options.joinMessages()) socket.send(JSON.stringify(message));
      this.keepAliveTimer = setInterval(() => socket.send(JSON.stringify({ action: 'ping' })), KEEP_ALIVE_MS);
      this.options.onStatus('connected', { wasConnected: false });
    };
    socket.onmessage = (event) => {
      if (this.socket === socket) this.receive(event.data);
    };
    // An error is always followed by a close; the close decides what happens next.
    socket.onerror = () => undefined;
    socket.onclose = () => {
      if (this.socket === socket) this.lost(socket);
    };
  }

  private lost(socket: WebSocketLike): void {
    this.detach(socket);
    if (socket.readyState === OPEN || socket.readyState === 0) socket.close();
    this.socket = undefined;
    clearTimeout(this.connectTimer);
    clearInterval(this.keepAliveTimer);
    const wasConnected = this.connected;
    this.connected = false;
    if (!this.stopped) this.retryLater(wasConnected);
  }

  private retryLater(wasConnected: boolean): void {
    this.options.onStatus('disconnected', { wasConnected });
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = undefined;
      if (!this.stopped && !this.socket) this.open();
    }, reconnectDelay(this.attempt));
  }

  private receive(raw: unknown): void {
    let parsed: unknown;
    try {
      parsed = JSON.parse(String(raw));
    } catch {
      return;
    }
    const result = z.safeParse(frameSchema, parsed);
    if (!result.success) return;
    const frame = result.data;
    if (frame.id !== undefined) {
      if (this.seen.has(frame.id)) return;
      this.seen.add(frame.id);
      // A Set keeps insertion order: forget the oldest id.
      if (this.seen.size > REMEMBERED_IDS) this.seen.delete(this.seen.values().next().value as string);
    }
    this.options.onFrame(frame);
  }

  private detach(socket: WebSocketLike): void {
    socket.onopen = null;
    socket.onclose = null;
    socket.onerror = null;
    socket.onmessage = null;
  }

  private clearTimers(): void {
    clearTimeout(this.retryTimer);
    clearTimeout(this.connectTimer);
    clearInterval(this.keepAliveTimer);
    this.retryTimer = undefined;
  }
}
