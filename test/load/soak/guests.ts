import { randomInt, randomUUID } from 'node:crypto';
import { addDaysIso } from '../../../shared/stay.ts';
import { call, takeLinkCall } from './requests.ts';
import { inDays, pick, SAFARI_SLOTS, VILLA_TYPES, type StayKind } from './settings.ts';

/* What the guests did, to be checked against the table afterwards, and the steps they take: book, pay, cancel. */

export type Sent = {
  key: string;
  scenario: string;
  method: 'razorpay' | 'offline';
  signedIn: boolean;
  /** The booking id of every 201 answered for this key, with when the first came (epoch ms). */
  answered: Map<string, number>;
  reference?: string;
  bookingId?: string;
  manageToken?: string;
  /** What the guest was told and when (epoch ms), to find in the table. */
  paid?: number;
  cancelled?: number;
  confirmedByGuest?: number;
};

export const sent: Sent[] = [];
export const seen = { verifyRefunded: 0, contentionBursts: 0, doubleSubmits: 0 };

export type Session = { base: string; outbox: string; adminToken: string; guestToken: string };

let guestCounter = 0;
function guestDetails() {
  guestCounter += 1;
  return {
    prefix: pick(['Ms', 'Mr', 'Dr']),
    firstName: 'Soak',
    lastName: `Guest${guestCounter}`,
    email: `soak-${guestCounter}-${randomInt(1e6)}@example.in`,
    phone: `9${String(randomInt(1e9)).padStart(9, '0')}`,
    countryCode: '+91',
  };
}

export type Stay = { cottageType: StayKind; checkIn: string; checkOut: string; packageId?: string; selectedSafaris?: unknown[] };

export function bookingBody(stay: Stay, method: 'razorpay' | 'offline') {
  return {
    cottageType: stay.cottageType,
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    adults: 2,
    children: 0,
    rooms: 1,
    packageId: stay.packageId ?? pick(['forest-retreat', 'family-getaway']),
    selectedSafaris: stay.selectedSafaris ?? [],
    guestDetails: guestDetails(),
    paymentMethod: method,
    acceptTerms: true,
  };
}

/** Any stay in the year ahead: mostly free, so most bookings succeed. */
export function spreadStay(): Stay {
  const checkIn = inDays(5 + randomInt(290));
  return { cottageType: pick(VILLA_TYPES), checkIn, checkOut: addDaysIso(checkIn, 1 + randomInt(3)) };
}

/** A few busy nights many guests want at once. */
export function busyStay(): Stay {
  const checkIn = inDays(300 + randomInt(6));
  return { cottageType: pick(VILLA_TYPES), checkIn, checkOut: addDaysIso(checkIn, 1 + randomInt(2)) };
}

/** One night on a few safari dates, one or two safaris of 1-2 seats each (slots of 8-12 seats sell out). */
export function safariStay(): Stay {
  const checkIn = inDays(320 + randomInt(3));
  const slots = randomInt(2) ? [pick(SAFARI_SLOTS)] : [pick(SAFARI_SLOTS), pick(SAFARI_SLOTS)];
  const unique = [...new Map(slots.map((slot) => [`${slot.safariId}|${slot.timeSlot}`, slot])).values()];
  return {
    cottageType: pick(VILLA_TYPES),
    checkIn,
    checkOut: addDaysIso(checkIn, 1),
    packageId: 'safari-adventure',
    selectedSafaris: unique.map((slot) => ({ ...slot, date: checkIn, guests: 1 + randomInt(2) })),
  };
}

/** POST /api/bookings with a fresh key (or the one given), retried with that key until answered. */
export async function book(session: Session, scenario: string, stay: Stay, method: 'razorpay' | 'offline', options: { key?: string; signedIn?: boolean } = {}) {
  const key = options.key ?? randomUUID();
  const signedIn = options.signedIn ?? randomInt(4) === 0;
  let record = sent.find((entry) => entry.key === key);
  if (!record) {
    record = { key, scenario, method, signedIn, answered: new Map() };
    sent.push(record);
  }
  const body = bookingBody(stay, method);
  return { record, body, answer: await postBooking(session, record, body) };
}

export async function postBooking(session: Session, record: Sent, body: unknown) {
  const answer = await call(session.base, 'POST /api/bookings', 'POST', '/api/bookings', {
    body,
    headers: { 'idempotency-key': record.key, ...(record.signedIn ? { authorization: `Bearer ${session.guestToken}` } : {}) },
    retry: true,
  });
  if (answer.status === 201) {
    const data = answer.body.data as { booking: { id: string }; bookingReference: string; manageToken: string };
    if (!record.answered.has(data.booking.id)) record.answered.set(data.booking.id, Date.now());
    record.bookingId = data.booking.id;
    record.reference = data.bookingReference;
    record.manageToken = data.manageToken;
  }
  return answer;
}

/** create-order, the test checkout, then verify-payment; each retried after a death (the order and the verify are idempotent). */
export async function payOnline(session: Session, record: Sent, outcome: 'success' | 'failure'): Promise<boolean> {
  if (!record.bookingId) return false;
  const order = await call(session.base, 'POST /api/payments/create-order', 'POST', '/api/payments/create-order', {
    body: { bookingId: record.bookingId },
    retry: true,
  });
  if (order.status !== 200) return false;
  const checkout = await call(session.base, 'POST /api/payments/test-checkout', 'POST', '/api/payments/test-checkout', {
    body: { orderId: order.body.data.orderId, outcome },
    retry: true,
  });
  if (checkout.status !== 200 || outcome === 'failure' || !checkout.body.data?.ok) return false;
  const verify = await call(session.base, 'POST /api/payments/verify-payment', 'POST', '/api/payments/verify-payment', {
    body: checkout.body.data.response,
    retry: true,
  });
  if (verify.status === 200) record.paid = Date.now();
  if (verify.status === 409 && verify.body?.code === 'refunded') seen.verifyRefunded += 1;
  return verify.status === 200;
}

/** A paid booking cancelled: from the link (within the address's allowance), signed in, or by staff. */
export async function cancel(session: Session, record: Sent): Promise<void> {
  if (!record.bookingId || !record.reference) return;
  let answer;
  if (record.signedIn && randomInt(2) === 0) {
    answer = await call(session.base, 'PUT /api/bookings/{id}/cancel', 'PUT', `/api/bookings/${record.bookingId}/cancel`, {
      body: {},
      headers: { authorization: `Bearer ${session.guestToken}` },
      retry: true,
    });
  } else if (randomInt(2) === 0 && takeLinkCall()) {
    answer = await call(session.base, 'PUT /api/bookings/reference/{ref}/cancel', 'PUT', `/api/bookings/reference/${record.reference}/cancel`, {
      body: { token: record.manageToken },
      retry: true,
    });
  } else {
    answer = await call(session.base, 'PATCH /api/bookings/{id}/status', 'PATCH', `/api/bookings/${record.bookingId}/status`, {
      body: { status: 'cancelled', reason: 'Soak test cancellation' },
      headers: { authorization: `Bearer ${session.adminToken}` },
      retry: true,
    });
  }
  // A 409 after a cut-off attempt may be that attempt's own success: the recount tells.
  if (answer.status === 200) record.cancelled = Date.now();
}
