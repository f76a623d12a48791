import { randomInt } from 'node:crypto';
import { resolve } from 'node:path';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';

/* The soak's settings (SOAK_SECONDS, SOAK_GUESTS), the sample resort it books, and small helpers. */

export const root = resolve(import.meta.dirname, '..', '..', '..');
export const SOAK_SECONDS = Number(process.env.SOAK_SECONDS ?? 90);
export const GUESTS = Number(process.env.SOAK_GUESTS ?? 6);
/** Units per villa type (the sample resort has one each; the soak adds the rest through the admin API). */
export const UNITS_PER_TYPE = 4;
/** How long after the workload's end a request cut off by a death may still be retried. */
export const RETRY_GRACE_MS = 60_000;
/** The lookup and cancel-by-link allowance is 20 a minute per client address (everything here is 127.0.0.1): keep under it. */
export const LINK_CALLS_PER_MINUTE = 15;
/** The guest limits raised for the load (some are being added; setting one that is not read is harmless). */
export const RAISED_LIMITS = {
  OPEN_HOLD_LIMIT: '100000',
  UNPAID_STAY_LIMIT: '100000',
  UNPAID_NIGHT_LIMIT: '100000',
  SIGNUP_LIMIT: '100000',
  OPEN_PAY_AT_PROPERTY_LIMIT: '100000',
};
export const VILLA_TYPES = ['hornbill-villa', 'kingfisher-villa', 'glass-cottage'] as const;
export type StayKind = (typeof VILLA_TYPES)[number];
export const PRICES: Record<StayKind, { price: number; capacity: number; name: string }> = {
  'hornbill-villa': { price: 18000, capacity: 6, name: 'Hornbill' },
  'kingfisher-villa': { price: 15000, capacity: 4, name: 'Kingfisher' },
  'glass-cottage': { price: 25000, capacity: 8, name: 'Glass' },
};
export const SAFARI_SLOTS = [
  { safariId: 'morning-jeep-safari', timeSlot: '06:00-09:00' },
  { safariId: 'morning-jeep-safari', timeSlot: '07:00-10:00' },
  { safariId: 'evening-jungle-safari', timeSlot: '16:00-19:00' },
  { safariId: 'night-trail-safari', timeSlot: '20:00-22:00' },
];
/** Statuses whose booking holds its nights for good; `pending` holds them while its hold lasts. */
export const HOLDING = ['confirmed', 'checked-in', 'completed'];

export const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));
export const pick = <T>(list: readonly T[]): T => list[randomInt(list.length)] as T;
export const round = (value: number) => Math.round(value);
const today = resortToday();
export const inDays = (days: number) => addDaysIso(today, days);

/** An item of the table, as a scan returns it. */
export type Item = Record<string, any>;
