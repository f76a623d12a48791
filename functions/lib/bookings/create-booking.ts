import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { packageMessages, type BookingRecord, type CreateBookingRequest } from '../../../shared/booking.ts';
import type { Safari } from '../../../shared/catalog.ts';
import { formatInr } from '../../../shared/money.ts';
import { quoteStay, type Quote } from '../../../shared/quote.ts';
import { safariSelectionProblems } from '../../../shared/safari-rules.ts';
import { addProblem, hasProblems, resortToday, stayNights, stayProblems, type FieldProblems } from '../../../shared/stay.ts';
import { signBookingToken, type Principal } from '../auth.ts';
import { createBookingWrites, getBooking, getIdempotencyRecord, toPublicBooking, type StoredBooking } from '../db/bookings.ts';
import { claimNight, claimSeats } from '../db/inventory.ts';
import { listPricingRules } from '../db/pricing-rules.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { badRequest, conflict, unprocessable } from '../http/errors.ts';
import { sendMailSafely } from '../mail.ts';
import { notifySafely } from '../realtime.ts';
import { bookingConfirmationMail } from './booking-mail.ts';
import { freeUnits } from './availability.ts';
import { bookablePackage, bookableSafari, resolveUnits } from './catalogue.ts';

/** Online payments hold the villa this long; the sweeper frees it if the payment never comes. */
export const PAYMENT_HOLD_MS = 15 * 60 * 1000;

export type CreatedBooking = { booking: BookingRecord; bookingReference: string; manageToken: string; quote: Quote; replayed: boolean };

export const newBookingReference = (now: number): string => `VM${now.toString(36)}${randomBytes(3).toString('hex')}`.toUpperCase();

const requestHash = (request: CreateBookingRequest): string => createHash('sha256').update(JSON.stringify(request)).digest('hex');

async function replay(key: string, hash: string): Promise<CreatedBooking | undefined> {
  const record = await getIdempotencyRecord(key);
  if (!record) return undefined;
  if (record.requestHash !== hash) throw unprocessable('This Idempotency-Key was already used for a different booking request');
  const booking = await getBooking(record.bookingId);
  if (!booking) throw new Error(`Idempotency record points at missing booking ${record.bookingId}`);
  if (!booking.quote) throw new Error(`Booking ${booking.id} has no stored quote`);
  return { booking: toPublicBooking(booking), bookingReference: booking.booking_reference, manageToken: await signBookingToken(booking.id), quote: booking.quote, replayed: true };
}

/** Every rule of spec section 5 that needs the catalogue, checked on the server. */
function problemsOf(request: CreateBookingRequest, context: { maxGuests: number; packageName: string; packageMin: number; packageMax: number; safaris: Safari[]; today: string }): FieldProblems {
  const problems = stayProblems(request, context.today, context.maxGuests);
  const guests = request.adults + request.children;
  if (guests < context.packageMin) addProblem(problems, 'packageId', packageMessages.minGuests(context.packageName, context.packageMin));
  if (guests > context.packageMax) addProblem(problems, 'packageId', packageMessages.maxGuests(context.packageName, context.packageMax));
  request.selectedSafaris.forEach((selection, index) => {
    const safari = context.safaris[index];
    if (!safari) return;
    const found = safariSelectionProblems(selection, safari, { checkIn: request.checkIn, checkOut: request.checkOut, guests });
    for (const [field, messages] of Object.entries(found)) for (const message of messages) addProblem(problems, `selectedSafaris.${index}.${field}`, message);
  });
  return problems;
}

/**
 * Creates a booking: validate everything, price it on the server, then claim every night of every
 * unit, every safari seat, the reference and the idempotency key in one transaction. Either all
 * of it is written or none of it, so two guests can never hold the same last villa.
 */
