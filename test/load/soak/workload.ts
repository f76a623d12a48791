import { randomInt, randomUUID } from 'node:crypto';
import { DEFAULT_ADMIN, SAMPLE_GUEST } from '../../../infra/local/environment.ts';
import { addDaysIso } from '../../../shared/stay.ts';
import { book, bookingBody, busyStay, cancel, payOnline, postBooking, safariStay, seen, sent, spreadStay, type Sent, type Session } from './guests.ts';
import { confirmLinkOf } from './mail.ts';
import { call, count, takeLinkCall } from './requests.ts';
import { PRICES, sleep, UNITS_PER_TYPE, VILLA_TYPES } from './settings.ts';
import type { Stack } from './stack.ts';

/* The mixed guest workload: its scenarios by weight, and the accounts and units it needs first. */

const scenarios: Array<{ name: string; weight: number; run: (session: Session) => Promise<void> }> = [
  {
    name: 'availability',
    weight: 20,
    run: async (session) => {
      const stay = randomInt(3) ? spreadStay() : busyStay();
      await call(session.base, 'POST /api/cottages/{type}/availability', 'POST', `/api/cottages/${stay.cottageType}/availability`, {
        body: { checkIn: stay.checkIn, checkOut: stay.checkOut, guests: 2, rooms: 1 },
        retry: true,
      });
      if (randomInt(3) === 0)
        await call(
          session.base,
          'GET /api/cottages/{type}/availability',
          'GET',
          `/api/cottages/${stay.cottageType}/availability?startDate=${stay.checkIn}&endDate=${addDaysIso(stay.checkIn, 30)}`,
          { retry: true },
        );
    },
  },
  {
    name: 'online paid',
    weight: 22,
    run: async (session) => {
      const { record, answer } = await book(session, 'online paid', randomInt(4) ? spreadStay() : busyStay(), 'razorpay');
      if (answer.status === 201) await payOnline(session, record, 'success');
    },
  },
  {
    name: 'online paid, then cancelled',
    weight: 9,
    run: async (session) => {
      const { record, answer } = await book(session, 'online paid, cancelled', spreadStay(), 'razorpay');
      if (answer.status === 201 && (await payOnline(session, record, 'success'))) await cancel(session, record);
    },
  },
  {
    name: 'online, payment failed',
    weight: 7,
    run: async (session) => {
      const { record, answer } = await book(session, 'online failed', spreadStay(), 'razorpay');
      if (answer.status === 201) await payOnline(session, record, 'failure');
    },
  },
  {
    name: 'online, abandoned',
    weight: 6,
    run: async (session) => {
      const { record, answer } = await book(session, 'online abandoned', spreadStay(), 'razorpay');
      if (answer.status === 201 && randomInt(2))
        await call(session.base, 'POST /api/payments/create-order', 'POST', '/api/payments/create-order', {
          body: { bookingId: record.bookingId },
          retry: true,
        });
    },
  },
  {
    name: 'pay at property',
    weight: 12,
    run: async (session) => {
      const { record, answer } = await book(session, 'pay at property', randomInt(4) ? spreadStay() : busyStay(), 'offline');
      if (answer.status !== 201 || !record.reference || randomInt(2)) return;
      // The guest opens the Confirm link of the e-mail (its proof is in no API answer).
      const confirmToken = await confirmLinkOf(session.outbox, record.reference, 20_000);
      if (confirmToken === undefined) {
        count('confirm e-mail not there within 20 s', 'timeout');
        return;
      }
      if (!takeLinkCall()) return;
      const confirmed = await call(session.base, 'POST /api/payments/offline-payment', 'POST', '/api/payments/offline-payment', {
        body: { reference: record.reference, confirmToken },
        retry: true,
      });
      if (confirmed.status === 200) record.confirmedByGuest = Date.now();
    },
  },
  {
    name: 'safari',
    weight: 10,
    run: async (session) => {
      const method = randomInt(3) ? 'razorpay' : 'offline';
      const { record, answer } = await book(session, 'safari', safariStay(), method);
      if (answer.status === 201 && method === 'razorpay' && randomInt(4)) await payOnline(session, record, 'success');
    },
  },
  {
    name: 'contention',
    weight: 8,
    run: async (session) => {
      // More guests than units, at once, for the same villa and nights.
      seen.contentionBursts += 1;
      const stay = busyStay();
      const outcomes = await Promise.all(Array.from({ length: UNITS_PER_TYPE + 2 }, () => book(session, 'contention', stay, 'razorpay')));
      await Promise.all(
        outcomes.filter((outcome) => outcome.answer.status === 201 && randomInt(2)).map((outcome) => payOnline(session, outcome.record, 'success')),
      );
    },
  },
  {
    name: 'double submit',
    weight: 6,
    run: async (session) => {
      // A double click: the same key and body twice at once, then once more later.
      seen.doubleSubmits += 1;
      const key = randomUUID();
      const record: Sent = { key, scenario: 'double submit', method: 'razorpay', signedIn: false, answered: new Map() };
      sent.push(record);
      const body = bookingBody(randomInt(2) ? spreadStay() : busyStay(), 'razorpay');
      await Promise.all([postBooking(session, record, body), postBooking(session, record, body)]);
      await sleep(randomInt(500));
      await postBooking(session, record, body);
      if (record.bookingId && randomInt(2)) await payOnline(session, record, 'success');
    },
  },
];

export function pickScenario() {
  const total = scenarios.reduce((sum, scenario) => sum + scenario.weight, 0);
  let roll = randomInt(total);
  for (const scenario of scenarios) {
    roll -= scenario.weight;
    if (roll < 0) return scenario;
  }
  return scenarios[0] as (typeof scenarios)[number];
}

export async function setUp(stack: Stack): Promise<Session> {
  const admin = await call(stack.base, 'setup', 'POST', '/api/auth/admin-login', {
    body: { email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password },
  });
  const guest = await call(stack.base, 'setup', 'POST', '/api/auth?action=login', { body: { email: SAMPLE_GUEST.email, password: SAMPLE_GUEST.password } });
  if (admin.status !== 200 || guest.status !== 200) throw new Error(`could not sign in: admin ${admin.status}, guest ${guest.status}`);
  const adminToken = String(admin.body.data.token);
  for (const type of VILLA_TYPES) {
    for (let unit = 2; unit <= UNITS_PER_TYPE; unit += 1) {
      const created = await call(stack.base, 'setup', 'POST', '/api/cottages/admin/create', {
        body: {
          name: `${PRICES[type].name} Soak ${unit}`,
          description: 'A unit added by the soak test.',
          price_per_night: PRICES[type].price,
          capacity: PRICES[type].capacity,
          type,
        },
        headers: { authorization: `Bearer ${adminToken}` },
      });
      if (created.status !== 201) throw new Error(`could not add a ${type} unit: ${created.status} ${JSON.stringify(created.body)}`);
    }
  }
  return { base: stack.base, outbox: stack.outbox, adminToken, guestToken: String(guest.body.data.token) };
}
