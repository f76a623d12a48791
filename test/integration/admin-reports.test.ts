import { beforeAll, describe, expect, it } from 'vitest';
import type { Report, ReportExport } from '../../shared/admin-reports.ts';
import { resortToday } from '../../shared/stay.ts';
import { documentClient } from '../../functions/lib/db/client.ts';
import { cottages } from '../../functions/lib/db/catalogue.ts';
import { auditOf } from '../../functions/lib/db/audit.ts';
import { isBookableCottage } from '../../functions/lib/listing-rules.ts';
import { accountWithToken } from '../support/accounts.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { useTestStack } from '../support/local-stack.ts';

const stack = useTestStack();
let manager: Awaited<ReturnType<typeof accountWithToken>>;

async function call<T>(method: string, path: string, body?: unknown) {
  const response = await fetch(`${stack.api}${path}`, {
    method,
    headers: { authorization: manager.authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data: T; error?: string; details?: Record<string, string[]> } };
}

const report = async (kind: 'revenue' | 'occupancy', query: string) => {
  const answer = await call<Report>('GET', `/admin/reports/${kind}?${query}`);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
};

// Stays well ahead, where nothing else in this file's table lives: the report period D..D+9, its previous period D-10..D-1.
const D = inDays(200);
const day = (offset: number) => inDays(200 + offset);
const current = `start_date=${day(0)}&end_date=${day(9)}`;

type Made = { reference: string; email: string; villaAmount: number; total: number; packageId: string };
const made: Made[] = [];

async function book(index: number, overrides: Record<string, unknown>): Promise<Made> {
  const email = `report-guest-${index}@example.in`;
  const body = bookingBody({
    paymentMethod: 'razorpay',
    guestDetails: {
      prefix: 'Ms',
      firstName: 'Report',
      lastName: `Guest ${index}`,
      email,
      phone: `98765 4${String(index).padStart(4, '0')}`,
      countryCode: '+91',
    },
    ...overrides,
  });
  const { status, body: answer } = await postJson(`${stack.api}/bookings`, body, { 'idempotency-key': newKey() });
  expect(status, JSON.stringify(answer)).toBe(201);
  return {
    reference: answer.data.bookingReference,
    email,
    villaAmount: answer.data.quote.villa.amount,
    total: answer.data.booking.total_amount,
    packageId: String(overrides.packageId ?? 'forest-retreat'),
  };
}

let units = 0;

beforeAll(async () => {
  manager = await accountWithToken('manager', 'Report Manager');
  units = (await cottages.list()).filter(isBookableCottage).length;
  // In the period: 3 nights of the glass cottage with a morning safari (3 seats), 2 of hornbill.
  made.push(
    await book(1, {
      cottageType: 'glass-cottage',
      checkIn: day(0),
      checkOut: day(3),
      packageId: 'safari-adventure',
      selectedSafaris: [{ safariId: 'morning-jeep-safari', date: day(1), timeSlot: '06:00-09:00', guests: 2 }],
    }),
  );
  made.push(await book(2, { cottageType: 'hornbill-villa', checkIn: day(2), checkOut: day(4), packageId: 'forest-retreat' }));
  // In the previous period: 2 nights of kingfisher.
  made.push(await book(3, { cottageType: 'kingfisher-villa', checkIn: day(-5), checkOut: day(-3), packageId: 'forest-retreat' }));
  // Booked, then cancelled: its nights are freed, its cancellation counts today.
  const cancelled = await book(4, { cottageType: 'kingfisher-villa', checkIn: day(5), checkOut: day(7), packageId: 'family-getaway' });
  const cancel = await fetch(`${stack.api}/bookings/reference/${cancelled.reference}/cancel`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: cancelled.email }),
  });
  expect(cancel.status).toBe(200);
  // The stream consumer moves the day counters (as under npm start): wait until the report shows all of it.
  let seen: number[] = [];
  for (const deadline = Date.now() + 15_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const today = await report('revenue', `start_date=${resortToday()}&end_date=${resortToday()}`);
    const ahead = await report('occupancy', current);
    seen = [today.current.bookings, today.current.cancellations, ahead.current.roomNightsSold, ahead.previous.roomNightsSold];
    if (seen.join() === '4,1,5,2') break;
  }
  expect(seen).toEqual([4, 1, 5, 2]);
}, 60_000);

