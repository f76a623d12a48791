import * as z from 'zod/mini';
import { isIsoDate } from './stay.ts';
import { minLength, wholeNumber } from './validation.ts';

/*
 * Field builders of the booking and availability requests. Only builders here, no schema: a module
 * that imports them builds only the fields it calls (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor).
 */

/** yyyy-mm-dd that is a real calendar date, or the field's "required" message when missing or blank. */
export const dateField = /* @__NO_SIDE_EFFECTS__ */ (requiredMessage: string) =>
  z.string(requiredMessage).check(z.trim(), minLength(1, requiredMessage), z.refine(isIsoDate, 'Dates look like 2026-12-24'));

/** A whole number with the label's own message and the given bounds. */
export const count = /* @__NO_SIDE_EFFECTS__ */ (label: string, ...bounds: Array<z.core.$ZodCheck<number>>) =>
  wholeNumber(`${label} must be a whole number`, `${label} must be a whole number`).check(...bounds);
