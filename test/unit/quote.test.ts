import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { packageDerivations, packagePrice as portalPackagePrice } from '../../shared/admin-catalogue-packages.ts';
import { packageBasePrice, packagePrice, quoteStay, taxesAndFees, type QuoteInput } from '../../shared/quote.ts';
import { addDaysIso } from '../../shared/stay.ts';
import { pricingRule } from '../support/pricing-fixtures.ts';

const hornbill = { id: 'hornbill-1', name: 'Hornbill Villa', type: 'hornbill-villa', base_price: 18000 };
const honeymoon = { id: 'honeymoon-escape', name: 'Honeymoon Escape', price_multiplier: 1.3, min_guests: 2 };
const stay = (overrides: Partial<QuoteInput> = {}): QuoteInput => ({
  checkIn: '2027-01-10',
  checkOut: '2027-01-13',
  adults: 2,
  children: 0,
  rooms: 1,
  cottage: hornbill,
  safaris: [],
  rules: [],
  ...overrides,
});
const rule = pricingRule;

describe('quote, worked examples', () => {
  it('prices villa nights with the extra-guest rule, GST and the service fee', () => {
    const quote = quoteStay(stay());
    // 3 x 18000 + 30% x 18000 for the second guest = 54000 + 5400
    expect(quote.villa).toMatchObject({ amount: 59400, extraGuestCost: 5400, guestMultiplier: 1.3 });
    expect(quote).toMatchObject({ nights: 3, subtotal: 59400, gst: 10692, serviceFee: 500, total: 70592 });
    expect(quote.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(quote.total);
  });

  it('adds the package (its formula) and safaris (price x guests)', () => {
    const quote = quoteStay(
      stay({
        stayPackage: honeymoon,
        safaris: [{ id: 'morning-jeep-safari', name: 'Morning Jeep Safari', price: 750, guests: 2, date: '2027-01-11', timeSlot: '06:00-09:00' }],
      }),
    );
    // base 19500; 2 guests = minimum; 3 nights -> x2.4 = 46800
    expect(quote.package).toMatchObject({ basePrice: 19500, amount: 46800 });
    expect(quote.safaris[0]?.amount).toBe(1500);
    expect(quote.subtotal).toBe(59400 + 46800 + 1500);
  });

  it("takes a package's included safaris off, the dearest first, and charges the rest at their price", () => {
    const safari = (id: string, price: number, guests: number) => ({ id, name: id, price, guests, date: '2027-01-11', timeSlot: '06:00-09:00' });
    const safaris = [safari('cheap', 750, 2), safari('dear', 2500, 2), safari('middle', 1200, 2)];
    const adventure = { id: 'safari-adventure', name: 'Safari Adventure', price_multiplier: 1.5, min_guests: 1, includes_safari: true, max_safaris: 2 };
    const quote = quoteStay(stay({ stayPackage: adventure, safaris, rules: [rule({ service_type: 'safari', discount_percentage: 20 })] }));
    expect(quote.safaris.map(({ id, amount, included }) => ({ id, amount, included }))).toEqual([
      // The one paid safari gets the safari discount; the included ones are free, not discounted.
      { id: 'cheap', amount: 1200, included: false },
      { id: 'dear', amount: 0, included: true },
      { id: 'middle', amount: 0, included: true },
    ]);
    expect(quote.lines).toContainEqual(expect.objectContaining({ label: 'Included in the Safari Adventure package', amount: -5000 }));
    expect(quote.lines).toContainEqual(expect.objectContaining({ label: 'Included in the Safari Adventure package', amount: -2400 }));
    expect(quote.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(quote.total);
    // A package that includes no safaris (or kept an old max_safaris) and no package at all: every safari is paid.
    for (const stayPackage of [{ ...adventure, includes_safari: false }, undefined]) {
      const paid = quoteStay(stay({ ...(stayPackage ? { stayPackage } : {}), safaris }));
      expect(paid.safaris.map((entry) => entry.amount)).toEqual([1500, 5000, 2400]);
      expect(paid.safaris.some((entry) => entry.included)).toBe(false);
    }
  });

  it('applies the best active rule per night, only inside its dates and stay bounds', () => {
    const rules = [
      rule({ valid_until: '2027-01-11' }),
      rule({ id: 'r2', discount_percentage: 20, min_stay: 5 }),
      rule({ id: 'r3', discount_percentage: 50, status: 'inactive' }),
    ];
    const quote = quoteStay(stay({ rules }));
    expect(quote.villa.nightly.map((night) => night.price)).toEqual([16200, 16200, 18000]);
    expect(quote.villa.discount).toBe(3600);
    expect(quote.lines).toContainEqual(expect.objectContaining({ label: 'Winter Escape discount', amount: -3600 }));
  });

  it('charges a small stay the 2% fee, and a large one at most ₹500', () => {
    expect(taxesAndFees(10000)).toEqual({ gst: 1800, serviceFee: 200, total: 12000 });
    expect(taxesAndFees(100000).serviceFee).toBe(500);
  });
});

const arbitraryStay = fc.record({
  offset: fc.integer({ min: 0, max: 300 }),
  nights: fc.integer({ min: 1, max: 30 }),
  adults: fc.integer({ min: 1, max: 8 }),
  children: fc.integer({ min: 0, max: 6 }),
  rooms: fc.integer({ min: 1, max: 4 }),
  basePrice: fc.integer({ min: 1000, max: 100000 }),
  multiplier: fc.option(
    fc.integer({ min: 50, max: 300 }).map((n) => n / 100),
    { nil: undefined },
  ),
  safariGuests: fc.array(fc.integer({ min: 1, max: 8 }), { maxLength: 4 }),
  includedSafaris: fc.integer({ min: 0, max: 5 }),
  discount: fc.option(fc.integer({ min: 0, max: 100 }), { nil: undefined }),
});

type StaySample = typeof arbitraryStay extends fc.Arbitrary<infer T> ? T : never;
const toInput = (s: StaySample): QuoteInput => {
  const checkIn = addDaysIso('2027-01-01', s.offset);
  return stay({
    checkIn,
    checkOut: addDaysIso(checkIn, s.nights),
    adults: s.adults,
    children: s.children,
    rooms: s.rooms,
    cottage: { ...hornbill, base_price: s.basePrice },
    ...(s.multiplier
      ? { stayPackage: { ...honeymoon, price_multiplier: s.multiplier, min_guests: 1, includes_safari: s.includedSafaris > 0, max_safaris: s.includedSafaris } }
      : {}),
    safaris: s.safariGuests.map((guests, index) => ({ id: `s${index}`, name: 'S', price: 900, guests, date: checkIn, timeSlot: '06:00-09:00' })),
    rules: s.discount === undefined ? [] : [rule({ valid_from: '2027-01-01', valid_until: '2028-12-31', discount_percentage: s.discount })],
  });
};

describe('quote, properties', () => {
  it('adds up: lines sum to the total, total = subtotal + GST + fee, all whole rupees', () => {
    fc.assert(
      fc.property(arbitraryStay, (s) => {
        const quote = quoteStay(toInput(s));
        expect(quote.lines.reduce((sum, line) => sum + line.amount, 0)).toBe(quote.total);
        expect(quote.total).toBe(quote.subtotal + quote.gst + quote.serviceFee);
        for (const value of [quote.subtotal, quote.gst, quote.serviceFee, quote.total]) expect(Number.isInteger(value)).toBe(true);
      }),
    );
  });

  it('keeps GST at 18% and the fee at 2% capped at ₹500 (each within half a rupee)', () => {
    fc.assert(
      fc.property(arbitraryStay, (s) => {
        const quote = quoteStay(toInput(s));
        expect(Math.abs(quote.gst - quote.subtotal * 0.18)).toBeLessThanOrEqual(0.5);
        expect(quote.serviceFee).toBe(Math.min(Math.round(quote.subtotal * 0.02), 500));
      }),
    );
  });

  it('prices villa nights as base x nights x rooms plus 30% of base per extra guest, minus discounts', () => {
    fc.assert(
      fc.property(arbitraryStay, (s) => {
        const quote = quoteStay(toInput(s));
        const full = s.basePrice * s.nights * s.rooms + Math.round(0.3 * s.basePrice * (s.adults + s.children - 1));
        expect(quote.villa.amount).toBe(full - quote.villa.discount);
        expect(quote.villa.discount).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('never charges more with a discount rule than without one', () => {
    fc.assert(
      fc.property(arbitraryStay, (s) => {
        expect(quoteStay(toInput(s)).total).toBeLessThanOrEqual(quoteStay(toInput({ ...s, discount: undefined })).total);
      }),
    );
  });

  it('matches the package formula and never drops with more nights or guests', () => {
    fc.assert(
      fc.property(fc.integer({ min: 50, max: 300 }), fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 30 }), (m, guests, nights) => {
        const multiplier = m / 100;
        const base = packageBasePrice(multiplier);
        const expected = Math.round((base + 0.3 * base * (guests - 1)) * (nights > 1 ? Math.max(1, 0.8 * nights) : 1));
        expect(packagePrice(multiplier, guests, nights)).toBe(expected);
        expect(packagePrice(multiplier, guests + 1, nights)).toBeGreaterThanOrEqual(expected);
        expect(packagePrice(multiplier, guests, nights + 1)).toBeGreaterThanOrEqual(expected);
      }),
    );
  });

  it("a price staff save is exactly the guests' package base, and stored multipliers keep the guests' prices", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 150_000 }), (price) => {
        const { price_multiplier } = packageDerivations({ price, includes: '' });
        expect(packageBasePrice(price_multiplier)).toBe(price);
        expect(portalPackagePrice({ price_multiplier })).toBe(price);
      }),
    );
    // The sample packages' multipliers: what the portal shows is what the guest's quote charges.
    for (const multiplier of [1, 1.2, 1.3, 1.5, 1.1667]) expect(portalPackagePrice({ price_multiplier: multiplier })).toBe(packageBasePrice(multiplier));
  });
});
