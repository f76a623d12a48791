import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureTable } from '../../infra/local/ensure-table.ts';
import { freePort } from '../../infra/local/free-port.ts';
import { startLocalServer, type LocalServer } from '../../infra/local/server.ts';
import { webRoot } from '../../infra/local/web-build.ts';
import { sendMail } from '../../functions/lib/mail.ts';
import { bookingBody, eventually, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { readOutbox } from '../support/outbox.ts';

const outboxDir = process.env.MAIL_OUTBOX_DIR ?? '';
const port = Number(process.env.TEST_SERVER_PORT);
const base = `http://127.0.0.1:${port}`;
let server: LocalServer;
let reference = '';

/** Every link of a page, as written (entities decoded). */
const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => (match[1] ?? '').replaceAll('&amp;', '&'));

beforeAll(async () => {
  await ensureTable(process.env.DYNAMODB_ENDPOINT ?? '', process.env.TABLE_NAME ?? '');
  const { seedSampleData } = await import('../../infra/local/seed.ts');
  await seedSampleData();
  server = await startLocalServer({ port, stage: 'local', paymentMode: 'test', webRoot, outboxDir });
  // A hostile message through the outbox writer first, then a real booking's e-mail through the stream.
  await sendMail({
    to: 'eve@example.in',
    subject: '<script>alert("subject")</script> & more',
    text: 'Plain <b>text</b>',
    html: '<html><head><title>x</title></head><body><script>window.parent.document.title = "owned"</script><a href="http://localhost:3000/booking/X">Manage</a></body></html>',
  });
  const created = await postJson(
    `${base}/api/bookings`,
    bookingBody({
      checkIn: inDays(70),
      checkOut: inDays(72),
      guestDetails: { firstName: 'Inbox', lastName: 'Guest', email: 'inbox@example.in', phone: '9876543210' },
    }),
    { 'idempotency-key': newKey() },
  );
  expect(created.status).toBe(201);
  reference = created.body.data.bookingReference as string;
  expect(
    await eventually(
      async () => (await readOutbox()).length,
      (count) => count === 2,
      15_000,
    ),
  ).toBe(2);
});
afterAll(() => server.close());

describe('the local inbox at /_dev/mail', () => {
  it('lists the messages newest first (to, subject, time), everything escaped, nothing from outside', async () => {
    const response = await fetch(`${base}/_dev/mail`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    const booking = html.indexOf(`Please confirm your booking ${reference}`);
    const hostile = html.indexOf('&lt;script&gt;alert(&quot;subject&quot;)&lt;/script&gt; &amp; more');
    expect(booking).toBeGreaterThan(-1);
    expect(hostile).toBeGreaterThan(booking);
    expect(html).not.toContain('<script');
    expect(html).toContain('inbox@example.in');
    expect(html).toMatch(/<time datetime="\d{4}-\d\d-\d\dT/);
    expect(html).not.toMatch(/(src|href)="https?:/);
    expect(links(html).filter((link) => link.startsWith('/_dev/mail/'))).toHaveLength(2);
  });

  it('opens a message: its HTML in a sandboxed frame (links open outside it), its text, and its .ics as a download', async () => {
    const list = await (await fetch(`${base}/_dev/mail`)).text();
    const [first] = links(list).filter((link) => link.startsWith('/_dev/mail/'));
    const page = await fetch(`${base}${first}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(`Please confirm your booking ${reference} at Forest Resort`);
    expect(html).toContain('inbox@example.in');
    expect(html).toMatch(/<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" [^>]*src="\/_dev\/mail\/[^"]+\/body"/);
    expect(html).toContain('Hornbill Villa');

    const body = await fetch(`${base}${first}/body`);
    expect(body.headers.get('content-security-policy')).toMatch(/^sandbox allow-popups allow-popups-to-escape-sandbox; default-src 'none'/);
    expect(await body.text()).toContain('<base target="_blank">');

    const [ics] = links(html).filter((link) => link.includes('/attachments/'));
    const attachment = await fetch(`${base}${ics}`);
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(attachment.headers.get('content-disposition')).toBe(`attachment; filename="${reference}.ics"`);
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(await attachment.text())).getFirstSubcomponent('vevent') ?? undefined);
    expect(event.summary).toBe(`Hornbill Villa at Forest Resort (${reference})`);
  });

  it('serves a hostile message without letting it run: escaped page, script-less sandboxed body', async () => {
    const list = await (await fetch(`${base}/_dev/mail`)).text();
    const hostile = links(list).filter((link) => link.startsWith('/_dev/mail/'))[1];
    const html = await (await fetch(`${base}${hostile}`)).text();
    expect(html).not.toContain('<script');
    expect(html).toContain('Plain &lt;b&gt;text&lt;/b&gt;');
    const body = await fetch(`${base}${hostile}/body`);
    // Served as written, but only ever inside the sandbox: its CSP forbids any script.
    expect(body.headers.get('content-security-policy')).toContain('sandbox');
    expect(body.headers.get('content-security-policy')).not.toContain('allow-scripts');
    expect(await body.text()).toContain('<head><base target="_blank"><title>');
  });

  it('answers 404 for what is not there, refuses writes, and never reads outside the outbox', async () => {
    for (const path of ['/_dev/mail/nope', '/_dev/mail/..%2F..%2Fetc%2Fpasswd', '/_dev/mail/%E0%A4%A', '/_dev/other'])
      expect((await fetch(`${base}${path}`)).status, path).toBe(404);
    const list = await (await fetch(`${base}/_dev/mail`)).text();
    const [first] = links(list).filter((link) => link.startsWith('/_dev/mail/'));
    expect((await fetch(`${base}${first}/attachments/9`)).status).toBe(404);
    expect((await fetch(`${base}/_dev/mail`, { method: 'POST' })).status).toBe(405);
  });

  it('is not served on any other stage, nor without an outbox', async () => {
    for (const options of [{ stage: 'dev', outboxDir }, { stage: 'local' }]) {
      const otherPort = await freePort();
      const other = await startLocalServer({ port: otherPort, paymentMode: 'test', webRoot, streamConsumer: false, ...options });
      try {
        const response = await fetch(`http://127.0.0.1:${otherPort}/_dev/mail`);
        expect(response.status, options.stage).toBe(404);
        expect(await response.text()).not.toContain('Local inbox');
      } finally {
        await other.close();
      }
    }
  });
});
