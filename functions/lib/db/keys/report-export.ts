import type { Keys } from '../keys.ts';

/** Report exports staff made (what was exported, so Download gives the same file again), newest first. */
export const item = (createdAt: string, id: string): Keys => ({ pk: 'REPORTEXPORTS', sk: `${createdAt}#${id}` });

export const partition = 'REPORTEXPORTS';
