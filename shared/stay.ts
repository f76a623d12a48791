/** The resort is in India: "today" and check-in times are in IST whatever the visitor's clock says. */
export const RESORT_TIME_ZONE = 'Asia/Kolkata';

/** The stay limits (docs/product.md#stay-rules). */
export const stayLimits = {
  minNights: 1,
  maxNights: 30,
  maxDaysAhead: 365,
  rooms: { min: 1, max: 4 },
  adults: { min: 1, max: 8 },
  children: { min: 0, max: 6 },
  checkInTime: '14:00',
  checkOutTime: '11:00',
  freeCancellationHours: 48,
} as const;

/** The stay rules' messages (docs/product.md#stay-rules), shown verbatim. */
export const stayMessages = {
  checkInRequired: 'Check-in date is required',
  checkOutRequired: 'Check-out date is required',
  checkInPast: 'Check-in date cannot be in the past',
  checkOutBeforeCheckIn: 'Check-out date must be after check-in date',
  minStay: 'Minimum stay is 1 night',
  maxStay: 'Maximum stay is 30 nights',
  tooFarAhead: 'Bookings open up to one year ahead',
  capacity: (max: number) => `This villa can accommodate maximum ${max} guests`,
  villaRequired: 'Please select a villa',
  roomsRequired: 'At least 1 room is required',
  roomsMax: 'At most 4 rooms can be booked at once',
  adultsMin: 'At least 1 adult is required',
  adultsMax: 'At most 8 adults can stay',
  childrenMin: 'Children cannot be fewer than 0',
  childrenMax: 'At most 6 children can stay',
  fixErrors: 'Please fix the errors below before checking availability',
} as const;

/*
 * The availability check's and the booking's answers that name the villa: the site finds each by
 * its pattern (web/src/i18n/message-patterns.ts). Three functions, so a bundle keeps only its own.
 */
export const notAvailableMessage = (name: string) => `Sorry, ${name} is not available for these dates.`;
export const noLongerAvailableMessage = (name: string) =>
  `Sorry, ${name} is not available for these dates any more. Please choose other dates or another villa.`;
/** `most` villas of the kind are free, fewer than the rooms asked for; `fits`: the party fits in those. */
export const tooFewVillasMessage = (name: string, most: number, rooms: number, fits: boolean) =>
  `${name} has ${most === 1 ? 'one villa' : `${most} villas`}, so it cannot take ${rooms} rooms. ${
    fits ? `Book ${most === 1 ? '1 room' : `${most} rooms`} here, or choose another villa.` : 'Please choose another villa.'
  }`;

/*
 * Stay dates are calendar days (yyyy-mm-dd), not instants: they are counted on the UTC calendar
 * (Date.UTC), where every day has 24 hours, whatever the time zone of the machine running this.
 * Three operations on day numbers need no date library (see docs/architecture.md#8-what-keeps-cold-starts-at-the-floor);
 * the browser's date picker uses date-fns.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Days since 1970-01-01 of a yyyy-mm-dd that names a real day, else undefined ('2026-02-30', month 13). */
function dayNumber(value: string): number | undefined {
  const match = ISO_DATE.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  // Date.UTC rolls 2026-02-30 over to March 2nd: a real day reads back the same.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return undefined;
  return time / DAY_MS;
}

/** yyyy-mm-dd of a day number. */
const isoOfDay = (days: number): string => new Date(days * DAY_MS).toISOString().slice(0, 10);

/** yyyy-mm-dd naming a day that exists: '2026-02-30', '2027-02-29' and month 13 are not dates. Any string is answered, never thrown on. */
export const isIsoDate = (value: string): boolean => dayNumber(value) !== undefined;

/** The day number of a date the caller has validated; an invalid one is a programming error (RangeError, as date-fns threw). */
function requireDay(value: string): number {
  const days = dayNumber(value);
  if (days === undefined) throw new RangeError(`Not a calendar date: ${JSON.stringify(value)}`);
  return days;
}

