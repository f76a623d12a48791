import type { Keys } from '../keys.ts';

export const item = (scope: string, key: string): Keys => ({ pk: `IDEMPOTENCY#${scope}#${key}`, sk: 'IDEMPOTENCY' });
