import { describe, expect, it } from 'vitest';
import { bookingKeys, connectionKeys, cottageKeys, loginKeys, userKeys } from '../../functions/lib/db/keys.ts';
import { createTableInput } from '../../functions/lib/db/table.ts';

describe('single-table key design', () => {
  it('treats e-mail addresses case-insensitively for uniqueness and login throttling', () => {
    expect(userKeys.email('  Guest@Example.COM ')).toEqual(userKeys.email('guest@example.com'));
    expect(loginKeys.fromAddress('A@B.in', '10.0.0.1')).toEqual(loginKeys.fromAddress('a@b.in', '10.0.0.1'));
  });

  it('keeps a cottage, its nights and its listing apart so one Query serves each pattern', () => {
    expect(cottageKeys.item('glass-1').pk).toBe(cottageKeys.night('glass-1', '2026-12-24').pk);
    expect(cottageKeys.night('glass-1', '2026-12-24').sk < cottageKeys.night('glass-1', '2026-12-25').sk).toBe(true);
    expect(cottageKeys.listing('glass-cottage', 'glass-1').gsi1sk.startsWith(cottageKeys.typePrefix('glass-cottage'))).toBe(true);
  });

  it('files bookings by created month for the admin lists and reports', () => {
    expect(bookingKeys.byMonth('2026-11-22T10:00:00.000Z', 'pending')).toEqual({ gsi2pk: 'BOOKINGS#2026-11', gsi2sk: 'pending#2026-11-22T10:00:00.000Z' });
  });

  it('indexes WebSocket memberships by audience', () => {
    expect(connectionKeys.membership('abc=', 'admin')).toEqual({ pk: 'CONNECTION#abc=', sk: 'AUDIENCE#admin', gsi1pk: 'AUDIENCE#admin', gsi1sk: 'abc=' });
  });

  it('defines the table with string keys, two GSIs and on-demand billing', () => {
    const input = createTableInput('t');
    expect(input.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(input.GlobalSecondaryIndexes.map((index) => index.IndexName)).toEqual(['gsi1', 'gsi2']);
    expect(input.BillingMode).toBe('PAY_PER_REQUEST');
  });
});
