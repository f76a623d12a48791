import { accountWithToken } from '../support/accounts.ts';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { putPricingRule } from '../../functions/lib/db/pricing-rule-writes.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';
import { formatSlot } from '../../shared/stay-format.ts';

const stack = useTestStack();

describe('POST /api/cottages/{id}/availability', () => {
  it('says a free villa is available, with the price breakdown, by type slug or by cottage id', async () => {
    for (const id of ['hornbill-villa', 'hornbill-1']) {
      const { status, body } = await postJson(`${stack.api}/cottages/${id}/availability`, { checkIn: inDays(30), checkOut: inDays(33), guests: 2, rooms: 1 });
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        available: true,
        message: 'Villa is available for your dates!',
        totalPrice: 59400,
        priceBreakdown: { basePrice: 18000, nights: 3, guestMultiplier: 1.3, extraGuestCost: 5400 },
        cottage: { id: 'hornbill-1', type: 'hornbill-villa' },
        alternativeDates: [],
      });
      expect(body.data.quote.total).toBe(body.data.quote.subtotal + body.data.quote.gst + body.data.quote.serviceFee);
    }
  });

  it('offers the nearest free dates and other free villas when it is taken', async () => {
    // All three Kingfisher villas.
    const booked = await postJson(
      `${stack.api}/bookings`,
      bookingBody({ cottageType: 'kingfisher-villa', rooms: 3, adults: 3, checkIn: inDays(50), checkOut: inDays(52) }),
      {
        'idempotency-key': newKey(),
      },
    );
    expect(booked.status).toBe(201);
    const { body } = await postJson(`${stack.api}/cottages/kingfisher-villa/availability`, { checkIn: inDays(50), checkOut: inDays(52), guests: 2, rooms: 1 });
    expect(body.data.available).toBe(false);
    expect(body.data.message).toBe('Sorry, Kingfisher Villa is not available for these dates.');
    expect(body.data.alternativeDates).toEqual([
      { checkIn: inDays(48), checkOut: inDays(50) },
      { checkIn: inDays(52), checkOut: inDays(54) },
      { checkIn: inDays(47), checkOut: inDays(49) },
    ]);
    expect(body.data.suggestedVillas.map((villa: { type: string; totalPrice: number }) => [villa.type, villa.totalPrice])).toEqual([
      ['hornbill-villa', 2 * 18000 + 5400],
      ['glass-cottage', 2 * 25000 + 7500],
    ]);
  });

  it('answers rule failures with the status line and per-field messages', async () => {
    const { status, body } = await postJson(`${stack.api}/cottages/kingfisher-villa/availability`, {
      checkIn: inDays(-2),
      checkOut: inDays(-3),
      guests: 5,
      rooms: 1,
    });
    expect(status).toBe(400);
    expect(body.error).toBe('Please fix the errors below before checking availability');
    expect(body.details).toEqual({
      checkIn: ['Check-in date cannot be in the past'],
      checkOut: ['Check-out date must be after check-in date'],
      guests: ['This villa can accommodate maximum 4 guests'],
    });
    const missing = await postJson(`${stack.api}/cottages/kingfisher-villa/availability`, { guests: 2 });
    expect(missing.body.details).toMatchObject({ checkIn: ['Check-in date is required'], checkOut: ['Check-out date is required'] });
    expect((await postJson(`${stack.api}/cottages/treehouse/availability`, { checkIn: inDays(3), checkOut: inDays(4), guests: 1 })).status).toBe(404);
  });

  it('tells connected staff about checks (availability-check, sampled: see functions/lib/activity.ts)', async () => {
    const { resetActivitySampling } = await import('../../functions/lib/activity.ts');
    resetActivitySampling();
    const socket = new WebSocket(stack.wsUrl);
    await new Promise((resolve) => socket.once('open', resolve));
    const messages: Array<{ event: string; data: Record<string, unknown> }> = [];
    socket.on('message', (raw) => messages.push(JSON.parse(String(raw))));
    socket.send(JSON.stringify({ action: 'join-admin', token: (await accountWithToken('admin', 'A')).token }));
    await expect.poll(() => messages.some((message) => message.event === 'joined')).toBe(true);
    await postJson(`${stack.api}/cottages/glass-cottage/availability`, { checkIn: inDays(31), checkOut: inDays(32), guests: 6, rooms: 1 });
    await expect
      // An earlier test's sampled check may still be on its way through the stream: this check's frame is the glass cottage's.
      .poll(() => messages.find((message) => message.event === 'availability-check' && message.data.cottageType === 'glass-cottage')?.data)
      .toEqual({
        cottageType: 'glass-cottage',
        guests: 6,
        checkIn: inDays(31),
        checkOut: inDays(32),
        available: true,
        checks: 1,
      });
    socket.close();
  });
});

