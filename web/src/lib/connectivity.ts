import { useSyncExternalStore } from 'react';

/**
 * Whether the site can reach the resort: the browser's own word (navigator.onLine and its
 * online/offline events) and what the API client sees (a fetch that failed at the network level
 * means unreachable until a request gets an answer). While the browser says online but the resort
 * cannot be reached, a light probe (/config.json, no database read) runs every few seconds.
 */
export type Connectivity = { online: true } | { online: false; reason: 'offline' | 'unreachable' };

const ONLINE: Connectivity = { online: true };
const OFFLINE: Connectivity = { online: false, reason: 'offline' };
const UNREACHABLE: Connectivity = { online: false, reason: 'unreachable' };
export const PROBE_INTERVAL_MS = 10_000;

let unreachable = false;
let probe: number | undefined;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

export function connectivity(): Connectivity {
  if (!browserOnline()) return OFFLINE;
  return unreachable ? UNREACHABLE : ONLINE;
}

function stopProbe(): void {
  if (probe !== undefined) window.clearInterval(probe);
  probe = undefined;
}

function startProbe(): void {
  if (probe !== undefined || typeof window === 'undefined') return;
  probe = window.setInterval(() => {
    if (!browserOnline()) return;
    fetch('/config.json', { cache: 'no-store' }).then(
      () => reportNetworkSuccess(),
      () => undefined,
    );
  }, PROBE_INTERVAL_MS);
}

/** A request failed before any answer came (TypeError from fetch): the resort is out of reach. */
export function reportNetworkFailure(): void {
  if (unreachable) return;
  unreachable = true;
  startProbe();
  notify();
}

/** Any answer, even an error status, proves the resort is reachable. */
export function reportNetworkSuccess(): void {
  if (!unreachable) return;
  unreachable = false;
  stopProbe();
  notify();
}

/** True when the error is fetch's own network failure, not an answer, a parse error or an abort. */
export const isNetworkFailure = (error: unknown): boolean => error instanceof TypeError;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onChange = () => {
    // The browser came back: try again at once rather than wait for the probe.
    if (browserOnline()) reportNetworkSuccess();
    listener();
  };
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

/** The connection as the page sees it, re-rendering when it changes. */
export function useConnectivity(): Connectivity {
  return useSyncExternalStore(subscribe, connectivity, () => ONLINE);
}

/** For tests: forget a reported failure and stop the probe. */
export function resetConnectivityForTests(): void {
  unreachable = false;
  stopProbe();
}
