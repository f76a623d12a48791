import type { Cottage } from '../../../shared/catalogue.ts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { BookingRequest } from '../../../shared/booking.ts';
import { packageGuestProblem, safariMessages, type BookingRecord } from '../../../shared/booking-rules.ts';
import type { Safari, StayPackage } from '../../../shared/catalogue.ts';
import { formatInr } from '../../../shared/money.ts';
import { quoteStay, type Quote } from '../../../shared/quote.ts';
import { safariSelectionProblems } from '../../../shared/safari-rules.ts';
import { addProblem, type FieldProblems, hasProblems, noLongerAvailableMessage, resortToday, stayNights, stayProblems } from '../../../shared/stay.ts';
import type { Principal } from '../auth.ts';
import { createBookingWrites, getBooking, getIdempotencyRecord, toPublicBooking, type StoredBooking } from '../db/bookings.ts';
import { claimNight, claimSeats, typeStillOffered, unitStillOffered } from '../db/inventory.ts';
import { listPricingRules } from '../db/pricing-rules.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, InvalidInputError, MismatchError } from '../domain-errors.ts';
import { freeUnits } from './availability.ts';
import { bookablePackage, bookableSafari, resolveStay } from './bookable.ts';
import { mostPerRoom, roomsFor } from '../catalogue/guest-stay-kinds.ts';

/** A new booking; `manageToken`: its manage-booking link, for a guest's booking (BookingTerms `manageToken`). */
export type CreatedBooking = { booking: BookingRecord; bookingReference: string; manageToken?: string | undefined; quote: Quote; replayed: boolean };

type SeatClaim = { safari: Safari; date: string; timeSlot: string; seats: number; index: number };

/** 409 naming each safari slot without the seats, on the field of its first selection. */
function soldOut(claims: SeatClaim[], field: 'guests' | 'timeSlot') {
  const details: FieldProblems = {};
  for (const claim of claims)
    addProblem(details, `selectedSafaris.${claim.index}.${field}`, safariMessages.soldOut(claim.safari.name, claim.date, claim.timeSlot));
  return new ConflictError(Object.values(details)[0]?.[0] ?? 'A safari is sold out', { details, extra: { code: 'safari_sold_out' } });
}

/** 409 when the villa's nights are gone: found taken before the write, or taken by a transaction that won. */
const villaTaken = (name: string) =>
  new ConflictError(noLongerAvailableMessage(name), {
    extra: { code: 'villa_taken' },
  });

export const newBookingReference = (now: number): string => `VM${now.toString(36)}${randomBytes(3).toString('hex')}`.toUpperCase();

/** What an Idempotency-Key is bound to: the request and who sent it (another account cannot replay it). */
const requestHash = (request: BookingRequest, principal?: Principal, keyScope?: string): string =>
  createHash('sha256')
    .update(JSON.stringify({ request, userId: principal?.userId ?? null, ...(keyScope ? { keyScope } : {}) }))
    .digest('hex');

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The request's Idempotency-Key header (one per booking attempt, e.g. a UUID), or 400. */
export function requireIdempotencyKey(event: { headers?: Record<string, string | undefined> }): string {
  const key = event.headers?.['idempotency-key'] ?? event.headers?.['Idempotency-Key'];
  if (!key || !IDEMPOTENCY_KEY.test(key)) {
    throw new InvalidInputError('An Idempotency-Key header is required: a unique id (8-128 letters, digits, - _ . :) for this booking attempt', {
      details: {
        'Idempotency-Key': ['Required, 8-128 characters'],
      },
    });
  }
  return key;
}

/** DynamoDB's limit of actions in one transaction. */
const MAX_TRANSACTION_ACTIONS = 100;
/** Tries at the free units when another booking takes one of them between the read and the write. */
const MAX_UNIT_ATTEMPTS = 3;

