import type { Keys, Gsi1Keys, Audience } from '../keys.ts';

export const partition = (connectionId: string): string => `CONNECTION#${connectionId}`;

export const membership = (connectionId: string, audience: Audience): Keys & Gsi1Keys => ({
  pk: `CONNECTION#${connectionId}`,
  sk: `AUDIENCE#${audience}`,
  gsi1pk: `AUDIENCE#${audience}`,
  gsi1sk: connectionId,
});

/** Every connection has this row from $connect on, so $disconnect finds it even if it never joined. */
export const session = (connectionId: string): Keys => ({ pk: `CONNECTION#${connectionId}`, sk: 'SESSION' });

export const audiencePartition = (audience: Audience): string => `AUDIENCE#${audience}`;
