import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { cursorField, dayRangeInOrder, fields, idField, MAX_ID_LENGTH } from '../../shared/validation.ts';

describe('idField: every id a request names, bounded', () => {
  const id = idField('packageId');

  it('takes 1 to 64 characters, and says which field is too long or missing', () => {
    expect(z.parse(id, 'forest-retreat')).toBe('forest-retreat');
    expect(z.parse(id, 'a'.repeat(MAX_ID_LENGTH))).toHaveLength(64);
    expect(z.safeParse(id, 'a'.repeat(65)).error?.issues.map((issue) => issue.message)).toEqual(['packageId must be at most 64 characters']);
    // Over DynamoDB's 2,048-byte key: one message, no key is ever built from it.
    expect(z.safeParse(id, 'é'.repeat(3000)).error?.issues.map((issue) => issue.message)).toEqual(['packageId must be at most 64 characters']);
    expect(z.safeParse(id, '').error?.issues.map((issue) => issue.message)).toEqual(['packageId is required']);
    expect(z.safeParse(fields({ packageId: id }), {}).error?.issues.map((issue) => issue.message)).toEqual(['packageId is required']);
    expect(z.safeParse(id, 42).error?.issues.map((issue) => issue.message)).toEqual(['packageId is required']);
  });

  it('takes its own limit and required message (a reference is at most 40)', () => {
    expect(z.safeParse(idField('reference', 40), 'R'.repeat(41)).error?.issues[0]?.message).toBe('reference must be at most 40 characters');
    expect(z.safeParse(idField('cottageType', undefined, 'Please select a villa'), '').error?.issues[0]?.message).toBe('Please select a villa');
  });
});

describe('the other request bounds in shared/validation.ts', () => {
  it('a page cursor is at most its limit of text', () => {
    expect(z.parse(cursorField(), undefined)).toBeUndefined();
    expect(z.safeParse(cursorField(), 'x'.repeat(2001)).error?.issues[0]?.message).toBe('The page cursor is not valid');
    expect(z.parse(cursorField(4000), 'x'.repeat(4000))).toHaveLength(4000);
  });

  it('a from/to day range is in order, or refused under `to`', () => {
    const range = z.object({ from: z.optional(z.string()), to: z.optional(z.string()) }).check(dayRangeInOrder());
    expect(z.parse(range, { from: '2026-12-04', to: '2026-12-04' })).toEqual({ from: '2026-12-04', to: '2026-12-04' });
    expect(z.parse(range, { from: '2027-01-03' })).toEqual({ from: '2027-01-03' });
    const reversed = z.safeParse(range, { from: '2027-01-03', to: '2026-12-04' });
    expect(reversed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['to', 'to must not be before from']]);
  });
});
