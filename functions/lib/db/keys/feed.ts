import type { Keys, Audience } from '../keys.ts';

export const entry = (audience: Audience, at: string, id: string): Keys => ({ pk: `FEED#${audience}`, sk: `${at}#${id}` });

export const partition = (audience: Audience): string => `FEED#${audience}`;