describe('occupancy and revenue reports from the daily aggregates', () => {
  it('occupancy %, ADR, RevPAR and safari seat use of a custom range, and the same for the period before it', async () => {
    const data = await report('occupancy', current);
    expect(data.current.range).toEqual({ start: D, end: day(9), days: 10 });
    expect(data.previous.range).toEqual({ start: day(-10), end: day(-1), days: 10 });
    expect(data.period).toBe('custom');

    const roomRevenue = made[0]!.villaAmount + made[1]!.villaAmount;
    const available = units * 10;
    expect(data.current).toMatchObject({
      roomNightsSold: 5,
      roomNightsAvailable: available,
      occupancyPct: Math.round((5 / available) * 1000) / 10,
      roomRevenue,
      adr: Math.round(roomRevenue / 5),
      revpar: Math.round(roomRevenue / available),
      safariSeatsSold: 2,
    });
    expect(data.current.stayKinds.find((villa) => villa.type === 'glass-cottage')).toMatchObject({ roomNightsSold: 3, occupancyPct: 30 });
    // Morning jeep safari: 12 seats x 2 slots x 10 days offered.
    expect(data.current.safaris.find((safari) => safari.id === 'morning-jeep-safari')).toMatchObject({ seatsSold: 2, seatsOffered: 240, usePct: 0.8 });
    expect(data.previous).toMatchObject({ roomNightsSold: 2, roomRevenue: made[2]!.villaAmount, adr: Math.round(made[2]!.villaAmount / 2) });
    // A 10-day range is charted day by day; its nights sit on their days.
    expect(data.series.granularity).toBe('day');
    expect(data.series.points).toHaveLength(10);
    expect(data.series.points.map((point) => point.roomNightsSold)).toEqual([1, 1, 2, 1, 0, 0, 0, 0, 0, 0]);
  });

  it("bookings made, their value, cancellations and package take-up fall on the day they happened (today's report)", async () => {
    const today = resortToday();
    const data = await report('revenue', `period=custom&start_date=${today}&end_date=${today}`);
    expect(data.current).toMatchObject({ bookings: 4, cancellations: 1, refunds: 0, bookingValue: made[0]!.total + made[1]!.total + made[2]!.total });
    // Take-up: share of the bookings made (and held) per package; the cancelled one is not a take-up.
    expect(data.current.packages).toEqual([
      { id: 'forest-retreat', name: expect.any(String), bookings: 2, sharePct: 66.7 },
      { id: 'safari-adventure', name: expect.any(String), bookings: 1, sharePct: 33.3 },
    ]);
  });

  it('named periods end today in the resort and compare with the period of equal length before them', async () => {
    const data = await report('revenue', 'period=week');
    expect(data.current.range).toMatchObject({ end: resortToday(), days: 7 });
    expect(data.previous.range.days).toBe(7);
    expect(data.current.bookings).toBe(4);
    const monthly = await report('revenue', 'period=monthly');
    expect(monthly.period).toBe('month');
    expect(monthly.current.range.days).toBe(30);
    const year = await report('occupancy', 'period=year');
    expect(year.series.granularity).toBe('month');
  });

  it('reads only day items: a year report queries REPORT#yyyy partitions by sort-key range, never a booking', async () => {
    const commands: Array<{ name: string; input: Record<string, any>; items: number }> = [];
    const name = `count-${Math.random()}`;
    documentClient.middlewareStack.add(
      (next, context) => async (args) => {
        const output = await next(args);
        commands.push({ name: context.commandName ?? '', input: args.input as Record<string, any>, items: ((output.output as any)?.Items ?? []).length });
        return output;
      },
      { step: 'initialize', name },
    );
    try {
      await report('occupancy', `start_date=${day(-365)}&end_date=${day(0)}`);
    } finally {
      documentClient.middlewareStack.remove(name);
    }
    const reportQueries = commands.filter((command) => String(command.input.ExpressionAttributeValues?.[':pk'] ?? '').startsWith('REPORT#'));
    expect(reportQueries.length).toBeGreaterThan(0);
    for (const query of reportQueries) {
      expect(query.name).toBe('QueryCommand');
      expect(query.input.KeyConditionExpression).toBe('pk = :pk AND sk BETWEEN :from AND :to');
      expect(String(query.input.ExpressionAttributeValues[':from'])).toMatch(/^DAY#\d{4}-\d{2}-\d{2}$/);
    }
    // Both periods of a year, so at most 2 x 366 day items, whatever the number of bookings.
    expect(reportQueries.reduce((sum, query) => sum + query.items, 0)).toBeLessThanOrEqual(732);
    const touched = commands.map((command) => JSON.stringify([command.input.Key, command.input.ExpressionAttributeValues]));
    expect(touched.filter((text) => /BOOKING/.test(text))).toEqual([]);
  });

  it('refuses a bad range with details: 400', async () => {
    const backwards = await call('GET', `/admin/reports/revenue?start_date=${day(5)}&end_date=${day(1)}`);
    expect(backwards.status).toBe(400);
    expect(backwards.body.details?.end_date).toEqual(['The end date must not be before the start date']);
    const tooLong = await call('GET', '/admin/reports/occupancy?start_date=2020-01-01&end_date=2026-01-01');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.details?.end_date?.[0]).toMatch(/at most 1096 days/);
    const notADate = await call('GET', '/admin/reports/occupancy?start_date=2026-02-30&end_date=2026-03-01');
    expect(notADate.status).toBe(400);
    expect(notADate.body.details?.start_date).toEqual(['Dates look like 2026-12-24']);
    const missing = await call('GET', '/admin/reports/revenue?period=custom');
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.details ?? {})).toEqual(['start_date', 'end_date']);
    const badPeriod = await call('GET', '/admin/reports/revenue?period=fortnight');
    expect(badPeriod.status).toBe(400);
    expect(badPeriod.body.details?.period).toBeDefined();
  });
});

