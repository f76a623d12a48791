import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { auditOf } from '../../functions/lib/db/audit.ts';
import { accountWithToken } from '../support/accounts.ts';
import { inDays } from '../support/booking-fixtures.ts';
import { useCatalogueAdmin } from '../support/catalogue-admin.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';

/**
 * Each unit's calendar feed for the booking channels (issue 17), through the real local stack: the
 * manager's list gives every unit its secret feed URL; the feed lists held, booked and blocked
 * nights as all-day events (check-in to check-out, as channels read a range) without guest data;
 * a wrong token and an unknown unit look the same (404); rotating the token closes the old URL.
 * Parsed with ical.js, as a channel's importer would.
 */
const stack = useTestStack();
const { call, book } = useCatalogueAdmin(stack);

type UnitChannels = { cottageId: string; cottageName: string; exportUrl: string; imports: unknown[] };

const feedOf = async (cottageId: string) => {
  const listed = await call('GET', '/admin/channels');
  expect(listed.status).toBe(200);
  const unit = (listed.body.data.units as UnitChannels[]).find((candidate) => candidate.cottageId === cottageId);
  if (!unit) throw new Error(`${cottageId} is not listed`);
  return unit;
};

/** The feed as a channel fetches it: from the site's address, here the test server's. */
const fetchFeed = (exportUrl: string) => {
  const url = new URL(exportUrl);
  return fetch(`${stack.baseUrl}${url.pathname}${url.search}`);
};

const eventsOf = (text: string) =>
  new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    return { uid: event.uid, start: event.startDate.toString(), end: event.endDate.toString(), allDay: event.startDate.isDate, summary: event.summary };
  });

describe('calendar feeds (export)', () => {
  it('lists every unit with an absolute feed URL on the site, and the feed carries its held and blocked nights as all-day events', async () => {
    const hornbill = await feedOf('hornbill-1');
    expect(hornbill.exportUrl).toMatch(/^http:\/\/localhost:\d+\/api\/ical\/hornbill-1\.ics\?token=[\w-]{32}$/);
    expect(hornbill.imports).toEqual([]);
    const listed = await call('GET', '/admin/channels');
    expect((listed.body.data.units as UnitChannels[]).map((unit) => unit.cottageId)).toEqual(expect.arrayContaining(['glass-1', 'hornbill-1', 'kingfisher-1']));

    const booking = await book({ checkIn: inDays(20), checkOut: inDays(23) });
    const block = await call('POST', '/admin/blocks', { cottageId: 'hornbill-1', checkIn: inDays(30), checkOut: inDays(32), reason: 'Roof repair' });
    expect(block.status).toBe(201);

    const response = await fetchFeed(hornbill.exportUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=300');
    const text = await response.text();
    const events = eventsOf(text);
    expect(events).toEqual(
      expect.arrayContaining([
        { uid: `booking-${booking.booking.id}.hornbill-1@forest-resort`, start: inDays(20), end: inDays(23), allDay: true, summary: 'Held' },
        { uid: `block-${block.body.data.id}.hornbill-1@forest-resort`, start: inDays(30), end: inDays(32), allDay: true, summary: 'Blocked' },
      ]),
    );
    expect(new Set(events.map((event) => event.uid)).size).toBe(events.length);
    // A channel learns only that the nights are taken: no guest name, e-mail, phone or block reason.
    for (const secret of ['Asha', 'asha@example.in', '98765', 'Roof repair', booking.bookingReference]) expect(text).not.toContain(secret);
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);

    // A repeated fetch gives the same events with the same UIDs (a channel updates, never duplicates).
    expect(eventsOf(await (await fetchFeed(hornbill.exportUrl)).text())).toEqual(events);
    // Another unit's feed does not carry this unit's nights.
    const glassEvents = eventsOf(await (await fetchFeed((await feedOf('glass-1')).exportUrl)).text());
    expect(glassEvents.map((event) => event.uid)).not.toContain(`booking-${booking.booking.id}.hornbill-1@forest-resort`);
  });

  it('escapes and folds a unit name with commas, semicolons and a long tail', async () => {
    const name = 'Tree House; Canopy, Deluxe — by the old fig, with a long veranda over the stream';
    const created = await call('POST', '/cottages/admin/create', {
      name,
      type: 'glass-cottage',
      description: 'High in the fig.',
      price_per_night: 25000,
      capacity: 2,
      amenities: 'WiFi',
      status: 'active',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const unit = await feedOf(created.body.data.id);
    const text = await (await fetchFeed(unit.exportUrl)).text();
    // Unfolded by the parser; an X- property's value is TEXT (RFC 5545 3.8.8.2), which ical.js leaves escaped.
    expect(new ICAL.Component(ICAL.parse(text)).getFirstPropertyValue('x-wr-calname')).toBe(
      'Tree House\\; Canopy\\, Deluxe — by the old fig\\, with a long veranda over the stream (Forest Resort)',
    );
    expect(text.split('\r\n').every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
  });

  it('answers 404 alike for a wrong, missing or old token and an unknown unit; rotating the token closes the old URL', async () => {
    const unit = await feedOf('kingfisher-1');
    const url = new URL(unit.exportUrl);
    const token = url.searchParams.get('token') ?? '';
    const status = async (path: string) => (await fetch(`${stack.baseUrl}${path}`)).status;
    expect(await status(`/api/ical/kingfisher-1.ics?token=${token.slice(0, -1)}x`)).toBe(404);
    expect(await status('/api/ical/kingfisher-1.ics')).toBe(404);
    expect(await status(`/api/ical/hornbill-1.ics?token=${token}`)).toBe(404);
    expect(await status(`/api/ical/no-such-unit.ics?token=${token}`)).toBe(404);
    expect(await status(`/api/ical/KINGFISHER.txt?token=${token}`)).toBe(400);

    const rotated = await call('POST', '/admin/channels/feeds/kingfisher-1/rotate');
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.exportUrl).not.toBe(unit.exportUrl);
    expect((await fetchFeed(unit.exportUrl)).status).toBe(404);
    expect((await fetchFeed(rotated.body.data.exportUrl)).status).toBe(200);
    expect((await feedOf('kingfisher-1')).exportUrl).toBe(rotated.body.data.exportUrl);
    const [entry] = await auditOf({ entity: 'cottage', id: 'kingfisher-1' });
    expect(entry).toMatchObject({ action: 'calendar-feed.rotate', actor: { name: 'Meera Manager' } });
    expect((await call('POST', '/admin/channels/feeds/no-such-unit/rotate')).status).toBe(404);
  });

  it('keeps the feed URLs from anyone below a manager', async () => {
    const frontDesk = await accountWithToken('staff', 'Sunil Staff');
    expect((await getJson(`${stack.api}/admin/channels`, { headers: { authorization: frontDesk.authorization } })).status).toBe(403);
    expect((await getJson(`${stack.api}/admin/channels`)).status).toBe(401);
  });
});
