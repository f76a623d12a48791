import { accountWithToken, registerAndActivate } from '../support/accounts.ts';
import { rm, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentClient } from '../../functions/lib/db/client.ts';
import { feedKeys, reportKeys } from '../../functions/lib/db/keys.ts';
import { getItem, queryAll } from '../../functions/lib/db/query.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { useTestStack } from '../support/local-stack.ts';
import { connect } from '../support/ws-client.ts';
import { readOutbox } from '../support/outbox.ts';

const stack = useTestStack();
const outboxDir = () => process.env.MAIL_OUTBOX_DIR ?? '';

async function mailsAbout(reference: string) {
  return (await readOutbox()).filter((mail) => mail.subject.includes(reference));
}

async function adminSocket() {
  const admin = await connect(stack.wsUrl);
  admin.send({ action: 'join-admin', token: (await accountWithToken('admin', 'Staff')).token });
  await admin.next('joined');
  return admin;
}

const book = async (overrides: Record<string, unknown>) => {
  const { status, body } = await postJson(`${stack.api}/bookings`, bookingBody(overrides), { 'idempotency-key': newKey() });
  expect(status).toBe(201);
  return body.data as { bookingReference: string; booking: { id: string; total_amount: number } };
};

/** Makes the next `count` table writes that match `matches` fail, as a throttled or failing DynamoDB would. */
function failNextWrites(matches: (input: Record<string, any>) => boolean, count = 1) {
  let left = count;
  const name = `fault-${Math.random()}`;
  documentClient.middlewareStack.add(
    (next) => async (args) => {
      if (left > 0 && matches(args.input as Record<string, any>)) {
        left -= 1;
        throw Object.assign(new Error('Injected fault: InternalServerError'), { name: 'InternalServerError' });
      }
      return next(args);
    },
    { step: 'initialize', name },
  );
  return { remove: () => documentClient.middlewareStack.remove(name), left: () => left };
}

afterEach(() => vi.restoreAllMocks());