describe('report exports', () => {
  it('records who exported what with the figures as exported, lists them newest first, and audits each', async () => {
    const first = await call<ReportExport>('POST', '/admin/reports/exports', { kind: 'csv', report: 'occupancy', start_date: D, end_date: day(9) });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.data).toMatchObject({
      kind: 'csv',
      report: 'occupancy',
      period: 'custom',
      start_date: D,
      end_date: day(9),
      file_name: `occupancy-report_${D}_${day(9)}.csv`,
      by: { id: manager.userId, name: 'Report Manager', email: manager.email },
    });
    expect(first.body.data.snapshot.current.roomNightsSold).toBe(5);
    const second = await call<ReportExport>('POST', '/admin/reports/exports', { kind: 'pdf', report: 'revenue', period: 'quarter' });
    expect(second.status).toBe(201);

    const list = await call<{ items: ReportExport[]; cursor?: string }>('GET', '/admin/reports/exports?limit=1');
    expect(list.status).toBe(200);
    expect(list.body.data.items.map((item) => item.id)).toEqual([second.body.data.id]);
    const next = await call<{ items: ReportExport[] }>('GET', `/admin/reports/exports?limit=1&cursor=${encodeURIComponent(list.body.data.cursor ?? '')}`);
    // Download rebuilds the file from this stored snapshot: the figures exactly as exported.
    expect(next.body.data.items[0]).toEqual(first.body.data);

    const audit = await auditOf({ entity: 'report-export', id: first.body.data.id });
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'report.export', actor: { id: manager.userId }, label: first.body.data.file_name });

    const bad = await call('POST', '/admin/reports/exports', { kind: 'xls', report: 'revenue', period: 'month' });
    expect(bad.status).toBe(400);
    expect(bad.body.details?.kind).toEqual(['kind is csv or pdf']);
    const badCursor = await call('GET', '/admin/reports/exports?cursor=not-a-cursor');
    expect(badCursor.status).toBe(400);
  });
});
