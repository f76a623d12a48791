import { resolve } from 'node:path';

/* What every part of the bench uses: the repository's root and the statistics. */

export const root = resolve(import.meta.dirname, '..', '..', '..');

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
/** The median of the values given (undefined ones, from runs that did not measure it, are skipped). */
export const median = (values: Array<number | undefined>) => {
  const sorted = values.filter((value): value is number => value !== undefined).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};
/** Nearest-rank percentile of an already sorted list. */
export const percentile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? 0;
