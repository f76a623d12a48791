import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createBookingSchema, guestDetailsSchema } from '../../shared/booking.ts';
import { includedSafariIndexes, includedSafaris } from '../../shared/quote.ts';
import { isIsoDate } from '../../shared/stay.ts';
import { cleanText, textField } from '../../shared/text.ts';
import { accountNameSchema } from '../../shared/user-schemas.ts';
import { fields, maxLength, minLength, wholeNumber } from '../../shared/validation.ts';
import { samplePackages } from '../../infra/local/sample-data.ts';

const guest = { firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in', phone: '98765 43210' };
const messagesOf = (result: { error?: { issues: readonly z.core.$ZodIssue[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));

describe('calendar dates', () => {
  it('are real days: impossible dates are false, never a throw', () => {
    for (const date of ['2026-02-30', '2027-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-12-32', '2026-1-01', '', 'tomorrow'])
      expect(isIsoDate(date), date).toBe(false);
    for (const date of ['2028-02-29', '2026-12-31', '2026-01-01']) expect(isIsoDate(date), date).toBe(true);
  });

  it('an impossible booking date is the field message, not an exception', () => {
    const result = z.safeParse(createBookingSchema, {
      cottageType: 'hornbill-villa',
      checkIn: '2026-02-30',
      checkOut: '2026-13-01',
      adults: 2,
      packageId: 'forest-retreat',
      guestDetails: guest,
      acceptTerms: true,
    });
    expect(messagesOf(result)).toEqual({ checkIn: 'Dates look like 2026-12-24', checkOut: 'Dates look like 2026-12-24' });
  });
});

describe('free text from requests', () => {
  it('loses control characters, bidi overrides and isolates, and lone surrogates; one-line text keeps no line breaks', () => {
    expect(cleanText(' A\u0000sha\u202E \u2066Rao\u2069\u0007 ')).toBe('Asha Rao');
    expect(cleanText('\uFEFFMee\u200Fra\u200E I\u061Cyer')).toBe('Meera Iyer');
    // Joiners are part of how Indic scripts and emoji are written: they stay.
    expect(cleanText('\u0D28\u0D3F\u0D7D\u200D')).toBe('\u0D28\u0D3F\u0D7D\u200D');
    expect(cleanText('Anne\tMarie\r\nDas')).toBe('Anne Marie Das');
    expect(cleanText('\u0085x\u009Fy\u007F')).toBe('xy');
    expect(cleanText('bad\uD800 half\uDFFF')).toBe('bad half');
    // A pair is a real character (an emoji) and stays.
    expect(cleanText('Tiger 🐅')).toBe('Tiger 🐅');
    expect(cleanText('Line 1\r\nLine 2\rLine 3\u2028Line 4\u000B\tend\u202D', { multiline: true })).toBe('Line 1\nLine 2\nLine 3\nLine 4\n\tend');
    expect(cleanText('Dévi Ñandú 李')).toBe('Dévi Ñandú 李');
  });

  it('a name too long says so, and a blank one is still required', () => {
    const long = z.safeParse(guestDetailsSchema, { ...guest, firstName: 'a'.repeat(61), lastName: 'b'.repeat(61), address: 'c'.repeat(301) });
    expect(messagesOf(long)).toEqual({
      firstName: 'First name must be at most 60 characters',
      lastName: 'Last name must be at most 60 characters',
      address: 'Address must be at most 300 characters',
    });
    expect(messagesOf(z.safeParse(guestDetailsSchema, { ...guest, firstName: '\u202E\u0000 ', email: 'x'.repeat(250) + '@example.in' }))).toEqual({
      firstName: 'First name is required',
      email: 'Email must be at most 254 characters',
    });
    expect(z.parse(guestDetailsSchema, { ...guest, firstName: 'a'.repeat(60) }).firstName).toHaveLength(60);
    expect(messagesOf(z.safeParse(accountNameSchema, 'n'.repeat(121)))).toEqual({ '': 'Name must be at most 120 characters' });
    expect(z.parse(accountNameSchema, ' Meera\u202E Iyer ')).toBe('Meera Iyer');
  });

  it('counts length after cleaning, and sanitises every free-text field of a booking', () => {
    expect(z.parse(textField('Note', 5), 'ab\u0000\u0000\u0000cde')).toBe('abcde');
    const parsed = z.parse(createBookingSchema, {
      cottageType: 'hornbill-villa',
      checkIn: '2030-01-01',
      checkOut: '2030-01-02',
      adults: 2,
      packageId: 'forest-retreat',
      guestDetails: { ...guest, firstName: 'As\u0000ha', lastName: 'Rao\u202E', email: 'asha@exa\u0000mple.in', address: '12 Forest Road\u0007\r\nKabini' },
      specialRequests: 'Cot \u2066please\uD800',
      acceptTerms: true,
    });
    expect(parsed.guestDetails).toMatchObject({ firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in', address: '12 Forest Road\nKabini' });
    expect(parsed.specialRequests).toBe('Cot please');
  });
});

describe("a package's safaris", () => {
  const byId = (id: string) => samplePackages.find((stayPackage) => stayPackage.id === id) ?? ({} as never);

  it('a package that includes safaris includes its max_safaris at no charge; one that does not includes none', () => {
    expect(includedSafaris(byId('safari-adventure'))).toBe(3);
    expect(includedSafaris(byId('forest-retreat'))).toBe(0);
    expect(includedSafaris(undefined)).toBe(0);
    // max_safaris left over from before the inclusions stopped mentioning a safari counts for nothing.
    expect(includedSafaris({ includes_safari: false, max_safaris: 2 })).toBe(0);
  });

  it('the included ones are the dearest, the earlier first on a tie', () => {
    expect([...includedSafariIndexes([750, 2500, 1200, 2500], 2)].sort()).toEqual([1, 3]);
    expect([...includedSafariIndexes([900, 900, 900], 1)]).toEqual([0]);
    expect(includedSafariIndexes([900, 900], 0).size).toBe(0);
    expect(includedSafariIndexes([900], 3).size).toBe(1);
  });
});

describe('validation messages', () => {
  it('are plain English for checks that carry none of their own', () => {
    const schema = fields({
      name: z.string().check(maxLength(3)),
      code: z.string().check(minLength(1)),
      nights: wholeNumber().check(z.gte(1), z.lte(30)),
      tags: z.array(z.string()).check(maxLength(1)),
      kind: z.enum(['villa', 'safari']),
    });
    expect(messagesOf(z.safeParse(schema, { name: 'abcd', code: '', nights: 31, tags: ['a', 'b'], kind: 'tent' }))).toEqual({
      name: 'Must have at most 3 characters',
      code: 'Must not be empty',
      nights: 'Must be at most 30',
      tags: 'Must have at most 1 item',
      kind: 'Must be "villa" or "safari"',
    });
    expect(messagesOf(z.safeParse(schema, { name: 3, nights: 'two', tags: {}, kind: 'villa' }))).toEqual({
      name: 'Must be text',
      code: 'Required',
      nights: 'Must be a number',
      tags: 'Must be a list',
    });
    expect(messagesOf(z.safeParse(schema, undefined))).toEqual({ '': 'Must be an object' });
  });

  it('name a missing field with the message its own schema gives, as for a blank one', () => {
    expect(messagesOf(z.safeParse(createBookingSchema, { guestDetails: {} }))).toMatchObject({
      cottageType: 'Please select a villa',
      checkIn: 'Check-in date is required',
      adults: 'Adults must be a whole number',
      'guestDetails.firstName': 'First name is required',
      'guestDetails.phone': 'Phone number is required',
      acceptTerms: 'Please accept the terms and conditions',
    });
  });

  it('say only that a fraction is not a whole number, not also that it is out of range', () => {
    const guests = wholeNumber('Guests must be a whole number', 'Guests must be a whole number').check(z.gte(1, 'At least 1 guest'));
    expect(z.safeParse(guests, 0.5).error?.issues.map((issue) => issue.message)).toEqual(['Guests must be a whole number']);
    expect(z.safeParse(guests, 0).error?.issues.map((issue) => issue.message)).toEqual(['At least 1 guest']);
  });
});
