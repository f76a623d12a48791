import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { slugOf } from '../../shared/admin-catalogue.ts';
import { cottageIdOf, cottageInputSchema, toStoredCottage } from '../../shared/admin-catalogue-cottages.ts';
import { packageGuestRangeProblem, packageInputSchema, toStoredPackage } from '../../shared/admin-catalogue-packages.ts';
import { safariInputSchema, toStoredSafari } from '../../shared/admin-catalogue-safaris.ts';
import { stayTypeInputSchema, toStoredStayType } from '../../shared/admin-catalogue-stay-types.ts';
import { applyRuleChanges, createPricingRuleSchema, newPricingRule, pricingRuleChangesSchema, ruleProblems } from '../../shared/admin-pricing.ts';
import type { Cottage, Safari, StayPackage, StayType } from '../../shared/catalogue.ts';
import { cottageSchema, safariSchema, stayPackageSchema, stayTypeSchema } from '../../shared/catalogue-schemas.ts';
import { pricingRuleSchema, type PricingRule } from '../../shared/pricing-rule-schema.ts';
import { sampleCottages, samplePackages, samplePricingRules, sampleSafaris, sampleStayTypes } from '../../infra/local/sample-data.ts';
import { hostileString } from '../support/route-fuzz/hostile-values.ts';

/*
 * The portal's catalogue and pricing writes store what their `toStored*` function (and, for a rule,
 * newPricingRule and applyRuleChanges) makes of a body the route has validated, without parsing it
 * again against the stored schema (functions/lib/db/catalogue-writer.ts). These properties are what
 * makes that safe: for every body the route's schema accepts, and every item it may be applied to
 * (made by the portal, seeded, or stored before a field existed), the item to store is one the
 * stored schema accepts unchanged: nothing missing, nothing out of range, no default left to fill,
 * no attribute undefined.
 */

const RUNS = { numRuns: 300 };

function expectStoredAsIs<T extends object>(schema: z.core.$ZodType<T>, item: T): void {
  const parsed = z.safeParse(schema, item);
  expect(parsed.error?.issues ?? [], JSON.stringify(item)).toEqual([]);
  expect(parsed.data).toStrictEqual(item);
  expect(Object.entries(item).filter(([, value]) => value === undefined)).toEqual([]);
}

/**
 * A body's field: mostly a value of the kind the field takes (edge cases of it included), now and
 * then a hostile one, or absent. Most bodies are still accepted, and only those are what a property
 * is about.
 */
const field = <T>(plausible: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 40, arbitrary: plausible }, { weight: 1, arbitrary: hostileString }, { weight: 1, arbitrary: fc.constant(undefined) });

/** Text of up to `max` characters: words, unsafe characters and breaks (which the bodies clean away), and lengths at the limit. */
const text = (max: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ minLength: 1, maxLength: Math.min(max, 60) }).map((value) => `x${value}`.slice(0, max)) },
    {
      weight: 3,
      arbitrary: fc.constantFrom('Forest Retreat', 'Hornbill Villa 2', 'Jeep, guide\nand tea', '  Glass\tCottage  ', 'Ré\u202Esumé\u0000', 'é\u200E\uFEFF'),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fc.constantFrom(max - 1, max), fc.constantFrom('a', 'é', '😀', '\u202E'), fc.constantFrom('', ' ', '\u0000', '\n'))
        .map(([length, unit, edge]) => `${edge}${'a'}${unit.repeat(Math.max(length - 1, 0))}${edge}`),
    },
    { weight: 1, arbitrary: fc.constantFrom(' ', '\u0000', 'a'.repeat(max + 1)) },
  );

/** A list field: a list, or text with items by comma or line, of short and over-long items. */
const list = (maxItem: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.array(text(maxItem), { maxLength: 6 }) },
    { weight: 2, arbitrary: fc.array(text(maxItem), { maxLength: 6 }).map((items) => items.join(', ')) },
    {
      weight: 2,
      arbitrary: fc.array(fc.constantFrom('Jeep', 'Guide', 'safari breakfast', '', ' , ', 'Tea'), { maxLength: 8 }).map((items) => items.join('\n')),
    },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.constantFrom(
          'a',
          'b',
          'c',
          'd',
          'e',
          'f',
          'g',
          'h',
          'i',
          'j',
          'k',
          'l',
          'm',
          'n',
          'o',
          'p',
          'q',
          'r',
          's',
          't',
          'u',
          'v',
          'w',
          'x',
          'y',
          'z',
          'A',
          'B',
          'C',
          'D',
          'E',
          'F',
        ),
        { minLength: 28, maxLength: 32 },
      ),
    },
  );

