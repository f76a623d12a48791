import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { listOrText, slugOf, toList } from '../../shared/admin-catalogue.ts';
import { cottageIdOf, cottageInputSchema, toStoredCottage } from '../../shared/admin-catalogue-cottages.ts';
import { describePackageDerivations, packageDerivations, packageInputSchema, toStoredPackage } from '../../shared/admin-catalogue-packages.ts';
import { safariInputSchema, toAdminSafari, toStoredSafari } from '../../shared/admin-catalogue-safaris.ts';
import { asGuestUnit, roomsFor } from '../../functions/lib/catalogue/guest-stay-kinds.ts';
import { sampleCottages, samplePackages, sampleSafaris, sampleStayTypes } from '../../infra/local/sample-data.ts';

describe('package derivations (docs/product.md#packages-tab)', () => {
  it("the price is the guests' package base: multiplier = price / 15000, or 1 without a price", () => {
    expect(packageDerivations({ price: 22500, includes: '' }).price_multiplier).toBe(1.5);
    expect(packageDerivations({ price: 15000, includes: '' }).price_multiplier).toBe(1);
    expect(packageDerivations({ price: '12345', includes: '' }).price_multiplier).toBe(0.823);
    expect(packageDerivations({ price: '', includes: '' }).price_multiplier).toBe(1);
    expect(packageDerivations({ price: undefined, includes: '' }).price_multiplier).toBe(1);
  });

  it("includes_safari when the includes mention 'safari' in any case; max_safaris the existing value, else 2 or 0", () => {
    expect(packageDerivations({ price: 1, includes: 'Meals, Evening SAFARI' })).toMatchObject({ includes_safari: true, max_safaris: 2 });
    expect(packageDerivations({ price: 1, includes: ['Meals', 'Spa'] })).toMatchObject({ includes_safari: false, max_safaris: 0 });
    expect(packageDerivations({ price: 1, includes: 'safari', existingMaxSafaris: 3 }).max_safaris).toBe(3);
  });

  it('reads as the form shows it', () => {
    expect(describePackageDerivations(packageDerivations({ price: 22500, includes: 'Two safaris' }))).toBe('Multiplier 1.5 · 2 safaris included');
    expect(describePackageDerivations(packageDerivations({ price: '', includes: 'Meals' }))).toBe('Multiplier 1 · no safari included');
  });
});

