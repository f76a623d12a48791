import { describe, expect, it } from 'vitest';
import { feedUrlProblem, fetchFeed, isPublicAddress } from '../../functions/lib/channels/feed-fetch.ts';
import { feedStays } from '../../functions/lib/channels/feed-parse.ts';

describe('safe fetching of a channel calendar (functions/lib/channels/feed-fetch.ts)', () => {
  it('knows public addresses from private, loopback, link-local, shared, documentation and mapped ones', () => {
    for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.255',
      '192.168.1.1',
      '127.0.0.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '::ffff:127.0.0.1',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it('takes https only, no credentials, no private IP literal; http to this machine only on the local stage', () => {
    const aws = { local: false };
    const local = { local: true };
    expect(feedUrlProblem('https://admin.booking.com/hotel/ical/123.ics?t=abc', aws)).toBeUndefined();
    expect(feedUrlProblem('http://admin.booking.com/x.ics', aws)).toBe('The calendar address must start with https://');
    expect(feedUrlProblem('http://127.0.0.1:8080/x.ics', aws)).toBe('The calendar address must start with https://');
    expect(feedUrlProblem('http://127.0.0.1:8080/x.ics', local)).toBeUndefined();
    expect(feedUrlProblem('http://10.0.0.1/x.ics', local)).toBe('The calendar address must start with https://');
    expect(feedUrlProblem('https://10.0.0.1/x.ics', aws)).toBe('The calendar address leads to a private network');
    expect(feedUrlProblem('https://[::1]/x.ics', aws)).toBe('The calendar address leads to a private network');
    expect(feedUrlProblem('https://169.254.169.254/latest/meta-data', local)).toBe('The calendar address leads to a private network');
    expect(feedUrlProblem('https://user:pass@example.com/x.ics', aws)).toBe('The calendar address must not carry a user name or password');
    expect(feedUrlProblem('file:///etc/passwd', local)).toBe('The calendar address must start with https://');
  });

  it('refuses a name that resolves to a private address, at the connection itself', async () => {
    await expect(fetchFeed('https://localhost:9/feed.ics', {}, { local: false })).rejects.toThrow('The calendar address leads to a private network');
  });
});

describe("reading a channel's calendar (functions/lib/channels/feed-parse.ts, ical.js)", () => {
  const calendar = (...events: string[]) => ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//T//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
  const event = (lines: string[]) => ['BEGIN:VEVENT', ...lines, 'END:VEVENT'].join('\r\n');

  it('gives each stay its nights: all-day events end on the check-out date; date-times by the resort’s date; no end is one night', () => {
    const text = calendar(
      event(['UID:a', 'DTSTART;VALUE=DATE:20261230', 'DTEND;VALUE=DATE:20270102']),
      // 14:00 IST on the 5th to 11:00 IST on the 7th, written in UTC.
      event(['UID:b', 'DTSTART:20270105T083000Z', 'DTEND:20270107T053000Z']),
      event(['UID:c', 'DTSTART;VALUE=DATE:20270110']),
      event(['UID:d', 'DTSTART;VALUE=DATE:20270112', 'DURATION:P2D']),
      event(['UID:e', 'DTSTART;VALUE=DATE:20270115', 'DTEND;VALUE=DATE:20270116', 'STATUS:CANCELLED']),
    );
    expect(feedStays(text, '2026-12-01', '2027-12-31')).toEqual([
      { uid: 'a', nights: ['2026-12-30', '2026-12-31', '2027-01-01'] },
      { uid: 'b', nights: ['2027-01-05', '2027-01-06'] },
      { uid: 'c', nights: ['2027-01-10'] },
      { uid: 'd', nights: ['2027-01-12', '2027-01-13'] },
    ]);
  });

  it('keeps only the nights in the window, merges one UID’s events, names a stay without a UID by its dates', () => {
    const text = calendar(
      event(['UID:x', 'DTSTART;VALUE=DATE:20261128', 'DTEND;VALUE=DATE:20261203']),
      event(['UID:x', 'DTSTART;VALUE=DATE:20261210', 'DTEND;VALUE=DATE:20261211']),
      event(['DTSTART;VALUE=DATE:20261220', 'DTEND;VALUE=DATE:20261222']),
    );
    expect(feedStays(text, '2026-12-01', '2026-12-20')).toEqual([
      { uid: 'x', nights: ['2026-12-01', '2026-12-02', '2026-12-10'] },
      { uid: '2026-12-20/2026-12-22', nights: ['2026-12-20'] },
    ]);
  });

  it('refuses a calendar with more stays in the window than a unit has nights, and cuts a very long UID', () => {
    const many = Array.from({ length: 1001 }, (_, index) => event([`UID:s${index}`, 'DTSTART;VALUE=DATE:20270101', 'DTEND;VALUE=DATE:20270102']));
    expect(() => feedStays(calendar(...many), '2026-12-01', '2027-12-01')).toThrow('more than 1000 stays in the next year');
    const [stay] = feedStays(
      calendar(event([`UID:${'u'.repeat(500)}`, 'DTSTART;VALUE=DATE:20270101', 'DTEND;VALUE=DATE:20270102'])),
      '2026-12-01',
      '2027-12-01',
    );
    expect(stay?.uid).toHaveLength(200);
  });

  it('refuses what is not an iCalendar file, and reads an empty calendar as no stays', () => {
    for (const text of ['', '<html><body>Sign in</body></html>', 'BEGIN:VCARD\r\nVERSION:4.0\r\nEND:VCARD\r\n'])
      expect(() => feedStays(text, '2026-12-01', '2027-12-01'), text).toThrow('it is not an iCalendar file');
    expect(feedStays(calendar(), '2026-12-01', '2027-12-01')).toEqual([]);
  });
});