/** A number within the given bounds (the bounds most often), or now and then one a client gets wrong. */
const number = (min: number, max: number) =>
  fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min, max }) },
    { weight: 4, arbitrary: fc.constantFrom(min, max) },
    { weight: 1, arbitrary: fc.constantFrom(min - 1, max + 1, 0.5, Number.NaN, Number.MAX_SAFE_INTEGER + 2) },
  );

/** One of the values a field takes, and now and then one it does not. */
const choice = <T>(valid: readonly T[], invalid: readonly unknown[]) =>
  fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: fc.constantFrom(...invalid) });

const image = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom('/images/villas/glass-cottage.png', '/uploads/a.webp', `/${'i'.repeat(299)}`) },
  { weight: 1, arbitrary: fc.constantFrom('', 'i'.repeat(301)) },
);

/** A body as a client sends it (only what the route's schema accepts is used). */
function accepted<T>(schema: z.core.$ZodType<T>, raw: unknown): T {
  const parsed = z.safeParse(schema, raw);
  fc.pre(parsed.success);
  return parsed.data as T;
}

/** What the portal stores: `make` applied to the bodies its route's schema accepts (the others are dropped). */
const madeByPortal = <I, T>(bodies: fc.Arbitrary<unknown>, schema: z.core.$ZodType<I>, make: (input: I) => T): fc.Arbitrary<T> =>
  bodies
    .map((raw) => z.safeParse(schema, raw))
    .filter((parsed) => parsed.success)
    .map((parsed) => make(parsed.data as I));

const withoutUndefined = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;

const stayTypeBody = fc
  .record({
    name: field(text(120)),
    description: field(text(2000)),
    price_per_night: field(number(1, 10_00_000)),
    capacity: field(number(1, 20)),
    size_sqft: field(number(1, 100_000)),
    amenities: field(list(60)),
    images: field(fc.array(image, { maxLength: 21, size: 'max' })),
    status: field(choice(['active', 'retired'], ['closed'])),
  })
  .map(withoutUndefined);

/** Kinds of stay as stored: the seed's, and what the portal makes of a body. */
const storedStayType = fc.oneof(
  fc.constantFrom(...sampleStayTypes),
  madeByPortal(stayTypeBody, stayTypeInputSchema, (input) => toStoredStayType(input, { id: slugOf(input.name) })),
);

describe('kinds of stay: what the portal stores is the stored shape', () => {
  it('a created kind, and one updated over any stored kind', () => {
    fc.assert(
      fc.property(stayTypeBody, fc.option(storedStayType, { nil: undefined }), (raw, existing) => {
        const input = accepted(stayTypeInputSchema, raw);
        const type = toStoredStayType(input, { id: existing?.id ?? slugOf(input.name), existing });
        expectStoredAsIs<StayType>(stayTypeSchema, type);
      }),
      RUNS,
    );
  });
});

const cottageBody = fc
  .record({
    name: field(text(120)),
    description: field(text(2000)),
    price_per_night: field(number(1, 10_00_000)),
    capacity: field(number(1, 20)),
    amenities: field(list(60)),
    status: field(choice(['active', 'inactive', 'maintenance'], ['retired'])),
    type: field(choice(['hornbill-villa', 'glass-cottage', 'x'.repeat(64)], ['Hornbill', '-x', 'a'.repeat(65)])),
    size_sqft: field(number(1, 100_000)),
    images: field(fc.array(image, { maxLength: 21, size: 'max' })),
  })
  .map(withoutUndefined);

const storedCottage: fc.Arbitrary<Cottage> = fc.oneof(
  fc.constantFrom(...sampleCottages),
  storedStayType.chain((type) =>
    madeByPortal(cottageBody, cottageInputSchema, (input) => toStoredCottage(input, { id: cottageIdOf(input.name, new Set([type.id])), type })),
  ),
);