/**
 * India Standard Time is UTC+05:30 all year (no daylight saving since 1945), so the resort's clock is
 * UTC plus a constant. Reading the date that way, not through an Intl formatter with the zone, spares
 * a phone's first screen and a cold start the zone data's load (about 50 ms on the bench's phone).
 */
export const RESORT_UTC_OFFSET_MS = 330 * 60_000;

/** Today's date at the resort, as yyyy-mm-dd. */
export function resortToday(now: Date = new Date()): string {
  return isoOfDay(Math.floor((now.getTime() + RESORT_UTC_OFFSET_MS) / DAY_MS));
}

export const addDaysIso = (date: string, days: number): string => isoOfDay(requireDay(date) + days);

/** Nights from check-in to check-out; NaN when either is not a calendar date (so no rule on the count passes). */
export const nightsBetween = (checkIn: string, checkOut: string): number => (dayNumber(checkOut) ?? NaN) - (dayNumber(checkIn) ?? NaN);

/** The nights of a stay: each date from check-in up to, not including, check-out. */
export function stayNights(checkIn: string, checkOut: string): string[] {
  const count = nightsBetween(checkIn, checkOut);
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDaysIso(checkIn, index));
}

/** Milliseconds since the epoch of a local resort time on a date (IST is UTC+05:30, no DST). */
export const resortInstant = (date: string, time: string): number => Date.parse(`${date}T${time}:00+05:30`);

export type StayRequest = { checkIn?: string; checkOut?: string; adults: number; children: number; rooms: number };
export type FieldProblems = Record<string, string[]>;

export function addProblem(problems: FieldProblems, field: string, message: string): void {
  (problems[field] ??= []).push(message);
}

/** Every stay rule (docs/product.md#stay-rules), per field, with its message; empty when the stay is valid. */
export function stayProblems(stay: StayRequest, today: string, maxGuestsPerRoom?: number): FieldProblems {
  const problems: FieldProblems = {};
  const { checkIn, checkOut } = stay;
  if (!checkIn) addProblem(problems, 'checkIn', stayMessages.checkInRequired);
  if (!checkOut) addProblem(problems, 'checkOut', stayMessages.checkOutRequired);
  if (checkIn && checkOut) {
    if (checkIn < today) addProblem(problems, 'checkIn', stayMessages.checkInPast);
    else if (checkIn > addDaysIso(today, stayLimits.maxDaysAhead)) addProblem(problems, 'checkIn', stayMessages.tooFarAhead);
    const nights = nightsBetween(checkIn, checkOut);
    // A check-out before the check-in is out of order; on the same day it is a stay too short.
    if (nights < 0) addProblem(problems, 'checkOut', stayMessages.checkOutBeforeCheckIn);
    else if (nights < stayLimits.minNights) addProblem(problems, 'checkOut', stayMessages.minStay);
    else if (nights > stayLimits.maxNights) addProblem(problems, 'checkOut', stayMessages.maxStay);
  }
  if (stay.rooms < stayLimits.rooms.min) addProblem(problems, 'rooms', stayMessages.roomsRequired);
  if (stay.rooms > stayLimits.rooms.max) addProblem(problems, 'rooms', stayMessages.roomsMax);
  if (stay.adults < stayLimits.adults.min) addProblem(problems, 'adults', stayMessages.adultsMin);
  if (stay.adults > stayLimits.adults.max) addProblem(problems, 'adults', stayMessages.adultsMax);
  if (stay.children < stayLimits.children.min) addProblem(problems, 'children', stayMessages.childrenMin);
  if (stay.children > stayLimits.children.max) addProblem(problems, 'children', stayMessages.childrenMax);
  if (maxGuestsPerRoom !== undefined) {
    const capacity = maxGuestsPerRoom * Math.max(1, stay.rooms);
    if (stay.adults + stay.children > capacity) addProblem(problems, 'guests', stayMessages.capacity(capacity));
  }
  return problems;
}

export const hasProblems = (problems: FieldProblems): boolean => Object.keys(problems).length > 0;
