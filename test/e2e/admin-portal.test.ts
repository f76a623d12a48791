import { readFile } from 'node:fs/promises';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../functions/lib/accounts.ts';
import { DEFAULT_ADMIN } from '../../infra/local/environment.ts';
import { signInToPortal } from './support/admin-flow.ts';
import { inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import type { TestStack } from '../support/local-stack.ts';
import { expectAccessible } from './support/guest-flow.ts';
import { laptop, phone, usePhoneSession } from './support/phone-session.ts';

/**
 * The portal in Chromium through the real local server (issue 10's walk-through): sign in; create a
 * cottage and see it on the guest site; a guest books while the Bookings tab is open and the new
 * booking and its toast appear without a reload; confirm it, check it in and out; export a report
 * as CSV and PDF (both files parse); suspend a user, whose next call is refused.
 */
const SHOTS = 'test-results';

let stack: TestStack;
let page: Page;
usePhoneSession((session) => ({ stack, page } = session), { shots: SHOTS });

beforeAll(async () => {
  await ensureAdmin({ ...DEFAULT_ADMIN });
});

/** The screen on a laptop and on a phone, and axe on it. */
async function look(name: string) {
  await page.setViewportSize(laptop);
  await expectAccessible(page, `admin ${name}`);
  await page.screenshot({ path: `${SHOTS}/admin-${name}-1366.png` });
  await page.setViewportSize(phone);
  await page.screenshot({ path: `${SHOTS}/admin-${name}-390.png` });
  await page.setViewportSize(laptop);
}

async function signIn() {
  await signInToPortal(page, stack.baseUrl);
  await page.getByRole('heading', { name: `Welcome, ${DEFAULT_ADMIN.name}` }).waitFor();
}

const adminToken = () => page.evaluate(() => localStorage.getItem('adminToken') ?? '');

describe('the admin portal, as the front desk uses it', () => {
  it('signs in, keeps the tab on reload, and adds a cottage that guests see at once', async () => {
    await signIn();
    await page.getByRole('heading', { name: 'Recent Bookings' }).waitFor();
    await look('overview');

    await page.getByRole('link', { name: 'Cottages' }).click();
    await page.waitForURL(`${stack.baseUrl}/admin/cottages`);
    await page.reload();
    await page.getByRole('heading', { name: 'Cottage Management' }).waitFor();
    await look('cottages');

    await page.getByRole('button', { name: 'Add New Cottage' }).click();
    const form = page.getByRole('region', { name: 'Add New Cottage' });
    await form.getByLabel('Name').fill('Glass Cottage Two');
    await form.getByLabel('Villa type').selectOption('glass-cottage');
    await form.getByLabel('Price per night (₹)').fill('19500');
    await form.getByLabel('Capacity (guests)').fill('4');
    await form.getByLabel('Description').fill('A second glass cottage by the stream, with a wide deck.');
    await look('cottage-form');
    await form.getByRole('button', { name: 'Create Cottage' }).click();
    await page
      .getByRole('cell', { name: /Glass Cottage Two/ })
      .first()
      .waitFor();

    // The guest site, in another tab: the glass cottages now cost the new price.
    const guest = await page.context().newPage();
    await guest.goto(stack.baseUrl);
    const glass = guest.getByRole('radio', { name: 'Glass Cottage' });
    await glass.waitFor();
    await expect.poll(async () => (await guest.locator('body').textContent()) ?? '', { timeout: 10_000 }).toContain('19,500');
    await guest.close();
  });

  it('shows a guest booking live, then confirms it, checks it in and out', async () => {
    await signIn();
    await page.getByRole('link', { name: 'Bookings' }).click();
    await page.getByRole('heading', { name: 'Booking Management' }).waitFor();
    await page.getByRole('button', { name: 'Refresh Bookings' }).waitFor();
    // Live: the socket joined the staff channel.
    await page.waitForFunction(() => !document.querySelector('.bell__button--disconnected'));

    const booked = await postJson(
      `${stack.baseUrl}/api/bookings`,
      {
        cottageType: 'kingfisher-villa',
        checkIn: inDays(0),
        checkOut: inDays(1),
        adults: 2,
        children: 0,
        packageId: 'forest-retreat',
        guestDetails: { firstName: 'Meera', lastName: 'Iyer', email: 'meera@example.in', phone: '9845012345' },
        paymentMethod: 'offline',
        acceptTerms: true,
      },
      { 'idempotency-key': newKey() },
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const reference = (booked.body.data as { bookingReference: string }).bookingReference;

    // Without a reload: the row slides in and the toast says so.
    const row = page.getByRole('row', { name: new RegExp(reference) });
    await row.waitFor({ timeout: 15_000 });
    await page
      .getByText(new RegExp(`Booking ${reference}`))
      .first()
      .waitFor();
    await look('bookings');

    await row.getByRole('button', { name: `View booking ${reference}` }).click();
    const details = page.getByRole('dialog', { name: 'Booking Details' });
    await details.getByText('Meera Iyer').first().waitFor();
    await look('booking-details');
    await details.getByRole('button', { name: /close/i }).first().click();

    for (const [action, status] of [
      ['Confirm', 'Confirmed'],
      ['Check in', 'Checked in'],
      ['Check out', 'Completed'],
    ] as const) {
      await row.getByRole('button', { name: `${action} booking ${reference}` }).click();
      const confirm = page.getByRole('dialog', { name: `${action} booking?` });
      await confirm.waitFor();
      if (action === 'Confirm') await look('booking-confirm');
      // The row changes at once (optimistic); the server's answer is what counts.
      const answered = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().endsWith('/status'));
      await confirm.getByRole('button', { name: `${action} booking` }).click();
      expect((await answered).status()).toBe(200);
      await row.getByText(status, { exact: true }).waitFor();
    }
    const stored = await fetch(`${stack.baseUrl}/api/bookings/${(booked.body.data as { booking: { id: string } }).booking.id}/details`, {
      headers: { authorization: `Bearer ${await adminToken()}` },
    });
    const record = ((await stored.json()) as { data: { booking?: { status: string }; status?: string; history: Array<{ action?: string }> } }).data;
    expect(record.booking?.status ?? record.status).toBe('completed');
    expect(JSON.stringify(record.history)).toContain('check-in');
  });

  it('exports a report as CSV and as PDF, and both files parse', async () => {
    await signIn();
    await page.getByRole('link', { name: 'Reports' }).click();
    await page.getByRole('heading', { name: 'Reports & Analytics' }).waitFor();
    await page.getByRole('button', { name: 'Generate Report' }).click();
    await page.getByRole('button', { name: 'Export CSV' }).waitFor();
    await look('reports');

    const [csvDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = Papa.parse<string[]>(await readFile((await csvDownload.path()) ?? '', 'utf8'), { skipEmptyLines: true });
    expect(csv.errors).toEqual([]);
    expect(csv.data.length).toBeGreaterThan(2);

    const [pdfDownload] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export PDF' }).click()]);
    const bytes = new Uint8Array(await readFile((await pdfDownload.path()) ?? ''));
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await getDocument({ data: bytes }).promise;
    expect(pdf.numPages).toBeGreaterThan(0);
    const text = (await (await pdf.getPage(1)).getTextContent()).items.map((item) => ('str' in item ? item.str : '')).join(' ');
    expect(text).toMatch(/Occupancy|Revenue/);

    // Both exports are listed with Download.
    await expect.poll(async () => page.getByRole('button', { name: /^Download / }).count(), { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  });

  it('suspends a user, whose next call is refused', async () => {
    await signIn();
    const token = await adminToken();
    const created = await postJson(
      `${stack.baseUrl}/api/admin/users`,
      { name: 'Ravi Kumar', email: 'ravi.frontdesk@example.in', phone: '9845098450', role: 'staff', password: 'front-desk-2026' },
      { authorization: `Bearer ${token}` },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const login = await postJson(`${stack.baseUrl}/api/auth/admin-login`, { email: 'ravi.frontdesk@example.in', password: 'front-desk-2026' });
    expect(login.status).toBe(200);
    const staffToken = (login.body.data as { token: string }).token;
    const asStaff = () => fetch(`${stack.baseUrl}/api/bookings`, { headers: { authorization: `Bearer ${staffToken}` } });
    expect((await asStaff()).status).toBe(200);

    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { name: 'User Management' }).waitFor();
    // The row changes at once (optimistic); the refusal follows the server's answer.
    const answered = page.waitForResponse((r) => r.request().method() === 'PUT' && /\/api\/admin\/users\/[^/]+$/.test(new URL(r.url()).pathname));
    await page.getByRole('button', { name: 'Suspend ravi.frontdesk@example.in' }).click();
    expect((await answered).status()).toBe(200);
    await page.getByRole('button', { name: 'Activate ravi.frontdesk@example.in' }).waitFor();
    await look('users');

    expect((await asStaff()).status).toBe(401);
  });

  it('fits every table on a laptop, with its Actions column whole, and scrolls a wide one inside its frame on a tablet', async () => {
    await signIn();
    const tabs = ['dashboard', 'bookings', 'villa-types', 'cottages', 'packages', 'safaris', 'pricing', 'reports', 'users', 'audit'];
    const measure = () =>
      page.evaluate(() => ({
        page: document.documentElement.scrollWidth - window.innerWidth,
        tables: [...document.querySelectorAll('table')].map((table) => table.scrollWidth - (table.parentElement?.clientWidth ?? 0)),
      }));
    for (const [width, tableSlack] of [
      [1366, 0],
      [768, Infinity],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      for (const tab of tabs) {
        await page.goto(`${stack.baseUrl}/admin/${tab}`);
        await page.locator('table tbody tr').first().waitFor();
        const { page: overflow, tables } = await measure();
        // The page itself never scrolls sideways; on a laptop no table is wider than its frame.
        expect(overflow, `${tab} at ${width}`).toBeLessThanOrEqual(0);
        for (const over of tables) expect(over, `${tab} at ${width}`).toBeLessThanOrEqual(tableSlack);
      }
    }
  });
});