export async function createBooking(request: CreateBookingRequest, options: { idempotencyKey: string; principal?: Principal; now?: number }): Promise<CreatedBooking> {
  const now = options.now ?? Date.now();
  const hash = requestHash(request);
  const earlier = await replay(options.idempotencyKey, hash);
  if (earlier) return earlier;

  const today = resortToday(new Date(now));
  const [units, stayPackage, safaris, rules] = await Promise.all([
    resolveUnits(request.cottageType),
    bookablePackage(request.packageId),
    Promise.all(request.selectedSafaris.map((selection) => bookableSafari(selection.safariId))),
    listPricingRules(),
  ]);
  const firstUnit = units[0];
  if (!firstUnit) throw new Error('resolveUnits returned no unit');
  const problems = problemsOf(request, {
    maxGuests: firstUnit.max_guests,
    packageName: stayPackage.name,
    packageMin: stayPackage.min_guests,
    packageMax: stayPackage.max_guests,
    safaris,
    today,
  });
  if (hasProblems(problems)) throw badRequest(Object.values(problems)[0]?.[0] ?? 'Invalid booking', problems);

  const free = await freeUnits(units, request.checkIn, request.checkOut, now);
  const chosen = free.slice(0, request.rooms);
  if (chosen.length < request.rooms) throw conflict(`Sorry, ${firstUnit.name} is not available for these dates any more. Please choose other dates or another villa.`);

  const selections = request.selectedSafaris.map((selection, index) => ({
    safari: safaris[index] as Safari,
    date: selection.date ?? '',
    timeSlot: selection.timeSlot ?? '',
    guests: selection.guests ?? 0,
  }));
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
    throw conflict(
      `The price has changed since it was shown: the total is now ${formatInr(quote.total)}. Please review it and confirm again.`,
      { totalAmount: [`Expected ${quote.total}`] },
      { quote },
    );
  }

  const createdAt = new Date(now).toISOString();
  const holdExpiresAtMs = request.paymentMethod === 'razorpay' ? now + PAYMENT_HOLD_MS : undefined;
  const nights = stayNights(request.checkIn, request.checkOut);
  const guest = request.guestDetails;
  const booking: StoredBooking = {
    id: randomUUID(),
    booking_reference: newBookingReference(now),
    status: 'pending',
    payment_method: request.paymentMethod,
    payment_status: 'pending',
    ...(holdExpiresAtMs ? { hold_expires_at: new Date(holdExpiresAtMs).toISOString(), holdExpiresAtMs } : {}),
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
    })),
    total_amount: quote.total,
    price_breakdown: quote.lines,
    ...(request.specialRequests ? { special_requests: request.specialRequests } : {}),
    ...(options.principal ? { user_id: options.principal.userId } : {}),
    created_at: createdAt,
    claims: {
      cottageIds: chosen.map((unit) => unit.id),
      nights,
      seats: selections.map((selection) => ({ safariId: selection.safari.id, date: selection.date, timeSlot: selection.timeSlot, seats: selection.guests })),
    },
    quote,
  };

  const head = createBookingWrites(booking, { key: options.idempotencyKey, requestHash: hash });
  const writes = [
    ...head,
    ...chosen.flatMap((unit) => nights.map((night) => claimNight(unit.id, night, booking.id, now, holdExpiresAtMs))),
    ...selections.map((selection) => claimSeats(selection.safari.id, selection.date, selection.timeSlot, selection.guests, selection.safari.seats_per_slot)),
  ];
  try {
    await transact(writes);
  } catch (error) {
    if (!(error instanceof TransactionRefused)) throw error;
    const idempotencyIndex = head.length - 1;
    if (error.failed.includes(idempotencyIndex)) {
      const winner = await replay(options.idempotencyKey, hash);
      if (winner) return winner;
    }
    const seatIndexes = error.failed.filter((index) => index >= writes.length - selections.length).map((index) => index - (writes.length - selections.length));
    if (seatIndexes.length) {
      const details: FieldProblems = {};
      for (const index of seatIndexes) {
        const selection = selections[index];
        if (selection) addProblem(details, `selectedSafaris.${index}.timeSlot`, `${selection.safari.name} on ${selection.date} at ${selection.timeSlot} does not have enough seats left`);
      }
      throw conflict(Object.values(details)[0]?.[0] ?? 'A safari is sold out', details);
    }
    throw conflict(`Sorry, ${firstUnit.name} was just booked by someone else for these dates. Please choose other dates or another villa.`);
  }

  await notifySafely('admin', 'new-booking', {
    booking: { booking_reference: booking.booking_reference, cottage_name: booking.cottage_name, customer_name: booking.customer_name, total_amount: booking.total_amount, check_in_date: booking.check_in_date },
  });
  if (booking.user_id) await notifySafely(`user:${booking.user_id}`, 'booking-update', { message: `Booking ${booking.booking_reference} is reserved` });
  await sendMailSafely(bookingConfirmationMail(toPublicBooking(booking)));

  return { booking: toPublicBooking(booking), bookingReference: booking.booking_reference, manageToken: await signBookingToken(booking.id), quote, replayed: false };
}
