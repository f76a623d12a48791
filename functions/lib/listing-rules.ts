import type { Cottage, Safari } from '../../shared/catalogue.ts';

/** Guests see cottages that can take bookings; inactive and maintenance units stay staff-only. */
export const isBookableCottage = (cottage: Cottage): boolean => cottage.status === 'active';

/** Safaris run through the day: the earliest first slot first. */
export const safariDayOrder = (a: Safari, b: Safari): number => (a.time_slots[0] ?? '').localeCompare(b.time_slots[0] ?? '') || a.name.localeCompare(b.name);
