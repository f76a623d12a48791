import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { cottageSchema, safariSchema, stayPackageSchema, timeSlotSchema } from '../../shared/catalogue-schemas.ts';
import { isSpecialSafari } from '../../shared/catalogue.ts';
import { formatCount, formatInr } from '../../shared/money.ts';
import { sampleCottages, samplePackages, sampleSafaris } from '../../infra/local/sample-data.ts';

describe('money formatting', () => {
  it('uses the rupee sign, Indian grouping and no decimals', () => {
    expect(formatInr(18000)).toBe('₹18,000');
    expect(formatInr(1234567)).toBe('₹12,34,567');
    expect(formatInr(499.6)).toBe('₹500');
    expect(formatCount(1200)).toBe('1,200');
  });
});

describe('sample resort', () => {
  it('seeds the three villa types with their defaults, one unit each', () => {
    const byType = Object.fromEntries(sampleCottages.map((c) => [c.type, [c.base_price, c.max_guests, c.size_sqft]]));
    expect(byType).toEqual({
      'hornbill-villa': [18000, 6, 1200],
      'kingfisher-villa': [15000, 4, 900],
      'glass-cottage': [25000, 8, 1500],
    });
    for (const cottage of sampleCottages) {
      expect(z.parse(cottageSchema, cottage)).toEqual(cottage);
      expect(cottage.amenities).toHaveLength(8);
      expect(cottage.images.length).toBeGreaterThan(0);
    }
  });

  it('seeds the sample packages: honeymoon 1.3, family 1.2, safari adventure 1.5 with at most 3 safaris', () => {
    const multipliers = Object.fromEntries(samplePackages.map((p) => [p.id, p.price_multiplier]));
    expect(multipliers).toMatchObject({ 'honeymoon-escape': 1.3, 'family-getaway': 1.2, 'safari-adventure': 1.5 });
    expect(samplePackages.find((p) => p.id === 'safari-adventure')).toMatchObject({ includes_safari: true, max_safaris: 3 });
    for (const stayPackage of samplePackages) {
      expect(z.parse(stayPackageSchema, stayPackage)).toEqual(stayPackage);
      expect(stayPackage.min_guests).toBeLessThanOrEqual(stayPackage.max_guests);
    }
  });

  it('seeds morning, evening and night safaris with valid time slots', () => {
    expect(sampleSafaris.map((s) => s.category).sort()).toEqual(['evening', 'morning', 'night']);
    for (const safari of sampleSafaris) expect(z.parse(safariSchema, safari)).toEqual(safari);
    expect(
      sampleSafaris
        .filter(isSpecialSafari)
        .map((s) => s.id)
        .sort(),
    ).toEqual(['evening-jungle-safari', 'night-trail-safari']);
  });
});

describe('catalogue validation', () => {
  it('rejects time slots that are malformed or end before they start', () => {
    expect(z.safeParse(timeSlotSchema, '06:00-09:00').success).toBe(true);
    expect(z.safeParse(timeSlotSchema, '9:00-10:00').success).toBe(false);
    expect(z.safeParse(timeSlotSchema, '10:00-09:00').success).toBe(false);
  });

  it('rejects ids that are not URL-safe slugs', () => {
    const [cottage] = sampleCottages;
    expect(z.safeParse(cottageSchema, { ...cottage, id: 'Hornbill 1' }).success).toBe(false);
  });
});

describe('stored data from earlier versions', () => {
  it('reads a safari stored before seats_per_slot existed as two six-seat jeeps', () => {
    const [safari] = sampleSafaris;
    const { seats_per_slot: _seats, ...older } = safari ?? ({} as never);
    expect(z.parse(safariSchema, older).seats_per_slot).toBe(12);
  });
});
