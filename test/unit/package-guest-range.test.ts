import { describe, expect, it } from 'vitest';
import { packageGuestProblem, packageMessages } from '../../shared/booking.ts';

describe('packageGuestProblem: the one package guest-range rule of booking creation and the quote', () => {
  const honeymoon = { name: 'Honeymoon Escape', min_guests: 2, max_guests: 2 };
  const family = { name: 'Family Getaway', min_guests: 2, max_guests: 8 };

  it("names the package's minimum when the party is smaller than the package allows", () => {
    expect(packageGuestProblem(family, 1)).toBe('Family Getaway requires minimum 2 guests');
    expect(packageGuestProblem(family, 1)).toBe(packageMessages.minGuests('Family Getaway', 2));
  });

  it("names the package's maximum when the party is larger than the package allows", () => {
    expect(packageGuestProblem(honeymoon, 3)).toBe('Honeymoon Escape supports maximum 2 guests');
    expect(packageGuestProblem(family, 9)).toBe(packageMessages.maxGuests('Family Getaway', 8));
  });

  it('accepts every party inside the range, its bounds included', () => {
    expect(packageGuestProblem(honeymoon, 2)).toBeUndefined();
    for (const guests of [2, 5, 8]) expect(packageGuestProblem(family, guests), String(guests)).toBeUndefined();
  });
});