describe('cottages: what the portal stores is the stored shape', () => {
  it('a unit of a kind, created or updated over any stored unit', () => {
    fc.assert(
      fc.property(cottageBody, storedStayType, fc.option(storedCottage, { nil: undefined }), (raw, type, existing) => {
        const input = accepted(cottageInputSchema, raw);
        const id = existing?.id ?? cottageIdOf(input.name, new Set([type.id]));
        expectStoredAsIs<Cottage>(cottageSchema, toStoredCottage(input, { id, type, existing }));
      }),
      RUNS,
    );
  });

  it('a cottage created without a kind, with the new kind made from its body', () => {
    fc.assert(
      fc.property(cottageBody, (raw) => {
        const input = accepted(cottageInputSchema, raw);
        // As cottage-admin.ts does: a new kind from the body, and the cottage its first unit.
        const type = toStoredStayType({ ...input, status: 'active' }, { id: slugOf(input.name) });
        expectStoredAsIs<StayType>(stayTypeSchema, type);
        expectStoredAsIs<Cottage>(cottageSchema, toStoredCottage(input, { id: `${type.id}-1`, type }));
      }),
      RUNS,
    );
  });
});

const packageBody = fc
  .record({
    name: field(text(120)),
    description: field(text(2000)),
    type: field(choice(['accommodation', 'safari', 'wellness', 'adventure', 'corporate'], ['spa'])),
    price_multiplier: field(fc.oneof(fc.double({ min: 0.01, max: 10, noNaN: true }), fc.constantFrom(0.01, 1, 1.5, 10), fc.constantFrom(0, 10.01))),
    price: field(number(1, 1_50_000)),
    includes_safari: field(choice([0, 1, true, false], [2, '1'])),
    max_safaris: field(number(0, 10)),
    is_active: field(choice([0, 1, true, false], ['yes'])),
    status: field(choice(['active', 'inactive', 'seasonal'], ['retired'])),
    category: field(choice(['romance', 'family', 'adventure', 'comfort', 'standard'], ['luxury'])),
    duration: field(text(40)),
    min_guests: field(number(1, 20)),
    max_guests: field(number(1, 20)),
    includes: field(list(120)),
    exclusions: field(list(120)),
  })
  .map(withoutUndefined);

/** Packages as stored: the seed's, the portal's, and ones stored before status and exclusions existed. */
const storedPackage: fc.Arbitrary<StayPackage> = fc.oneof(
  fc.constantFrom(...samplePackages),
  fc.constantFrom(...samplePackages).map(({ status: _status, exclusions: _exclusions, ...older }) => older),
  madeByPortal(packageBody, packageInputSchema, (input) => toStoredPackage(input, { id: slugOf(input.name) })).filter(
    (stayPackage) => packageGuestRangeProblem(stayPackage) === undefined,
  ),
);

describe('packages: what the portal stores is the stored shape', () => {
  it('a created package, and one updated over any stored package, when its guest range holds someone', () => {
    fc.assert(
      fc.property(packageBody, fc.option(storedPackage, { nil: undefined }), (raw, existing) => {
        const input = accepted(packageInputSchema, raw);
        const stayPackage = toStoredPackage(input, { id: existing?.id ?? slugOf(input.name), existing });
        // package-admin.ts refuses the rest (400) before anything is stored.
        fc.pre(packageGuestRangeProblem(stayPackage) === undefined);
        expectStoredAsIs<StayPackage>(stayPackageSchema, stayPackage);
      }),
      RUNS,
    );
  });
});

const clock = fc.oneof(
  fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
  fc.constantFrom('00:00', '06:00', '09:00', '23:59', '24:00', '6:00', ''),
);

const safariBody = fc
  .record({
    name: field(text(120)),
    description: field(text(2000)),
    type: field(choice(['morning', 'evening', 'full-day', 'night', 'special'], ['dawn'])),
    duration: field(text(40)),
    price: field(number(1, 1_00_000)),
    max_guests: field(number(1, 40)),
    start_time: field(clock),
    end_time: field(clock),
    meeting_point: field(text(200)),
    includes: field(list(120)),
    exclusions: field(list(120)),
    status: field(choice(['active', 'inactive', 'seasonal', 'maintenance'], ['retired'])),
    seats_per_slot: field(number(1, 200)),
  })
  .map(withoutUndefined);