describe('side effects come from the table stream, not from the request', () => {
  it("a booking's admin frame (with an id) and confirmation e-mail arrive through the stream, once each", async () => {
    const admin = await adminSocket();
    const { bookingReference } = await book({ cottageType: 'kingfisher-villa', checkIn: inDays(50), checkOut: inDays(52) });

    const frame = await admin.next('new-booking');
    expect(frame.data.booking).toMatchObject({ booking_reference: bookingReference, cottage_name: 'Kingfisher Villa', customer_name: 'Ms Asha Rao' });
    expect(frame.id).toMatch(/:0$/);
    await expect.poll(() => mailsAbout(bookingReference).then((mails) => mails.length), { timeout: 5000 }).toBe(1);
    expect((await mailsAbout(bookingReference))[0]?.to).toBe('asha@example.in');

    // The same event is in the admin feed under the frame's id (the polling fallback and the bell's history).
    const feed = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': feedKeys.partition('admin') } });
    expect(feed.filter((entry) => entry.id === frame.id).map((entry) => entry.event)).toEqual(['new-booking']);
    await admin.close();
  });

  it('moves the daily report counters with the booking: its nights on their days', async () => {
    const checkIn = inDays(61);
    const before = (await getItem(reportKeys.day(checkIn), true))?.room_nights ?? 0;
    await book({ cottageType: 'glass-cottage', checkIn, checkOut: inDays(62) });
    await expect.poll(async () => (await getItem(reportKeys.day(checkIn), true))?.room_nights, { timeout: 5000 }).toBe(Number(before) + 1);
  });

  it('a consumer that fails on its first attempt still delivers exactly one e-mail', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The first attempt fails after the record was read, while writing the feed entries.
    const fault = failNextWrites((input) => input.Item?.entity === 'feed' && input.Item?.event === 'new-booking');
    try {
      const { bookingReference } = await book({ cottageType: 'hornbill-villa', checkIn: inDays(70), checkOut: inDays(71) });
      await expect.poll(() => mailsAbout(bookingReference).then((mails) => mails.length), { timeout: 10_000 }).toBe(1);
      expect(fault.left()).toBe(0);
      // Retries are over once the feed entry is there; no second mail follows.
      await new Promise((resolve) => setTimeout(resolve, 600));
      expect(await mailsAbout(bookingReference)).toHaveLength(1);
    } finally {
      fault.remove();
    }
  });

  it('a consumer that fails after the mail went out (its mark cannot be written) sends it once, and does not retry the record', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Every try to mark the send fails, as a throttled or failing table would.
    const fault = failNextWrites((input) => input.Key?.sk === 'MAIL' && input.UpdateExpression?.startsWith('SET #state = :sent'), 4);
    try {
      const { bookingReference } = await book({ cottageType: 'glass-cottage', checkIn: inDays(74), checkOut: inDays(75) });
      await expect.poll(() => fault.left(), { timeout: 10_000 }).toBe(0);
      await expect.poll(() => mailsAbout(bookingReference).then((mails) => mails.length), { timeout: 5000 }).toBe(1);
      await new Promise((resolve) => setTimeout(resolve, 800));
      expect(await mailsAbout(bookingReference)).toHaveLength(1);
      const logged = errors.mock.calls.map((call) => String(call[0]));
      expect(logged.some((line) => line.includes('Mail sent but not marked sent'))).toBe(true);
      expect(logged.some((line) => line.includes('Stream record failed'))).toBe(false);
    } finally {
      fault.remove();
    }
  });

  it('a mail service that fails is retried until the mail goes out, and the booking is untouched', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // The outbox cannot be written while a file stands where its folder should be: every send fails.
    await rm(outboxDir(), { recursive: true, force: true });
    await writeFile(outboxDir(), 'not a folder');
    let reference = '';
    try {
      const created = await book({ cottageType: 'kingfisher-villa', checkIn: inDays(80), checkOut: inDays(81) });
      reference = created.bookingReference;
      await expect
        .poll(() => errors.mock.calls.filter((call) => String(call[0]).includes('Stream record failed')).length, { timeout: 5000 })
        .toBeGreaterThanOrEqual(2);
      const status = await fetch(`${stack.api}/bookings/reference/${reference}?email=asha@example.in`).then(
        (response) => response.json() as Promise<{ data: { status: string } }>,
      );
      expect(status.data.status).toBe('pending');
    } finally {
      await rm(outboxDir(), { force: true });
    }
    await expect.poll(() => mailsAbout(reference).then((mails) => mails.length), { timeout: 15_000 }).toBe(1);
  });

  it('a cancellation mails the refund through the stream and tells open wizards the nights are free', async () => {
    const guest = await connect(stack.wsUrl);
    guest.send({ action: 'join-customer' });
    await guest.next('joined');
    const { token } = await registerAndActivate(stack.api, { name: 'Kiran Das', email: 'kiran@example.in', password: 'monsoon-forest', phone: '99887 76655' });
    const { status, body } = await postJson(
      `${stack.api}/bookings`,
      bookingBody({
        cottageType: 'glass-cottage',
        checkIn: inDays(90),
        checkOut: inDays(92),
        guestDetails: { firstName: 'Kiran', lastName: 'Das', email: 'kiran@example.in', phone: '9876543210' },
      }),
      {
        'idempotency-key': newKey(),
        authorization: `Bearer ${token}`,
      },
    );
    expect(status).toBe(201);
    expect((await guest.next('availability-changed')).data).toEqual({
      cottageType: 'glass-cottage',
      checkIn: inDays(90),
      checkOut: inDays(92),
      reason: 'booked',
    });
    await fetch(`${stack.api}/bookings/${body.data.booking.id}/cancel`, { method: 'PUT', headers: { authorization: `Bearer ${token}` } });
    expect((await guest.next('availability-changed')).data.reason).toBe('released');
    await expect
      .poll(() => mailsAbout(body.data.bookingReference).then((mails) => mails.map((mail) => mail.subject).sort()), { timeout: 5000 })
      .toEqual([`Booking ${body.data.bookingReference} cancelled`, `Please confirm your booking ${body.data.bookingReference} at Forest Resort`]);
    await guest.close();
  });
});

describe('the request path holds no side effect', () => {
  it('availability checks are sampled into one table write per container window, and staff still see them', async () => {
    const { resetActivitySampling } = await import('../../functions/lib/activity.ts');
    resetActivitySampling();
    const admin = await adminSocket();
    const check = () => postJson(`${stack.api}/cottages/glass-cottage/availability`, { checkIn: inDays(31), checkOut: inDays(32), guests: 2, rooms: 1 });
    await Promise.all([check(), check(), check()].map((request) => request.then((response) => expect(response.status).toBe(200))));
    const frame = await admin.next('availability-check');
    expect(frame.data).toMatchObject({ cottageType: 'glass-cottage', guests: 2, checks: 1 });
    const activity = await queryAll({ KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': 'ACTIVITY#availability-check' } });
    expect(activity.reduce((sum, item) => sum + Number(item.checks), 0)).toBe(1);
    await admin.close();
  });
});
