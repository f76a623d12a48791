import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { cursorField, dayRangeInOrder, fields, idField, MAX_ID_LENGTH } from '../../shared/validation.ts';

describe('idField: every id a request names, bounded', () => {
  const id = idField('packageId');

  it('takes 1 to 64 characters, and says which field is too long or missing', () => {
    expect(v.parse(id, 'forest-retreat')).toBe('forest-retreat');
    expect(v.parse(id, 'a'.repeat(MAX_ID_LENGTH))).toHaveLength(64);
    expect(v.safeParse(id, 'a'.repeat(65)).issues?.map((issue) => issue.message)).toEqual(['packageId must be at most 64 characters']);
    // Over DynamoDB's 2,048-byte key: one message, no key is ever built from it.
    expect(v.safeParse(id, 'é'.repeat(3000)).issues?.map((issue) => issue.message)).toEqual(['packageId must be at most 64 characters']);
    expect(v.safeParse(id, '').issues?.map((issue) => issue.message)).toEqual(['packageId is required']);
    expect(v.safeParse(fields({ packageId: id }), {}).issues?.map((issue) => issue.message)).toEqual(['packageId is required']);
    expect(v.safeParse(id, 42).issues?.map((issue) => issue.message)).toEqual(['packageId is required']);
  });

  it('takes its own limit and required message (a reference is at most 40)', () => {
    expect(v.safeParse(idField('reference', 40), 'R'.repeat(41)).issues?.[0]?.message).toBe('reference must be at most 40 characters');
    expect(v.safeParse(idField('cottageType', undefined, 'Please select a villa'), '').issues?.[0]?.message).toBe('Please select a villa');
  });
});

describe('the other request bounds in shared/validation.ts', () => {
  it('a page cursor is at most its limit of text', () => {
    expect(v.parse(cursorField(), undefined)).toBeUndefined();
    expect(v.safeParse(cursorField(), 'x'.repeat(2001)).issues?.[0]?.message).toBe('The page cursor is not valid');
    expect(v.parse(cursorField(4000), 'x'.repeat(4000))).toHaveLength(4000);
  });

  it('a from/to day range is in order, or refused under `to`', () => {
    const range = v.pipe(fields({ from: v.optional(v.string()), to: v.optional(v.string()) }), dayRangeInOrder());
    expect(v.parse(range, { from: '2026-12-04', to: '2026-12-04' })).toEqual({ from: '2026-12-04', to: '2026-12-04' });
    expect(v.parse(range, { from: '2027-01-03' })).toEqual({ from: '2027-01-03' });
    const reversed = v.safeParse(range, { from: '2027-01-03', to: '2026-12-04' });
    expect(reversed.issues?.map((issue) => [issue.path?.map((item) => item.key).join('.'), issue.message])).toEqual([['to', 'to must not be before from']]);
  });
});
