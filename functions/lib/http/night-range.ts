import * as z from 'zod/mini';
import { isIsoDate, nightsBetween } from '../../../shared/stay.ts';

const day = z.optional(z.string().check(z.refine(isIsoDate, 'Dates look like 2026-12-24')));

/**
 * A list's `?from=&to=` over nights (the blocks, the inventory calendar): both optional dates,
 * `to` after `from`, and at most `max` of them apart (`Ask for at most {max} {unit} at a time`).
 */
export const nightRangeQuery = (max: number, unit: 'days' | 'nights') =>
  z.object({ from: day, to: day }).check(
    z.refine((query) => !query.from || !query.to || query.to > query.from, { error: 'to must be after from', path: ['to'] }),
    z.refine((query) => !query.from || !query.to || nightsBetween(query.from, query.to) <= max, {
      error: `Ask for at most ${max} ${unit} at a time`,
      path: ['to'],
    }),
  );
