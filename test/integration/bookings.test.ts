import { describe, expect, it } from 'vitest';
import { bookingBody, inDays, itemsOf, newKey, postJson } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { registerAndActivate } from '../support/accounts.ts';
import { formatSlot, formatStayDay } from '../../shared/stay-format.ts';

const stack = useTestStack();

describe('POST /api/bookings', () => {
  it('creates a pending booking priced by the server, with a reference and a manage link', async () => {
    const body = bookingBody({ checkIn: inDays(10), checkOut: inDays(13) });
    const { status, body: result } = await postJson(`${stack.api}/bookings`, body, { 'idempotency-key': newKey() });
    expect(status).toBe(201);
    expect(result.data.bookingReference).toMatch(/^VM[0-9A-Z]{8,}[0-9A-F]{6}$/);
    expect(result.data.booking).toMatchObject({
      status: 'pending',
      payment_method: 'offline',
      payment_status: 'pending',
      cottage_name: 'Hornbill Villa',
      customer_name: 'Ms Asha Rao',
      customer_phone: '9876543210',
      nights: 3,
      package_name: 'Forest Retreat',
    });
    // villa 3 x 18000 + 5400 for the second guest; package (15000 + 30% for the guest above its minimum of 1) x 2.4 for 3 nights
    expect(result.data.quote.subtotal).toBe(54000 + 5400 + 46800);
    expect(result.data.booking.total_amount).toBe(result.data.quote.total);
    expect(result.data.booking).not.toHaveProperty('claims');
    // `<booking id>.<secret>`: not a JWT, so it outlives signing-key rotations (only its hash is stored).
    expect(result.data.manageToken).toMatch(new RegExp(`^${result.data.booking.id}\\.[\\w-]{32}$`));
  });

  it('holds an online-payment booking for 15 minutes', async () => {
    const { body } = await postJson(
      `${stack.api}/bookings`,
      bookingBody({ cottageType: 'kingfisher-villa', checkIn: inDays(12), checkOut: inDays(14), paymentMethod: 'razorpay' }),
      { 'idempotency-key': newKey() },
    );
    const holdMs = Date.parse(body.data.booking.hold_expires_at) - Date.parse(body.data.booking.created_at);
    expect(holdMs).toBe(15 * 60 * 1000);
  });

  it('returns the first answer when the same Idempotency-Key is retried, and books once', async () => {
    const key = newKey();
    const body = bookingBody({ cottageType: 'glass-cottage', checkIn: inDays(20), checkOut: inDays(22) });
    const first = await postJson(`${stack.api}/bookings`, body, { 'idempotency-key': key });
    const again = await Promise.all([1, 2, 3].map(() => postJson(`${stack.api}/bookings`, body, { 'idempotency-key': key })));
    expect(first.status).toBe(201);
    for (const retry of again) {
      expect(retry.status).toBe(201);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      expect(retry.body.data.bookingReference).toBe(first.body.data.bookingReference);
    }
    const bookings = (await itemsOf('booking')).filter((booking) => booking.check_in_date === inDays(20));
    expect(bookings).toHaveLength(1);
  });

  it('answers every concurrent retry of one key with the same booking, even on the last unit', async () => {
    const key = newKey();
    const body = bookingBody({ cottageType: 'kingfisher-villa', checkIn: inDays(130), checkOut: inDays(132) });
    const results = await Promise.all(Array.from({ length: 6 }, () => postJson(`${stack.api}/bookings`, body, { 'idempotency-key': key })));
    expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(results.map((result) => result.body.data.bookingReference)).size).toBe(1);
  });

  it('binds a key to the account that used it: another account replaying it gets 422, not the booking', async () => {
    const key = newKey();
    const body = bookingBody({ checkIn: inDays(134), checkOut: inDays(135) });
    expect((await postJson(`${stack.api}/bookings`, body, { 'idempotency-key': key })).status).toBe(201);
    const registered = await registerAndActivate(stack.api, { name: 'Other', email: 'other-account@example.in', password: 'other-password' });
    const replay = await postJson(`${stack.api}/bookings`, body, { 'idempotency-key': key, authorization: `Bearer ${registered.token}` });
    expect(replay.status).toBe(422);
  });

  it('refuses a booking too large for one transaction with a clear 400', async () => {
    const { status, body } = await postJson(`${stack.api}/bookings`, bookingBody({ rooms: 4, checkIn: inDays(200), checkOut: inDays(230) }), {
      'idempotency-key': newKey(),
    });
    expect(status).toBe(400);
    expect(body.error).toBe('This booking is too large to make at once: book fewer rooms or nights, or split it into two bookings');
  });

  it('counts every action of the transaction before writing: 3 rooms for 30 nights, 3 safaris, paid at the property is a 400, not a 500', async () => {
    // 3 writes for the booking, 3 x (1 on-sale check + 30 nights), 3 seat counters and 3 open-hold sets: 102 actions, over DynamoDB's 100.
    const checkIn = inDays(240);
    const safaris = [
      { safariId: 'morning-jeep-safari', date: inDays(241), timeSlot: '06:00-09:00', guests: 2 },
      { safariId: 'evening-jungle-safari', date: inDays(242), timeSlot: '16:00-19:00', guests: 2 },
      { safariId: 'night-trail-safari', date: inDays(243), timeSlot: '20:00-22:00', guests: 2 },
    ];
    const { status, body } = await postJson(
      `${stack.api}/bookings`,
      bookingBody({ rooms: 3, checkIn, checkOut: inDays(270), packageId: 'safari-adventure', selectedSafaris: safaris, paymentMethod: 'offline' }),
      { 'idempotency-key': newKey() },
    );
    expect(status, JSON.stringify(body)).toBe(400);
    expect(body.error).toBe('This booking is too large to make at once: book fewer rooms or nights, or split it into two bookings');
  });

  it('refuses to reuse an Idempotency-Key for a different request (422) and requires one (400)', async () => {
    const key = newKey();
    await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(60), checkOut: inDays(61) }), { 'idempotency-key': key });
    const reused = await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(62), checkOut: inDays(63) }), { 'idempotency-key': key });
    expect(reused.status).toBe(422);
    expect(reused.body.error).toBe('This Idempotency-Key was already used for a different booking request');
    const missing = await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(64), checkOut: inDays(65) }));
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/^An Idempotency-Key header is required/);
  });

  it('rejects a stale totalAmount with 409 and the fresh quote, and books nothing', async () => {
    const before = (await itemsOf('booking')).length;
    const { status, body } = await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(70), checkOut: inDays(72), totalAmount: 1000 }), {
      'idempotency-key': newKey(),
    });
    expect(status).toBe(409);
    expect(body.error).toMatch(/^The price has changed since it was shown: the total is now ₹/);
    expect(body.quote.total).toBeGreaterThan(1000);
    expect((body as { code?: string }).code).toBe('price_changed');
    expect((await itemsOf('booking')).length).toBe(before);
    const accepted = await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(70), checkOut: inDays(72), totalAmount: body.quote.total }), {
      'idempotency-key': newKey(),
    });
    expect(accepted.status).toBe(201);
  });

  it('enforces the guest form rules with their messages, per field', async () => {
    const { status, body } = await postJson(
      `${stack.api}/bookings`,
      bookingBody({ guestDetails: { firstName: ' ', lastName: '', email: 'not-an-email', phone: '12345' }, acceptTerms: false }),
      { 'idempotency-key': newKey() },
    );
    expect(status).toBe(400);
    expect(body.details).toMatchObject({
      'guestDetails.firstName': ['First name is required'],
      'guestDetails.lastName': ['Last name is required'],
      'guestDetails.email': ['Please enter a valid email address'],
      'guestDetails.phone': ['Please enter a valid 10-digit phone number'],
      acceptTerms: ['Please accept the terms and conditions'],
    });
  });

  it('enforces the stay, capacity, package and safari rules with their messages', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ checkIn: inDays(-1), checkOut: inDays(2) }, 'checkIn', 'Check-in date cannot be in the past'],
      [{ checkIn: inDays(5), checkOut: inDays(5) }, 'checkOut', 'Minimum stay is 1 night'],
      [{ checkIn: inDays(5), checkOut: inDays(4) }, 'checkOut', 'Check-out date must be after check-in date'],
      [{ rooms: 0 }, 'rooms', 'At least 1 room is required'],
      [{ checkIn: inDays(5), checkOut: inDays(36) }, 'checkOut', 'Maximum stay is 30 nights'],
      [{ checkIn: inDays(400), checkOut: inDays(401) }, 'checkIn', 'Bookings open up to one year ahead'],
      [{ cottageType: 'kingfisher-villa', adults: 4, children: 1 }, 'guests', 'This villa can accommodate maximum 4 guests'],
      [{ adults: 9 }, 'adults', 'At most 8 adults can stay'],
      [{ adults: 0, children: 2 }, 'adults', 'At least 1 adult is required'],
      [{ children: -1 }, 'children', 'Children cannot be fewer than 0'],
      [{ rooms: 0 }, 'rooms', 'At least 1 room is required'],
      [{ children: 7 }, 'children', 'At most 6 children can stay'],
      [{ rooms: 5 }, 'rooms', 'At most 4 rooms can be booked at once'],
      [{ packageId: 'honeymoon-escape', adults: 3 }, 'packageId', 'Honeymoon Escape supports maximum 2 guests'],
      [{ packageId: 'family-getaway', adults: 1 }, 'packageId', 'Family Getaway requires minimum 2 guests'],
      [
        { packageId: 'safari-adventure', selectedSafaris: [{ safariId: 'morning-jeep-safari', date: inDays(40), timeSlot: '06:00-09:00', guests: 3 }] },
        'selectedSafaris.0.guests',
        'Cannot exceed total booking guests (2)',
      ],
      [
        {
          packageId: 'safari-adventure',
          selectedSafaris: [{ safariId: 'night-trail-safari', date: inDays(40), timeSlot: '20:00-22:00', guests: 5 }],
          adults: 6,
        },
        'selectedSafaris.0.guests',
        'Maximum 4 guests allowed for this safari',
      ],
      [
        { packageId: 'safari-adventure', selectedSafaris: [{ safariId: 'morning-jeep-safari', timeSlot: '06:00-09:00', guests: 1 }] },
        'selectedSafaris.0.date',
        'Please select a date',
      ],
      [
        { packageId: 'safari-adventure', selectedSafaris: [{ safariId: 'morning-jeep-safari', date: inDays(40), guests: 1 }] },
        'selectedSafaris.0.timeSlot',
        'Please select a time slot',
      ],
      [
        { packageId: 'safari-adventure', selectedSafaris: [{ safariId: 'morning-jeep-safari', date: inDays(50), timeSlot: '06:00-09:00', guests: 1 }] },
        'selectedSafaris.0.date',
        'Safari dates must be nights of your stay',
      ],
    ];
    for (const [overrides, field, message] of cases) {
      const { status, body } = await postJson(`${stack.api}/bookings`, bookingBody(overrides), { 'idempotency-key': newKey() });
      expect(status, `${field}: ${message}`).toBe(400);
      expect(body.details?.[field], JSON.stringify(body)).toContain(message);
    }
  });

  it('answers malformed JSON, wrong types, oversized bodies and unknown ids clearly, and writes nothing', async () => {
    const before = (await itemsOf('booking')).length;
    const raw = await fetch(`${stack.api}/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': newKey() },
      body: '{"cottageType":',
    });
    expect(raw.status).toBe(400);
    expect(((await raw.json()) as { error: string }).error).toBe('Request body is not valid JSON');
    const wrongType = await postJson(`${stack.api}/bookings`, bookingBody({ adults: 'two' }), { 'idempotency-key': newKey() });
    expect(wrongType).toMatchObject({ status: 400, body: { details: { adults: ['Adults must be a whole number'] } } });
    const huge = await postJson(`${stack.api}/bookings`, bookingBody({ specialRequests: 'x'.repeat(70_000) }), { 'idempotency-key': newKey() });
    expect(huge.status).toBe(413);
    expect((await postJson(`${stack.api}/bookings`, bookingBody({ cottageType: 'treehouse' }), { 'idempotency-key': newKey() })).body).toEqual({
      success: false,
      error: "Villa 'treehouse' was not found",
    });
    expect((await postJson(`${stack.api}/bookings`, bookingBody({ packageId: 'spa-week' }), { 'idempotency-key': newKey() })).status).toBe(404);
    expect(
      (
        await postJson(
          `${stack.api}/bookings`,
          bookingBody({ selectedSafaris: [{ safariId: 'moon-walk', date: inDays(40), timeSlot: '06:00-09:00', guests: 1 }] }),
          { 'idempotency-key': newKey() },
        )
      ).status,
    ).toBe(404);
    expect((await itemsOf('booking')).length).toBe(before);
  });
});

describe('safari seats within one booking', () => {
  it('claims two selections of one slot together', async () => {
    const date = inDays(160);
    const evening = { safariId: 'evening-jungle-safari', date, timeSlot: '16:00-19:00', guests: 2 };
    const { status } = await postJson(
      `${stack.api}/bookings`,
      bookingBody({ checkIn: date, checkOut: inDays(161), packageId: 'safari-adventure', selectedSafaris: [evening, evening] }),
      { 'idempotency-key': newKey() },
    );
    expect(status).toBe(201);
    const slots = await getJson<{ slots: Array<{ timeSlot: string; booked: number }> }>(`${stack.api}/safaris/evening-jungle-safari/slots/${date}`);
    expect(slots.body.data?.slots[0]).toMatchObject({ booked: 4 });
  });

  it('never sells a fresh slot beyond its seats, whatever the selections add up to', async () => {
    const date = inDays(162);
    const night = { safariId: 'night-trail-safari', date, timeSlot: '20:00-22:00', guests: 4 };
    const { status, body } = await postJson(
      `${stack.api}/bookings`,
      bookingBody({
        cottageType: 'glass-cottage',
        adults: 4,
        checkIn: date,
        checkOut: inDays(163),
        packageId: 'safari-adventure',
        selectedSafaris: [night, night, night],
      }),
      { 'idempotency-key': newKey() },
    );
    expect(status).toBe(409);
    expect((body as { code?: string }).code).toBe('safari_sold_out');
    expect(body.details).toEqual({
      'selectedSafaris.0.guests': [`Night Trail Safari on ${formatStayDay(date)} at ${formatSlot('20:00-22:00')} does not have enough seats left`],
    });
    const slots = await getJson<{ slots: Array<{ booked: number }> }>(`${stack.api}/safaris/night-trail-safari/slots/${date}`);
    expect(slots.body.data?.slots[0]?.booked).toBe(0);
  });
});

describe('contention: the last unit on the same nights', () => {
  it('200 concurrent requests give exactly one booking and 199 clear 409s, and the nights match the booking', async () => {
    const body = bookingBody({ cottageType: 'glass-cottage', checkIn: inDays(100), checkOut: inDays(103), adults: 2 });
    const results = await Promise.all(Array.from({ length: 200 }, () => postJson(`${stack.api}/bookings`, body, { 'idempotency-key': newKey() })));
    const created = results.filter((result) => result.status === 201);
    const refused = results.filter((result) => result.status === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(199);
    for (const result of refused) {
      expect(result.body.error).toMatch(/^Sorry, Glass Cottage (is not available for these dates any more|was just booked by someone else for these dates)\./);
      expect((result.body as { code?: string }).code).toBe('villa_taken');
    }
    const winner = created[0]?.body.data.booking;
    const nights = (await itemsOf('night')).filter((night) => night.pk === 'COTTAGE#glass-1' && night.night >= inDays(100) && night.night < inDays(103));
    expect(nights.map((night) => night.night).sort()).toEqual([inDays(100), inDays(101), inDays(102)]);
    expect(new Set(nights.map((night) => night.booking_id))).toEqual(new Set([winner.id]));
    const bookings = (await itemsOf('booking')).filter((booking) => booking.check_in_date === inDays(100));
    expect(bookings).toHaveLength(1);
  });

  it('never sells more safari seats than a slot has', async () => {
    // Night Trail has 8 seats a night; three parties of 4 in three villas try at once: two fit.
    const date = inDays(150);
    const attempts = await Promise.all(
      ['hornbill-villa', 'kingfisher-villa', 'glass-cottage'].map((cottageType) =>
        postJson(
          `${stack.api}/bookings`,
          bookingBody({
            cottageType,
            adults: 4,
            checkIn: date,
            checkOut: inDays(151),
            packageId: 'safari-adventure',
            selectedSafaris: [{ safariId: 'night-trail-safari', date, timeSlot: '20:00-22:00', guests: 4 }],
          }),
          { 'idempotency-key': newKey() },
        ),
      ),
    );
    expect(attempts.map((attempt) => attempt.status).sort()).toEqual([201, 201, 409]);
    const refused = attempts.find((attempt) => attempt.status === 409);
    expect(refused?.body.details).toEqual({
      'selectedSafaris.0.timeSlot': [`Night Trail Safari on ${formatStayDay(date)} at ${formatSlot('20:00-22:00')} does not have enough seats left`],
    });
    const slots = await getJson<{ slots: unknown[] }>(`${stack.api}/safaris/night-trail-safari/slots/${date}`);
    expect(slots.body.data?.slots).toEqual([{ timeSlot: '20:00-22:00', capacity: 8, booked: 8, seatsLeft: 0 }]);
    // The refused party's villa night was not taken either: the transaction is all or nothing.
    const nights = (await itemsOf('night')).filter((night) => night.night === date);
    expect(nights).toHaveLength(2);
  });
});