describe('mapping the portal payloads onto what we store', () => {
  it('ids are name slugs, never a villa type slug', () => {
    expect(slugOf('  Hornbill Villa  2 ')).toBe('hornbill-villa-2');
    expect(slugOf('Café Suite!')).toBe('cafe-suite');
    expect(slugOf('!!!')).toBe('item');
    expect(cottageIdOf('Glass Cottage', new Set(['glass-cottage']))).toBe('glass-cottage-1');
    expect(cottageIdOf('Glass Cottage', new Set(['hornbill-villa']))).toBe('glass-cottage');
  });

  it('lists come as a list or as comma-separated text, trimmed, without blanks or repeats', () => {
    expect(toList(' WiFi, Pool ,,WiFi\nSpa ')).toEqual(['WiFi', 'Pool', 'Spa']);
    expect(toList(['a', ' ', 'b'])).toEqual(['a', 'b']);
    const amenities = listOrText('Amenities', 5);
    expect(z.parse(amenities, 'WiFi, Pool')).toBe('WiFi, Pool');
    expect(z.parse(amenities, ['WiFi'])).toEqual(['WiFi']);
    const problems = (value: unknown) => z.safeParse(amenities, value).error?.issues.map((issue) => issue.message);
    for (const wrong of [5, null, {}, ['WiFi', 3]]) expect(problems(wrong), JSON.stringify(wrong)).toEqual(['Amenities is a list or comma-separated text']);
    expect(problems('WiFi, Swimming')).toEqual(['Amenities: each item is at most 5 characters']);
    expect(problems(Array.from({ length: 31 }, (_, index) => `a${index}`))).toEqual(['Amenities: at most 30 items']);
  });

  it("a cottage's price_per_night and capacity are base_price and max_guests; a new unit borrows its type's size and images", () => {
    const input = z.parse(cottageInputSchema, {
      name: 'Hornbill Villa 2',
      description: 'Second',
      price_per_night: 18000,
      capacity: 6,
      amenities: 'King Bed, WiFi',
      type: 'hornbill-villa',
    });
    expect(toStoredCottage(input, { id: 'hornbill-villa-2', type: sampleStayTypes[0] as never })).toEqual({
      id: 'hornbill-villa-2',
      name: 'Hornbill Villa 2',
      type: 'hornbill-villa',
      description: 'Second',
      base_price: 18000,
      max_guests: 6,
      size_sqft: 1200,
      amenities: ['King Bed', 'WiFi'],
      images: ['/images/villas/hornbill-villa.svg'],
      status: 'active',
    });
  });

  it("a package from the portal payload keeps the 0/1 flags' meaning and takes the defaults", () => {
    const input = z.parse(packageInputSchema, {
      name: 'Spa Days',
      type: 'wellness',
      description: 'Spa',
      price_multiplier: 1.1,
      includes_safari: 0,
      max_safaris: 0,
      is_active: 0,
    });
    expect(toStoredPackage(input, { id: 'spa-days' })).toMatchObject({
      includes_safari: false,
      is_active: false,
      status: 'inactive',
      max_guests: 6,
      min_guests: 1,
      duration: '2-3 nights',
      category: 'comfort',
    });
    const seasonal = z.parse(packageInputSchema, { name: 'x', description: 'y', status: 'seasonal', is_active: 1 });
    expect(toStoredPackage(seasonal, { id: 'x' })).toMatchObject({ status: 'seasonal', is_active: false });
  });

  it('an update without includes keeps the stored includes and safari flag', () => {
    const existing = samplePackages[3];
    if (!existing) throw new Error('sample');
    const input = z.parse(packageInputSchema, { name: existing.name, description: existing.description, type: 'safari', price_multiplier: 2 });
    expect(toStoredPackage(input, { id: existing.id, existing })).toMatchObject({
      includes: existing.includes,
      includes_safari: true,
      max_safaris: 3,
      price_multiplier: 2,
    });
  });

  it("a safari's start and end become its first slot (other slots kept); only an active one is bookable; the wire shape reads back", () => {
    const existing = sampleSafaris[0];
    if (!existing) throw new Error('sample');
    const input = z.parse(safariInputSchema, {
      name: existing.name,
      description: existing.description,
      duration: '3 hours',
      price: 800,
      max_guests: 6,
      start_time: '05:30',
      end_time: '08:30',
      meeting_point: 'Gate',
      includes: 'Jeep',
      status: 'seasonal',
    });
    const stored = toStoredSafari(input, { id: existing.id, existing });
    expect(stored).toMatchObject({
      time_slots: ['05:30-08:30', '07:00-10:00'],
      category: 'morning',
      is_active: false,
      seats_per_slot: 12,
      highlights: existing.highlights,
    });
    expect(toAdminSafari(stored)).toMatchObject({ start_time: '05:30', end_time: '08:30', type: 'morning', status: 'seasonal' });
    expect(toAdminSafari(sampleSafaris[2] as never)).toMatchObject({
      type: 'night',
      status: 'active',
      meeting_point: 'Reception porch (bring closed shoes)',
      exclusions: [],
    });
  });
});

describe('units as guests book them', () => {
  const [hornbill] = sampleCottages;
  const [type] = sampleStayTypes;
  if (!hornbill || !type) throw new Error('sample');
  const unit = (id: string, max_guests: number) => ({ ...hornbill, id, max_guests });

  it("show their type's card and price, and their own capacity, at most the type's", () => {
    const renamed = { ...type, name: 'Hornbill Suite', base_price: 21000, images: ['/media/x.webp'] };
    expect(asGuestUnit(renamed, { ...hornbill, name: 'Hornbill Villa 2', max_guests: 4 })).toMatchObject({
      id: 'hornbill-1',
      name: 'Hornbill Suite',
      base_price: 21000,
      max_guests: 4,
      images: ['/media/x.webp'],
    });
    expect(asGuestUnit({ ...type, max_guests: 3 }, hornbill).max_guests).toBe(3);
  });

  it('rooms go to the largest free units, and a party they cannot hold gets none', () => {
    const free = [unit('a', 2), unit('b', 4), unit('c', 4)];
    expect(roomsFor(free, 2, 8)?.map((chosen) => chosen.id)).toEqual(['b', 'c']);
    expect(roomsFor(free, 1, 4)?.map((chosen) => chosen.id)).toEqual(['b']);
    expect(roomsFor(free, 1, 5)).toBeUndefined();
    expect(roomsFor(free, 3, 11)).toBeUndefined();
    expect(roomsFor(free, 4, 2)).toBeUndefined();
    expect(roomsFor([unit('a', 2)], 1, 2)?.map((chosen) => chosen.id)).toEqual(['a']);
  });
});