describe('GET /api/cottages/{id}/availability (calendar)', () => {
  it('shows free units and the night price per night, sold-out nights at 0', async () => {
    await postJson(`${stack.api}/bookings`, bookingBody({ cottageType: 'glass-cottage', checkIn: inDays(80), checkOut: inDays(82) }), {
      'idempotency-key': newKey(),
    });
    const { status, body } = await getJson<{ nights: Array<{ date: string; freeUnits: number; price: number; available: boolean }> }>(
      `${stack.api}/cottages/glass-cottage/availability?startDate=${inDays(79)}&endDate=${inDays(82)}`,
    );
    expect(status).toBe(200);
    expect(body.data?.nights.map((night) => [night.date, night.freeUnits, night.available, night.price])).toEqual([
      [inDays(79), 1, true, 25000],
      [inDays(80), 0, false, 25000],
      [inDays(81), 0, false, 25000],
      [inDays(82), 1, true, 25000],
    ]);
  });

  it('shows discounted prices where a pricing rule applies, and refuses bad ranges', async () => {
    await putPricingRule({
      id: 'test-glass-deal',
      service_name: 'Glass Deal',
      service_type: 'cottage',
      applies_to: 'glass-cottage',
      currency: 'INR',
      season: 'off-peak',
      discount_percentage: 20,
      valid_from: inDays(90),
      valid_until: inDays(90),
      min_stay: 1,
      max_stay: 30,
      description: 'x',
      status: 'promotional',
    });
    const { body } = await getJson<{ nights: Array<{ price: number }> }>(
      `${stack.api}/cottages/glass-cottage/availability?startDate=${inDays(89)}&endDate=${inDays(91)}`,
    );
    expect(body.data?.nights.map((night) => night.price)).toEqual([25000, 20000, 25000]);
    expect((await getJson(`${stack.api}/cottages/glass-cottage/availability?startDate=${inDays(5)}&endDate=${inDays(1)}`)).status).toBe(400);
    expect((await getJson(`${stack.api}/cottages/glass-cottage/availability?startDate=${inDays(1)}&endDate=${inDays(200)}`)).status).toBe(400);
    expect((await getJson(`${stack.api}/cottages/glass-cottage/availability?startDate=soon`)).status).toBe(400);
  });
});

describe('POST /api/packages/calculate-pricing', () => {
  it('prices a package from the short payload (package, guests, nights)', async () => {
    const { body } = await postJson(`${stack.api}/packages/calculate-pricing`, { packageId: 'honeymoon-escape', guests: 2, nights: 3 });
    expect(body.data).toEqual({ packageId: 'honeymoon-escape', basePrice: 19500, guests: 2, nights: 3, price: 46800 });
  });

  it('quotes a whole stay exactly as a booking of it is charged, rules included', async () => {
    await putPricingRule({
      id: 'test-safari-deal',
      service_name: 'Safari Week',
      service_type: 'safari',
      currency: 'INR',
      season: 'all-year',
      discount_percentage: 10,
      valid_from: inDays(0),
      valid_until: inDays(365),
      min_stay: 1,
      max_stay: 30,
      description: 'x',
      status: 'active',
    });
    const stay = {
      cottageType: 'hornbill-villa',
      checkIn: inDays(120),
      checkOut: inDays(122),
      adults: 2,
      children: 1,
      // A package that includes no safari: the safari is paid, with its rule's discount.
      packageId: 'forest-retreat',
      selectedSafaris: [{ safariId: 'evening-jungle-safari', date: inDays(120), timeSlot: '16:00-19:00', guests: 3 }],
    };
    const quote = await postJson(`${stack.api}/packages/calculate-pricing`, stay);
    expect(quote.status).toBe(200);
    expect(quote.body.data.safaris[0]).toMatchObject({ amount: 2430, discount: 270 });
    expect(quote.body.data.lines).toContainEqual(expect.objectContaining({ label: 'Safari Week discount', amount: -270 }));
    const booking = await postJson(`${stack.api}/bookings`, bookingBody({ ...stay, totalAmount: quote.body.data.total }), { 'idempotency-key': newKey() });
    expect(booking.status).toBe(201);
    expect(booking.body.data.booking.total_amount).toBe(quote.body.data.total);

    // Safari Adventure includes it: free, no discount, and the booking is charged the same.
    const included = { ...stay, checkIn: inDays(130), checkOut: inDays(132), packageId: 'safari-adventure' };
    included.selectedSafaris = [{ ...stay.selectedSafaris[0]!, date: inDays(130) }];
    const free = await postJson(`${stack.api}/packages/calculate-pricing`, included);
    expect(free.body.data.safaris[0]).toMatchObject({ amount: 0, discount: 0, included: true });
    expect(free.body.data.lines).toContainEqual(expect.objectContaining({ label: 'Included in the Safari Adventure package', amount: -2700 }));
    const freeBooking = await postJson(`${stack.api}/bookings`, bookingBody({ ...included, totalAmount: free.body.data.total }), {
      'idempotency-key': newKey(),
    });
    expect(freeBooking.status).toBe(201);
    expect(freeBooking.body.data.booking.total_amount).toBe(free.body.data.total);
  });

  it('answers 400 for a payload that is neither shape', async () => {
    const { status, body } = await postJson(`${stack.api}/packages/calculate-pricing`, { guests: 2 });
    expect(status).toBe(400);
    expect(body.error).toBe('Send packageId, guests and nights, or a full stay (cottageType, checkIn, checkOut, adults)');
  });
});