/** Safaris as stored: the seed's (with their several slots), the portal's, and ones stored before seats per slot existed. */
const storedSafari: fc.Arbitrary<Safari> = fc.oneof(
  fc.constantFrom(...sampleSafaris),
  fc.constantFrom(...sampleSafaris).map(({ seats_per_slot: _seats, ...older }) => older as Safari),
  madeByPortal(safariBody, safariInputSchema, (input) => toStoredSafari(input, { id: slugOf(input.name) })),
);

describe('safaris: what the portal stores is the stored shape', () => {
  it('a created safari, and one updated over any stored safari (its other slots kept, a slot seating a full party)', () => {
    fc.assert(
      fc.property(safariBody, fc.option(storedSafari, { nil: undefined }), (raw, existing) => {
        const input = accepted(safariInputSchema, raw);
        expectStoredAsIs<Safari>(safariSchema, toStoredSafari(input, { id: existing?.id ?? slugOf(input.name), existing }));
      }),
      RUNS,
    );
  });
});

const day = fc.integer({ min: 0, max: 800 }).map((offset) => new Date(Date.UTC(2026, 0, 1 + offset)).toISOString().slice(0, 10));

const ruleFields = {
  service_name: field(text(120)),
  service_type: field(choice(['cottage', 'safari', 'package', 'activity', 'meal'], ['spa'])),
  applies_to: field(choice(['', ' glass-cottage ', 'forest-retreat', 'x'.repeat(64)], ['Bad Id', 'a'.repeat(65)])),
  base_price: field(fc.oneof(number(0, 10_000_000), fc.double({ min: 0, max: 10_000_000, noNaN: true }))),
  currency: field(choice(['INR', 'USD', 'EUR', 'GBP'], ['JPY'])),
  season: field(choice(['all-year', 'peak', 'off-peak', 'monsoon', 'winter'], ['summer'])),
  discount_percentage: field(fc.oneof(number(0, 100), fc.double({ min: 0, max: 100, noNaN: true }))),
  valid_from: field(fc.oneof({ weight: 12, arbitrary: day }, { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '', '2026-1-1') })),
  valid_until: field(fc.oneof({ weight: 12, arbitrary: day }, { weight: 1, arbitrary: fc.constantFrom('2026-02-30', '', '2026-1-1') })),
  min_stay: field(number(1, 365)),
  max_stay: field(number(1, 365)),
  description: field(text(500)),
  status: field(choice(['active', 'inactive', 'seasonal', 'promotional'], ['draft'])),
};

const at = fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2028, 0, 1) }).map((ms) => new Date(ms).toISOString());

/** Rules as stored: the seed's (parsed, as the seed stores them) and the portal's. */
const storedRule: fc.Arbitrary<PricingRule> = fc.oneof(
  fc.constantFrom(...samplePricingRules.map((rule) => z.parse(pricingRuleSchema, rule))),
  fc
    .tuple(at, fc.uuid())
    .chain(([time, id]) =>
      madeByPortal(fc.record(ruleFields).map(withoutUndefined), createPricingRuleSchema, (body) => ({ body, rule: newPricingRule(body, { id, at: time }) })),
    )
    .filter(({ body }) => Object.keys(ruleProblems(body)).length === 0)
    .map(({ rule }) => rule),
);

describe('pricing rules: what the portal stores is the stored shape', () => {
  it('a new rule whose fields hold together', () => {
    fc.assert(
      fc.property(fc.record(ruleFields).map(withoutUndefined), at, fc.uuid(), (raw, time, id) => {
        const body = accepted(createPricingRuleSchema, raw);
        // The routes refuse the rest (400) before anything is stored.
        fc.pre(Object.keys(ruleProblems(body)).length === 0);
        expectStoredAsIs<PricingRule>(pricingRuleSchema, newPricingRule(body, { id, at: time }));
      }),
      RUNS,
    );
  });

  it('any stored rule with changes applied (an update, or one of a bulk update), when the result holds together', () => {
    fc.assert(
      fc.property(storedRule, fc.record(ruleFields, { requiredKeys: [] }).map(withoutUndefined), at, (before, raw, time) => {
        const changes = accepted(pricingRuleChangesSchema, raw);
        const after = { ...applyRuleChanges(before, changes), updated_at: time };
        fc.pre(Object.keys(ruleProblems(after)).length === 0);
        expectStoredAsIs<PricingRule>(pricingRuleSchema, after);
      }),
      RUNS,
    );
  });
});
