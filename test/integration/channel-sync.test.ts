import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { handler as syncJob } from '../../functions/jobs/sync-channels.ts';
import { auditOf } from '../../functions/lib/db/audit.ts';
import { bookingBody, eventually, inDays, itemsOf, newKey, postJson } from '../support/booking-fixtures.ts';
import { readOutbox } from '../support/outbox.ts';
import { useCatalogueAdmin } from '../support/catalogue-admin.ts';
import { channelCalendar, useIcsServer } from '../support/ics-server.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';

/**
 * Importing the channels' calendars (issue 17) through the real local stack, with a real HTTP server
 * serving the .ics files: a sync claims the unit's nights as channel stays, a repeat changes
 * nothing (304 with the ETag, or the same events without one), stays that left the calendar free
 * their nights, an event on a direct booking is a conflict and never cancels it, and a broken
 * feed (not iCalendar, too large, too slow) is reported on its row and takes nothing new.
 * The sync-now route runs in the job's function through the local Lambda Invoke stand-in; repeat
 * syncs here call the job as the schedule does (the route allows one a minute per feed).
 */
const stack = useTestStack();
const { adminFrame, call, book } = useCatalogueAdmin(stack);
const server = useIcsServer();

const freeUnits = async (type: string, day: string) => {
  const { body } = await getJson<{ nights: Array<{ freeUnits: number }> }>(`${stack.api}/cottages/${type}/availability?startDate=${day}&endDate=${day}`);
  return body.data?.nights[0]?.freeUnits;
};
const addChannel = async (cottageId: string, path: string, name = 'Booking.com') => {
  const created = await call('POST', '/admin/channels', { cottageId, name, url: server.feeds.url(path) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data as { id: string };
};
const scheduledSync = async (channelId: string) => {
  const answer = await syncJob({ channelId });
  if (!('ok' in answer) || !answer.ok) throw new Error(JSON.stringify(answer));
  return answer.result;
};
const channelNights = async (channelId: string) =>
  (await itemsOf('night'))
    .filter((night) => night.channel_id === channelId)
    .map((night) => [night.night, night.channel_uid])
    .sort();

describe('channel calendars (import)', () => {
  it('imports a feed: its stays take the nights, guests cannot book them, and the unit’s own feed lists them; a repeat changes nothing', async () => {
    server.feeds.serve('/glass.ics', {
      body: channelCalendar([
        { uid: 'bdc-1001@booking.com', start: inDays(30), end: inDays(33) },
        { uid: 'bdc-1002@booking.com', start: inDays(40), end: inDays(41) },
        { uid: 'bdc-0999@booking.com', start: inDays(-5), end: inDays(-2) },
        { uid: 'bdc-1003@booking.com', start: inDays(45), end: inDays(47), status: 'CANCELLED' },
      ]),
      etag: '"v1"',
    });
    const channel = await addChannel('glass-1', '/glass.ics');

    const synced = await call('POST', `/admin/channels/${channel.id}/sync`);

    expect(synced.status, JSON.stringify(synced.body)).toBe(200);
    // The past stay and the cancelled one take nothing.
    expect(synced.body.data).toEqual({ imported: 2, updated: 0, removed: 0, conflicts: [] });
    expect(await channelNights(channel.id)).toEqual([
      [inDays(30), 'bdc-1001@booking.com'],
      [inDays(31), 'bdc-1001@booking.com'],
      [inDays(32), 'bdc-1001@booking.com'],
      [inDays(40), 'bdc-1002@booking.com'],
    ]);
    expect([await freeUnits('glass-cottage', inDays(31)), await freeUnits('glass-cottage', inDays(33))]).toEqual([0, 1]);
    const refused = await postJson(`${stack.api}/bookings`, bookingBody({ cottageType: 'glass-cottage', checkIn: inDays(32), checkOut: inDays(34) }), {
      'idempotency-key': newKey(),
    });
    expect(refused.status).toBe(409);

    const listed = await call('GET', '/admin/channels');
    const glass = listed.body.data.units.find((unit: { cottageId: string }) => unit.cottageId === 'glass-1');
    expect(glass.imports).toEqual([
      expect.objectContaining({ id: channel.id, name: 'Booking.com', stays: 2, conflicts: [], lastSuccessAt: expect.any(String) }),
    ]);
    const exported = await fetch(`${stack.baseUrl}${new URL(glass.exportUrl).pathname}${new URL(glass.exportUrl).search}`);
    const events = new ICAL.Component(ICAL.parse(await exported.text())).getAllSubcomponents('vevent').map((vevent) => new ICAL.Event(vevent));
    expect(events.map((event) => [event.summary, event.startDate.toString(), event.endDate.toString()])).toEqual(
      expect.arrayContaining([
        ['Channel stay', inDays(30), inDays(33)],
        ['Channel stay', inDays(40), inDays(41)],
      ]),
    );

    // The same calendar again: the channel answers 304 to the ETag, and nothing is written.
    const before = await itemsOf('night');
    expect(await scheduledSync(channel.id)).toMatchObject({ imported: 0, updated: 0, removed: 0, conflicts: [], notModified: true });
    expect(server.feeds.requests.at(-1)?.headers['if-none-match']).toBe('"v1"');
    expect(await itemsOf('night')).toEqual(before);
    // A second manual sync within the minute is refused (a per-feed rate).
    const again = await call('POST', `/admin/channels/${channel.id}/sync`);
    expect(again.status).toBe(429);
  });

  it('frees the nights of stays that left the calendar, moves changed ones, and a repeat without an ETag writes nothing either', async () => {
    const feed = (events: Parameters<typeof channelCalendar>[0]) => server.feeds.serve('/kingfisher.ics', { body: channelCalendar(events) });
    feed([
      { uid: 'abnb-1', start: inDays(60), end: inDays(62) },
      { uid: 'abnb-2', start: inDays(70), end: inDays(72) },
    ]);
    const channel = await addChannel('kingfisher-1', '/kingfisher.ics', 'Airbnb');
    expect(await scheduledSync(channel.id)).toEqual({ imported: 2, updated: 0, removed: 0, conflicts: [] });

    feed([
      { uid: 'abnb-1', start: inDays(61), end: inDays(63) },
      { uid: 'abnb-3', start: inDays(80), end: inDays(81) },
    ]);
    expect(await scheduledSync(channel.id)).toEqual({ imported: 1, updated: 1, removed: 1, conflicts: [] });
    expect(await channelNights(channel.id)).toEqual([
      [inDays(61), 'abnb-1'],
      [inDays(62), 'abnb-1'],
      [inDays(80), 'abnb-3'],
    ]);
    expect(await freeUnits('kingfisher-1', inDays(60))).toBe(1);
    expect(await freeUnits('kingfisher-1', inDays(70))).toBe(1);

    const before = await itemsOf('night');
    expect(await scheduledSync(channel.id)).toEqual({ imported: 0, updated: 0, removed: 0, conflicts: [] });
    expect(await itemsOf('night')).toEqual(before);

    // Removing the channel frees its stays' nights at once, and is audited.
    const removed = await call('DELETE', `/admin/channels/${channel.id}`);
    expect(removed.status).toBe(200);
    expect(await channelNights(channel.id)).toEqual([]);
    expect(await freeUnits('kingfisher-1', inDays(61))).toBe(1);
    expect((await auditOf({ entity: 'channel', id: channel.id })).map((entry) => entry.action).sort()).toEqual(['channel.create', 'channel.delete']);
  });

  it('an event on a direct booking is a conflict: listed with the reference, staff hear it, the booking stands and keeps its nights', async () => {
    const booked = await book({ checkIn: inDays(100), checkOut: inDays(102) });
    server.feeds.serve('/hornbill.ics', {
      body: channelCalendar([
        { uid: 'mmt-77', start: inDays(99), end: inDays(101) },
        { uid: 'mmt-78', start: inDays(110), end: inDays(111) },
      ]),
    });
    const channel = await addChannel('hornbill-1', '/hornbill.ics', 'MakeMyTrip');

    const synced = await call('POST', `/admin/channels/${channel.id}/sync`);

    expect(synced.status).toBe(200);
    expect(synced.body.data).toEqual({
      imported: 2,
      updated: 0,
      removed: 0,
      conflicts: [{ uid: 'mmt-77', nights: [inDays(100)], with: { kind: 'booking', bookingId: booked.booking.id, bookingReference: booked.bookingReference } }],
    });
    // The free night of the same stay is taken: the channel sold it.
    expect(await channelNights(channel.id)).toEqual([
      [inDays(99), 'mmt-77'],
      [inDays(110), 'mmt-78'],
    ]);
    const night = (await itemsOf('night')).find((item) => item.pk === 'COTTAGE#hornbill-1' && item.night === inDays(100));
    expect(night?.booking_id).toBe(booked.booking.id);
    expect(await adminFrame('channel-conflict', (data) => data.channel?.id === channel.id)).toMatchObject({
      conflicts: [{ uid: 'mmt-77', with: { bookingReference: booked.bookingReference } }],
    });
    // The front desk's address (STAFF_MAIL_TO) is e-mailed, once.
    const staffMail = await eventually(
      async () => (await readOutbox()).filter((mail) => mail.to === 'front-desk@forest-resort.local'),
      (mails) => mails.length > 0,
    );
    expect(staffMail).toHaveLength(1);
    expect(staffMail[0]?.subject).toBe('Channel conflict: MakeMyTrip sold nights of hornbill-1 that are taken');
    expect(staffMail[0]?.text).toContain(`${inDays(100)}: held by booking ${booked.bookingReference}`);
    // A repeat sync with the same conflict tells nobody again.
    await scheduledSync(channel.id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await readOutbox()).filter((mail) => mail.to === 'front-desk@forest-resort.local')).toHaveLength(1);
  });

  it('a broken feed is reported on its row and takes nothing new; what it took before stays taken', async () => {
    server.feeds.serve('/broken.ics', { body: channelCalendar([{ uid: 'agoda-1', start: inDays(150), end: inDays(152) }]) });
    const channel = await addChannel('glass-1', '/broken.ics', 'Agoda');
    expect(await scheduledSync(channel.id)).toMatchObject({ imported: 1 });

    const refusal = async (answer: Parameters<typeof server.feeds.serve>[1]) => {
      server.feeds.serve('/broken.ics', answer);
      const sync = await syncJob({ channelId: channel.id });
      return 'ok' in sync && !sync.ok ? sync.refusal : undefined;
    };
    expect(await refusal({ body: '<html><body>Maintenance</body></html>', contentType: 'text/html' })).toEqual({
      kind: 'upstream',
      message: 'The channel’s calendar could not be read: it is not an iCalendar file',
    });
    expect(await refusal({ body: `BEGIN:VCALENDAR\r\nX-PAD:${'x'.repeat(2 * 1024 * 1024)}\r\nEND:VCALENDAR\r\n` })).toEqual({
      kind: 'upstream',
      message: 'The calendar is larger than 2 MB',
    });
    // A redirect is followed only to an address that is allowed itself (cloud metadata, a private network: no).
    expect(await refusal({ status: 302, location: 'http://169.254.169.254/latest/meta-data/' })).toMatchObject({
      message: 'The channel redirected to an address that is not allowed: The calendar address must start with https://',
    });
    expect(await refusal({ status: 301, location: 'https://10.0.0.5/feed.ics' })).toMatchObject({
      message: 'The channel redirected to an address that is not allowed: The calendar address leads to a private network',
    });
    expect(await refusal({ status: 500, body: 'oops' })).toMatchObject({ message: 'The channel answered HTTP 500' });
    expect(await channelNights(channel.id)).toEqual([
      [inDays(150), 'agoda-1'],
      [inDays(151), 'agoda-1'],
    ]);
    const listed = await call('GET', '/admin/channels');
    const row = listed.body.data.units
      .flatMap((unit: { imports: Array<{ id: string }> }) => unit.imports)
      .find((entry: { id: string }) => entry.id === channel.id);
    expect(row).toMatchObject({ lastError: 'The channel answered HTTP 500', lastErrorAt: expect.any(String), lastSuccessAt: expect.any(String), stays: 1 });
  });

  it('a feed that does not answer in 10 seconds: the sync-now route answers 502 with the reason', async () => {
    server.feeds.serve('/slow.ics', { body: channelCalendar([]), delayMs: 15_000 });
    const channel = await addChannel('kingfisher-1', '/slow.ics', 'Slow channel');
    const started = Date.now();
    const synced = await call('POST', `/admin/channels/${channel.id}/sync`);
    expect(synced.status).toBe(502);
    expect(synced.body.error).toBe('The channel did not answer within 10 seconds');
    expect(Date.now() - started).toBeLessThan(14_000);
  }, 30_000);

  it('refuses bad channel input clearly', async () => {
    const problem = async (body: Record<string, unknown>) =>
      call('POST', '/admin/channels', { cottageId: 'glass-1', name: 'X', url: 'https://example.com/a.ics', ...body });
    expect((await problem({ url: 'ftp://example.com/a.ics' })).status).toBe(400);
    expect((await problem({ url: 'not a url' })).status).toBe(400);
    expect((await problem({ url: 'https://10.0.0.7/feed.ics' })).body).toMatchObject({ details: { url: ['The calendar address leads to a private network'] } });
    expect((await problem({ url: 'http://example.com/a.ics' })).body.error).toBe('The calendar address must start with https://');
    expect((await problem({ name: '  ' })).status).toBe(400);
    expect((await problem({ cottageId: 'no-such-unit' })).status).toBe(404);
    const first = await problem({ url: server.feeds.url('/dup.ics') });
    expect(first.status).toBe(201);
    expect((await problem({ url: server.feeds.url('/dup.ics') })).status).toBe(409);
    expect((await call('POST', '/admin/channels/00000000-0000-4000-8000-000000000000/sync')).status).toBe(404);
    expect((await call('DELETE', '/admin/channels/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