async function replay(key: string, hash: string): Promise<CreatedBooking | undefined> {
  const record = await getIdempotencyRecord(key);
  if (!record) return undefined;
  if (record.requestHash !== hash) throw new MismatchError('This Idempotency-Key was already used for a different booking request');
  const booking = await getBooking(record.bookingId);
  if (!booking) throw new Error(`Idempotency record points at missing booking ${record.bookingId}`);
  if (!booking.quote) throw new Error(`Booking ${booking.id} has no stored quote`);
  return {
    booking: toPublicBooking(booking),
    bookingReference: booking.booking_reference,
    manageToken: record.manageToken,
    quote: booking.quote,
    replayed: true,
  };
}

/** Every booking rule that needs the catalogue (docs/product.md#booking-creation), checked on the server. */
function problemsOf(
  request: BookingRequest,
  context: {
    maxGuests: number;
    stayPackage: Pick<StayPackage, 'name' | 'min_guests' | 'max_guests'>;
    safaris: Safari[];
    today: string;
  },
): FieldProblems {
  const problems = stayProblems(request, context.today, context.maxGuests);
  const guests = request.adults + request.children;
  const outsidePackageRange = packageGuestProblem(context.stayPackage, guests);
  if (outsidePackageRange) addProblem(problems, 'packageId', outsidePackageRange);
  request.selectedSafaris.forEach((selection, index) => {
    const safari = context.safaris[index];
    if (!safari) return;
    const found = safariSelectionProblems(selection, safari, { checkIn: request.checkIn, checkOut: request.checkOut, guests });
    for (const [field, messages] of Object.entries(found)) for (const message of messages) addProblem(problems, `selectedSafaris.${index}.${field}`, message);
  });
  return problems;
}

type TransactItem = Parameters<typeof transact>[0][number];

/**
 * How a booking is made, which is all that differs between a guest's booking and one staff type
 * in from the phone (functions/lib/bookings/guest-booking.ts and create-staff-booking.ts): how long
 * its nights are held, what the stored booking carries besides the request, whom the
 * Idempotency-Key belongs to, whether it gets a manage link, and what else its one transaction writes.
 */
export type BookingTerms = {
  /** How long the nights are held before the sweeper frees them; absent: they are the booking's for good. */
  holdMs?: number;
  /** Fields the stored booking gets besides the request's. */
  marks?: Partial<StoredBooking>;
  /** Whom the Idempotency-Key belongs to besides the signed-in account (a staff member's keys are their own). */
  keyScope?: string;
  /** Makes the manage-booking link's token for the new booking's id (manage-token.ts); absent: the booking has none. */
  manageToken?: (bookingId: string) => { token: string; hash: string };
  /**
   * Writes of the booking's own transaction, after every claim (at most 3), marks the booking gets
   * with them, and the error to answer when only they are refused.
   */
  alongside?: (booking: StoredBooking) => { writes: TransactItem[]; marks?: Partial<StoredBooking>; refused?: () => Error | Promise<Error> };
};

type CreateOptions = { idempotencyKey: string; principal?: Principal | undefined; now?: number; terms: BookingTerms };

/**
 * Creates a booking: validate everything, price it on the server, then claim every night of every
 * unit, every safari seat, the reference and the idempotency key in one transaction. Either all
 * of it is written or none of it, so two guests can never hold the same last villa.
 */
