import * as v from 'valibot';
import { siteConfigSchema, type SiteConfig } from '@shared/api';

/** Where the API and WebSocket live for this deployment; read once at boot from /config.json. */
export async function loadSiteConfig(): Promise<SiteConfig> {
  const response = await fetch('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`Could not load /config.json (HTTP ${response.status})`);
  return v.parse(siteConfigSchema, await response.json());
}
