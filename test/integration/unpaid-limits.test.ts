import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readdir, readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { bookingKeys, openHoldKeys } from '../../functions/lib/db/keys.ts';
import { handler as sweep } from '../../functions/jobs/release-expired-holds.ts';
import { OPEN_HOLD_LIMIT, tooManyOpenMessage, UNPAID_NIGHT_LIMIT, UNPAID_STAY_LIMIT, unpaidLimitMessages } from '../../shared/payment-rules.ts';
import { accountWithToken } from '../support/accounts.ts';
import { bookingBody, inDays, newKey, eventually } from '../support/booking-fixtures.ts';
import { requestFrom } from '../support/from-address.ts';
import { useTestStack } from '../support/local-stack.ts';

/*
 * What one guest may leave unpaid at once (functions/lib/db/unpaid-owners.ts), with the product's
 * limits (the test environment lifts them for every other file). Each test books from its own
 * loopback address (127.0.0.N), so the client address is an owner of its own.
 */
const stack = useTestStack();
const limitNames = ['OPEN_HOLD_LIMIT', 'UNPAID_STAY_LIMIT', 'UNPAID_NIGHT_LIMIT'] as const;
const lifted = Object.fromEntries(limitNames.map((name) => [name, process.env[name]]));
beforeAll(() => {
  for (const name of limitNames) delete process.env[name];
});
afterAll(() => Object.assign(process.env, lifted));