export async function createBooking(request: BookingRequest, options: CreateOptions): Promise<CreatedBooking> {
  const now = options.now ?? Date.now();
  const { terms } = options;
  const hash = requestHash(request, options.principal, terms.keyScope);
  const idempotencyKey = terms.keyScope ? `${terms.keyScope}:${options.idempotencyKey}` : options.idempotencyKey;
  // A request that lost a race to its own retry must answer with the booking that won, never a 409.
  const winnerOr = async (error: Error): Promise<CreatedBooking> => {
    const winner = await replay(idempotencyKey, hash);
    if (winner) return winner;
    throw error;
  };
  const earlier = await replay(idempotencyKey, hash);
  if (earlier) return earlier;

  const today = resortToday(new Date(now));
  const [stay, stayPackage, safaris, rules] = await Promise.all([
    resolveStay(request.cottageType),
    bookablePackage(request.packageId),
    Promise.all(request.selectedSafaris.map((selection) => bookableSafari(selection.safariId))),
    listPricingRules(),
  ]);
  const { units } = stay;
  const [firstUnit] = units;
  const problems = problemsOf(request, {
    maxGuests: mostPerRoom(stay),
    stayPackage,
    safaris,
    today,
  });
  if (hasProblems(problems)) throw new InvalidInputError(Object.values(problems)[0]?.[0] ?? 'Invalid booking', { details: problems });

  const selections = request.selectedSafaris.map((selection, index) => ({
    safari: safaris[index] as Safari,
    date: selection.date ?? '',
    timeSlot: selection.timeSlot ?? '',
    guests: selection.guests ?? 0,
  }));
  // Two selections of one slot claim its seats once, together (one transaction may touch an item once).
  const claimsBySlot = new Map<string, SeatClaim>();
  selections.forEach((selection, index) => {
    const key = `${selection.safari.id}|${selection.date}|${selection.timeSlot}`;
    const claim = claimsBySlot.get(key) ?? { safari: selection.safari, date: selection.date, timeSlot: selection.timeSlot, seats: 0, index };
    claim.seats += selection.guests;
    claimsBySlot.set(key, claim);
  });
  const seatClaims = [...claimsBySlot.values()];
  const overCapacity = seatClaims.filter((claim) => claim.seats > claim.safari.seats_per_slot);
  if (overCapacity.length) throw soldOut(overCapacity, 'guests');
  const nights = stayNights(request.checkIn, request.checkOut);
  // The booking, its reference and key; the villa type's check; each unit's check and nights; each safari slot; and what goes alongside (at most 3).
  if (4 + request.rooms * (nights.length + 1) + seatClaims.length + 3 > MAX_TRANSACTION_ACTIONS) {
    throw new InvalidInputError('This booking is too large to make at once: book fewer rooms or nights, or split it into two bookings', {
      details: {
        rooms: ['Too many rooms for this many nights in one booking'],
      },
    });
  }

  const pickRooms = async () => roomsFor(await freeUnits(units, request.checkIn, request.checkOut, now), request.rooms, request.adults + request.children);
  let chosen = await pickRooms();
  if (!chosen) return winnerOr(villaTaken(firstUnit.name));
  const quote = quoteStay({
    checkIn: request.checkIn,
    checkOut: request.checkOut,
    adults: request.adults,
    children: request.children,
    rooms: request.rooms,
    cottage: firstUnit,
    stayPackage,
    safaris: selections.map(({ safari, ...rest }) => ({ id: safari.id, name: safari.name, price: safari.price, ...rest })),
    rules,
  });
  if (request.totalAmount !== undefined && Math.round(request.totalAmount) !== quote.total) {
    throw new ConflictError(`The price has changed since it was shown: the total is now ${formatInr(quote.total)}. Please review it and confirm again.`, {
      details: { totalAmount: [`Expected ${quote.total}`] },
      extra: { code: 'price_changed', quote },
    });
  }

  const createdAt = new Date(now).toISOString();
  const holdExpiresAtMs = terms.holdMs === undefined ? undefined : now + terms.holdMs;
  const guest = request.guestDetails;
  const id = randomUUID();
  const manage = terms.manageToken?.(id);
  const booking: StoredBooking = {
    id,
    ...(manage ? { manageTokenHash: manage.hash } : {}),
    booking_reference: newBookingReference(now),
    status: 'pending',
    payment_method: request.paymentMethod,
    payment_status: 'pending',
    ...(holdExpiresAtMs === undefined ? {} : { hold_expires_at: new Date(holdExpiresAtMs).toISOString(), holdExpiresAtMs }),
    ...terms.marks,
    customer_name: [guest.prefix, guest.firstName, guest.lastName].filter(Boolean).join(' '),
    customer_email: guest.email.toLowerCase(),
    customer_phone: guest.phone,
    country_code: guest.countryCode,
    ...(guest.address ? { address: guest.address } : {}),
    check_in_date: request.checkIn,
    check_out_date: request.checkOut,
    nights: nights.length,
    adults: request.adults,
    children: request.children,
    rooms: request.rooms,
    cottage_type: firstUnit.type,
    cottage_ids: chosen.map((unit) => unit.id),
    cottage_name: firstUnit.name,
    package_id: stayPackage.id,
    package_name: stayPackage.name,
    safaris: selections.map((selection, index) => ({
      safari_id: selection.safari.id,
      name: selection.safari.name,
      date: selection.date,
      time_slot: selection.timeSlot,
      guests: selection.guests,
      amount: quote.safaris[index]?.amount ?? 0,
      ...(quote.safaris[index]?.included ? { included: true } : {}),
    })),
    total_amount: quote.total,
    price_breakdown: quote.lines,
    ...(request.specialRequests ? { special_requests: request.specialRequests } : {}),
    ...(request.language ? { language: request.language } : {}),
    ...(options.principal ? { user_id: options.principal.userId } : {}),
    created_at: createdAt,
    claims: {
      cottageIds: chosen.map((unit) => unit.id),
      nights,
      seats: seatClaims.map((claim) => ({ safariId: claim.safari.id, date: claim.date, timeSlot: claim.timeSlot, seats: claim.seats })),
    },
    quote,
  };

  for (let attempt = 1; ; attempt += 1) {
    const rooms: Cottage[] = chosen;
    booking.cottage_ids = booking.claims.cottageIds = rooms.map((unit) => unit.id);
    // Made from the booking with this attempt's units: what goes alongside (an audit entry, say) names them.
    const alongside = terms.alongside?.(booking);
    if (alongside?.marks) Object.assign(booking, alongside.marks);
    const checked = [
      ...createBookingWrites(booking, { key: idempotencyKey, requestHash: hash, manageToken: manage?.token }),
      typeStillOffered(stay.type.id),
      ...rooms.map((unit) => unitStillOffered(unit.id)),
    ];
    const firstSeat = checked.length + rooms.length * nights.length;
    const writes = [
      ...checked,
      ...rooms.flatMap((unit) => nights.map((night) => claimNight(unit.id, night, booking.id, now, holdExpiresAtMs))),
      ...seatClaims.map((claim) => claimSeats(claim.safari.id, claim.date, claim.timeSlot, claim.seats, claim.safari.seats_per_slot)),
    ];
    const firstAlongside = writes.length;
    if (alongside) writes.push(...alongside.writes);
    try {
      await transact(writes);
      break;
    } catch (error) {
      if (!(error instanceof TransactionRefused)) throw error;
      const { failed } = error;
      // Only what went alongside refused (an owner at the limit of unpaid holds, say).
      if (alongside?.refused && failed.every((index) => index >= firstAlongside)) throw await alongside.refused();
      // Only nights another booking took since they were read (two guests on the same free unit at
      // once): another unit of the type may still be free, so the stay is offered again, twice at most.
      const raced = attempt < MAX_UNIT_ATTEMPTS && failed.length > 0 && failed.every((index) => index >= checked.length && index < firstSeat);
      if (raced && (chosen = await pickRooms())) continue;
      // Anything else: the key's own booking if a retry won (its idempotency record refused this one),
      // else the seats or the villa that were taken.
      const failedClaims = failed.filter((index) => index >= firstSeat).flatMap((index) => seatClaims[index - firstSeat] ?? []);
      return winnerOr(failedClaims.length ? soldOut(failedClaims, 'timeSlot') : villaTaken(firstUnit.name));
    }
  }

  // Staff, the guest's own sockets, open wizards and the confirmation e-mail hear of it from the
  // table's stream (functions/streams/table-events.ts): the request only writes and answers.
  return { booking: toPublicBooking(booking), bookingReference: booking.booking_reference, manageToken: manage?.token, quote, replayed: false };
}
