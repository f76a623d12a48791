import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

/** What the server answers on one path: a calendar (with an ETag, honoured with 304), any status, a redirect, or nothing for a while. */
export type FeedAnswer = { body?: string; status?: number; etag?: string; delayMs?: number; location?: string; contentType?: string };

/**
 * A channel's calendar server for the tests and the bench: real HTTP on a free port of this machine,
 * each path answering what the test set, and every request kept (its headers: the conditional ones).
 */
export async function startIcsServer() {
  const answers = new Map<string, FeedAnswer>();
  const requests: Array<{ path: string; headers: IncomingHttpHeaders }> = [];
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, headers: request.headers });
    const answer = answers.get(path.split('?')[0] ?? path);
    if (!answer) {
      response.writeHead(404).end('no such calendar');
      return;
    }
    const send = () => {
      if (answer.location) return response.writeHead(answer.status ?? 302, { location: answer.location }).end();
      if (answer.etag && request.headers['if-none-match'] === answer.etag) return response.writeHead(304, { etag: answer.etag }).end();
      response.writeHead(answer.status ?? 200, {
        'content-type': answer.contentType ?? 'text/calendar; charset=utf-8',
        ...(answer.etag ? { etag: answer.etag } : {}),
      });
      response.end(answer.body ?? '');
    };
    if (answer.delayMs) setTimeout(send, answer.delayMs).unref();
    else send();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    serve: (path: string, answer: FeedAnswer) => answers.set(path, answer),
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function useIcsServer() {
  let feeds: Awaited<ReturnType<typeof startIcsServer>>;
  beforeAll(async () => {
    feeds = await startIcsServer();
  });
  afterAll(() => feeds.close());
  return {
    get feeds() {
      return feeds;
    },
  };
}

/** A channel's calendar as Booking.com and Airbnb publish one: all-day events, check-in to check-out. */
export function channelCalendar(events: Array<{ uid: string; start: string; end: string; summary?: string; status?: string }>): string {
  const date = (value: string) => value.replaceAll('-', '');
  return [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test Channel//EN',
    ...events.flatMap((event) => [
      'BEGIN:VEVENT',
      `UID:${event.uid}`,
      'DTSTAMP:20261101T000000Z',
      `DTSTART;VALUE=DATE:${date(event.start)}`,
      `DTEND;VALUE=DATE:${date(event.end)}`,
      `SUMMARY:${event.summary ?? 'CLOSED - Not available'}`,
      ...(event.status ? [`STATUS:${event.status}`] : []),
      'END:VEVENT',
    ]),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}
