import { z } from 'zod/mini';
import { siteConfigSchema, type SiteConfig } from '@shared/api';

let pending: Promise<SiteConfig> | undefined;

/**
 * Where the API and WebSocket live for this deployment, how guests pay and the display
 * currencies' rates: `/config.json`, fetched once (every caller shares the answer; a failure lets
 * the next call try again). The page never waits for it to render: the API is same-origin `/api`.
 */
export function loadSiteConfig(): Promise<SiteConfig> {
  // The browser may keep it the minute the server allows (infra/site-cache.ts); the offline probe never does.
  pending ??= fetch('/config.json')
    .then(async (response) => {
      if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status})`);
      return z.parse(siteConfigSchema, await response.json());
    })
    .catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
  return pending;
}

/*
 * The WebSocket address: main.tsx gives it from /config.json (lib/realtime.ts waits for it, so the
 * connection's code stays out of the first load), or a test gives its own. Until then nothing connects.
 */
let wsUrl: string | undefined;
let wsUrlKnown: () => void = () => undefined;
const wsUrlGiven = new Promise<void>((resolve) => {
  wsUrlKnown = resolve;
});

export function configureRealtime(url: string): void {
  wsUrl = url;
  wsUrlKnown();
}

/** The WebSocket address, once it is known. */
export async function realtimeUrl(): Promise<string | undefined> {
  await wsUrlGiven;
  return wsUrl;
}
