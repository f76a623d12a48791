import { useEffect, useRef } from 'react';
import { setConnection } from './notification-store';
import { configureRealtime, realtimeUrl } from './site-config';
import type { RealtimeFrame, RealtimeSocket, SocketStatus } from './realtime-socket';

export type { RealtimeFrame };

/**
 * The page's one real-time connection and the events it delivers. It connects to the address main.tsx
 * gives from /config.json, read beside the first render (lib/site-config.ts), and waits for it: one
 * read of /config.json per page. Without one (component tests, /config.json out of reach) nothing
 * connects and the page works without live updates.
 */
export { configureRealtime };

type Listener = (data: Record<string, unknown>, frame: RealtimeFrame) => void;
const listeners = new Map<string, Set<Listener>>();

/** Hands a frame to whoever listens for its event (a frame from a test or from the socket). */
export function deliverFrame(frame: RealtimeFrame): void {
  for (const listener of listeners.get(frame.event) ?? []) listener(frame.data, frame);
}

export function onRealtimeEvent(event: string, listener: Listener): () => void {
  const set = listeners.get(event) ?? new Set<Listener>();
  set.add(listener);
  listeners.set(event, set);
  return () => set.delete(listener);
}

/** Calls `listener` with each `event` frame while the component is mounted (always its latest version). */
export function useRealtimeEvent(event: string, listener: Listener): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => onRealtimeEvent(event, (data, frame) => latest.current(data, frame)), [event]);
}

export type RealtimeConnection = { stop: () => void; restart: () => void };

/**
 * Opens the connection (its code is its own chunk, fetched only now). `joinMessages` is read on every
 * (re)connect; `onStatus` hears each change, e.g. to say that a live connection dropped.
 */
export async function connectRealtime(options: {
  joinMessages: () => unknown[];
  onStatus?: (status: SocketStatus, detail: { wasConnected: boolean }) => void;
}): Promise<RealtimeConnection | undefined> {
  const socketUrl = await realtimeUrl();
  if (!socketUrl || typeof WebSocket === 'undefined') return undefined;
  const { RealtimeSocket: Socket } = await import('./realtime-socket');
  const socket: RealtimeSocket = new Socket({
    url: socketUrl,
    joinMessages: options.joinMessages,
    onFrame: deliverFrame,
    onStatus: (status, detail) => {
      setConnection(status);
      options.onStatus?.(status, detail);
    },
    events: window,
    isVisible: () => document.visibilityState !== 'hidden',
  });
  socket.start();
  return { stop: () => socket.stop(), restart: () => socket.restart() };
}