describe('safari seats', () => {
  it('lists seats per slot and the month’s available dates', async () => {
    const date = inDays(45);
    const slots = await getJson<{ slots: unknown[] }>(`${stack.api}/safaris/morning-jeep-safari/slots/${date}`);
    expect(slots.body.data?.slots).toEqual([
      { timeSlot: '06:00-09:00', capacity: 12, booked: 0, seatsLeft: 12 },
      { timeSlot: '07:00-10:00', capacity: 12, booked: 0, seatsLeft: 12 },
    ]);
    const [year, month] = date.split('-').map(Number);
    const dates = await getJson<{ dates: Array<{ date: string; seatsLeft: number }> }>(
      `${stack.api}/safaris/morning-jeep-safari/available-dates?month=${month}&year=${year}`,
    );
    expect(dates.status).toBe(200);
    expect(dates.body.data?.dates.find((entry) => entry.date === date)?.seatsLeft).toBe(24);
    expect((await getJson(`${stack.api}/safaris/morning-jeep-safari/available-dates?month=13&year=2027`)).body.error).toBe('month must be 1-12');
  });

  it('validates a selection against the stay with the safari messages, and prices it', async () => {
    const stay = { checkIn: inDays(45), checkOut: inDays(47), guests: 2 };
    const ok = await postJson(`${stack.api}/safaris/validate-selection`, {
      ...stay,
      selections: [{ safariId: 'morning-jeep-safari', date: inDays(46), timeSlot: '07:00-10:00', guests: 2 }],
    });
    expect(ok.body.data).toMatchObject({ valid: true, total: 1500 });
    const bad = await postJson(`${stack.api}/safaris/validate-selection`, {
      ...stay,
      selections: [{ safariId: 'night-trail-safari', date: inDays(47), timeSlot: '09:00-10:00', guests: 0 }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual({
      'selections.0.date': ['Safari dates must be nights of your stay'],
      'selections.0.timeSlot': [`This safari does not run at ${formatSlot('09:00-10:00')}`],
      'selections.0.guests': ['Please select number of guests'],
    });
  });
});

describe('more rooms than a villa type has', () => {
  it('says so plainly and offers the rooms it has (no nearby dates: none would help)', async () => {
    const { status, body } = await postJson(`${stack.api}/cottages/hornbill-villa/availability`, {
      checkIn: inDays(140),
      checkOut: inDays(142),
      guests: 2,
      rooms: 2,
    });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      available: false,
      maxRooms: 1,
      message: 'Hornbill Villa has one villa, so it cannot take 2 rooms. Book 1 room here, or choose another villa.',
      alternativeDates: [],
    });
    // A party one villa cannot hold is not offered it.
    const big = await postJson(`${stack.api}/cottages/hornbill-villa/availability`, { checkIn: inDays(140), checkOut: inDays(142), guests: 8, rooms: 2 });
    expect(big.body.data.maxRooms).toBeUndefined();
    expect(big.body.data.message).toBe('Hornbill Villa has one villa, so it cannot take 2 rooms. Please choose another villa.');
  });
});