/** A JSON call to the API from a chosen loopback address (the server sees it as the client address). */
const call = (from: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  requestFrom(from, method, `${stack.api}${path}`, body, headers);

type Guest = { from: string; email: string; phone: string };
const guest = (n: number): Guest => ({ from: `127.0.0.${n}`, email: `owner${n}@example.in`, phone: `90000 000${String(n).padStart(2, '0')}` });

function book(who: Guest, stay: { paymentMethod: 'offline' | 'razorpay'; cottageType?: string; checkIn: number; nights: number; rooms?: number }) {
  return call(
    who.from,
    'POST',
    '/bookings',
    bookingBody({
      paymentMethod: stay.paymentMethod,
      cottageType: stay.cottageType ?? 'glass-cottage',
      checkIn: inDays(stay.checkIn),
      checkOut: inDays(stay.checkIn + stay.nights),
      rooms: stay.rooms ?? 1,
      guestDetails: { ...bookingBody().guestDetails, email: who.email, phone: who.phone },
    }),
    { 'idempotency-key': newKey() },
  );
}

/** The proof of the Confirm link in the booking's e-mail (the only place it is). */
async function confirmTokenOf(reference: string): Promise<string> {
  const dir = process.env.MAIL_OUTBOX_DIR ?? '';
  const mails = await eventually(
    async () => {
      const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.json'));
      const all = await Promise.all(files.map(async (file) => JSON.parse(await readFile(`${dir}/${file}`, 'utf8')) as { text: string }));
      return all.filter((mail) => mail.text.includes(reference) && mail.text.includes('confirm='));
    },
    (found) => found.length > 0,
  );
  const link = /https?:\/\/\S+confirm=\S+/.exec(mails[0]?.text ?? '')?.[0] ?? '';
  return new URL(link).searchParams.get('confirm') ?? '';
}

async function bookAndConfirm(who: Guest, checkIn: number, nights: number) {
  const booked = await book(who, { paymentMethod: 'offline', checkIn, nights });
  expect(booked.status, JSON.stringify(booked.body)).toBe(201);
  const reference = booked.body.data.bookingReference as string;
  const confirmed = await call(who.from, 'POST', '/payments/offline-payment', { reference, confirmToken: await confirmTokenOf(reference) });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  return booked.body.data.booking as { id: string };
}

const ownerItem = async (owner: string) =>
  (await documentClient.send(new GetCommand({ TableName: tableName, Key: openHoldKeys.of(owner), ConsistentRead: true }))).Item;

describe('stays paid at the property: counted in stays and room-nights, confirmed or not, until paid', () => {
  it('stops one e-mail, phone and address from blocking a villa for months without paying', async () => {
    expect([UNPAID_STAY_LIMIT, UNPAID_NIGHT_LIMIT]).toEqual([3, 30]);
    const hoarder = guest(11);
    // Prepare: two fortnights, each confirmed from the e-mail (28 room-nights unpaid).
    await bookAndConfirm(hoarder, 150, 14);
    const second = await bookAndConfirm(hoarder, 170, 14);

    // Act and assess: 3 more nights would pass 30; 2 fit, and make three stays; a fourth stay is refused.
    const tooManyNights = await book(hoarder, { paymentMethod: 'offline', checkIn: 190, nights: 3 });
    expect(tooManyNights).toMatchObject({ status: 429, body: { success: false, error: unpaidLimitMessages.nights(UNPAID_NIGHT_LIMIT) } });
    await bookAndConfirm(hoarder, 190, 2);
    const fourth = await book(hoarder, { paymentMethod: 'offline', checkIn: 200, nights: 1 });
    expect(fourth).toMatchObject({ status: 429, body: { error: unpaidLimitMessages.stays(UNPAID_STAY_LIMIT) } });
    // The same phone under another e-mail, or another guest from the same address, counts as the same owner.
    expect((await book({ ...hoarder, email: 'someone-else@example.in' }, { paymentMethod: 'offline', checkIn: 205, nights: 1 })).status).toBe(429);
    expect((await book({ ...hoarder, email: 'third@example.in', phone: '91111 22222' }, { paymentMethod: 'offline', checkIn: 206, nights: 1 })).status).toBe(
      429,
    );
    // Paying online is always open to them.
    expect((await book(hoarder, { paymentMethod: 'razorpay', checkIn: 210, nights: 1 })).status).toBe(201);

    // Money taken at the desk frees that stay's place and nights at once.
    const manager = await accountWithToken('manager');
    const paid = await call(hoarder.from, 'PATCH', `/bookings/${second.id}/payment`, { payment_status: 'paid' }, { authorization: manager.authorization });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    expect((await book(hoarder, { paymentMethod: 'offline', checkIn: 220, nights: 3 })).status).toBe(201);
    expect(await ownerItem(`email#${hoarder.email}`)).toMatchObject({ owed_nights: 14 + 2 + 3 });
  });

  it('refuses a single stay longer than the whole allowance with 400, before anything is held', async () => {
    const family = guest(12);
    const answer = await book(family, { paymentMethod: 'offline', checkIn: 230, nights: 8, rooms: 4 });
    expect(answer.status).toBe(400);
    expect(answer.body.details?.paymentMethod).toEqual([unpaidLimitMessages.nights(UNPAID_NIGHT_LIMIT)]);
    expect(await ownerItem(`email#${family.email}`)).toBeUndefined();
  });

  it('a manual payment leaves one line for the money due at the property, now paid, not a second one beside it', async () => {
    const who = guest(13);
    const booking = await bookAndConfirm(who, 240, 1);
    const manager = await accountWithToken('manager');
    expect(
      (
        await call(
          who.from,
          'PATCH',
          `/bookings/${booking.id}/payment`,
          { payment_status: 'paid', note: 'Cash at the desk' },
          { authorization: manager.authorization },
        )
      ).status,
    ).toBe(200);
    const payments = await call(who.from, 'GET', `/payments/booking/${booking.id}`, undefined, { authorization: manager.authorization });
    expect(payments.status).toBe(200);
    const lines = (payments.body.data.payments as Array<{ method: string; status: string; note?: string }>).map(({ method, status, note }) => ({
      method,
      status,
      note,
    }));
    expect(lines).toEqual([{ method: 'offline', status: 'paid', note: 'Cash at the desk' }]);
  });
});

describe('unpaid holds, online or waiting for confirmation', () => {
  it(`allows ${OPEN_HOLD_LIMIT} at once per owner; paying, lapsing or cancelling one frees its place`, async () => {
    const who = guest(21);
    const first = await book(who, { paymentMethod: 'razorpay', checkIn: 250, nights: 2 });
    const second = await book(who, { paymentMethod: 'offline', checkIn: 253, nights: 1 });
    expect([first.status, second.status]).toEqual([201, 201]);
    const third = await book(who, { paymentMethod: 'razorpay', checkIn: 255, nights: 1 });
    expect(third).toMatchObject({ status: 429, body: { error: unpaidLimitMessages.onlineHolds(OPEN_HOLD_LIMIT) } });
    expect((await book(who, { paymentMethod: 'offline', checkIn: 256, nights: 1 })).body.error).toBe(tooManyOpenMessage);

    // Paying the online hold frees its place.
    const order = await call(who.from, 'POST', '/payments/create-order', { bookingId: first.body.data.booking.id });
    const checkout = await call(who.from, 'POST', '/payments/test-checkout', { orderId: order.body.data.orderId, outcome: 'success' });
    expect((await call(who.from, 'POST', '/payments/verify-payment', checkout.body.data.response)).status).toBe(200);
    const afterPaying = await book(who, { paymentMethod: 'razorpay', checkIn: 257, nights: 1 });
    expect(afterPaying.status).toBe(201);

    // Cancelling the pay-at-property hold frees another; the owners' counts go back exactly once.
    const cancel = await call(who.from, 'PUT', `/bookings/reference/${second.body.data.bookingReference}/cancel`, { token: second.body.data.manageToken });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(
      (await call(who.from, 'PUT', `/bookings/reference/${second.body.data.bookingReference}/cancel`, { token: second.body.data.manageToken })).status,
    ).toBe(409);
    const item = await ownerItem(`email#${who.email}`);
    expect([...(item?.ids ?? [])]).toEqual([afterPaying.body.data.booking.id]);
    expect(item?.owed).toBeUndefined();
    expect(item?.owed_nights).toBe(0);

    // A lapsed hold, released by the sweeper, frees its place too: two more fit after it.
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: bookingKeys.item(afterPaying.body.data.booking.id),
        UpdateExpression: 'SET hold_expires_at_ms = :past',
        ExpressionAttributeValues: { ':past': Date.now() - 60_000 },
      }),
    );
    await sweep();
    const later = [
      await book(who, { paymentMethod: 'razorpay', checkIn: 259, nights: 1 }),
      await book(who, { paymentMethod: 'razorpay', checkIn: 261, nights: 1 }),
    ];
    expect(later.map((answer) => answer.status)).toEqual([201, 201]);
  });

  it('six guests of one owner booking at the same moment get exactly the limit, never more', async () => {
    const who = guest(22);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, index) => book(who, { paymentMethod: 'razorpay', checkIn: 270 + index * 2, nights: 1 })));
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(OPEN_HOLD_LIMIT);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(6 - OPEN_HOLD_LIMIT);
    expect((await ownerItem(`address#${who.from}`))?.ids.size).toBe(OPEN_HOLD_LIMIT);
  });

  it('thirty guests behind one address (a hotel lobby, a carrier NAT) booking at once, with the limit lifted: every one booked, none a 5xx', async () => {
    process.env.OPEN_HOLD_LIMIT = '1000';
    try {
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, index) =>
          book(
            { from: '127.0.0.23', email: `lobby${index}@example.in`, phone: `92000 000${String(index).padStart(2, '0')}` },
            {
              paymentMethod: 'razorpay',
              cottageType: ['glass-cottage', 'hornbill-villa', 'kingfisher-villa'][index % 3],
              checkIn: 290 + Math.floor(index / 3) * 2,
              nights: 1,
            },
          ),
        ),
      );
      expect(answers.map((answer) => answer.status).filter((status) => status !== 201)).toEqual([]);
      expect((await ownerItem('address#127.0.0.23'))?.ids.size).toBe(30);
    } finally {
      delete process.env.OPEN_HOLD_LIMIT;
    }
  });
});
