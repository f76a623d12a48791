import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { pageLimit } from '../../shared/validation.ts';

describe("a list's limit parameter (users, payments, audit log)", () => {
  const limit = pageLimit('25');
  it('reads 1 to 100 from the query text, and its default when absent', () => {
    expect(z.parse(limit, undefined)).toBe(25);
    expect(z.parse(limit, '1')).toBe(1);
    expect(z.parse(limit, '100')).toBe(100);
  });
  it('refuses anything else with one message', () => {
    for (const text of ['0', '101', '1000', '-1', '2.5', 'ten', ''])
      expect(z.safeParse(limit, text).error?.issues[0]?.message, text).toBe('limit is a number from 1 to 100');
  });
});
