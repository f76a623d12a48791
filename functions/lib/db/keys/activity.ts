import type { Keys } from '../keys.ts';

/** Request-side activity recorded as a sampled per-minute aggregate (no table write per guest request). */
export const minute = (kind: string, at: string): Keys => ({ pk: `ACTIVITY#${kind}`, sk: `MINUTE#${at.slice(0, 16)}` });
