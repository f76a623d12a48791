import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '../../functions/lib/accounts.ts';
import { DEFAULT_ADMIN } from '../../infra/local/environment.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import type { TestStack } from '../support/local-stack.ts';
import { signInToPortal } from './support/admin-flow.ts';
import { expectAccessible } from './support/guest-flow.ts';
import { laptop, phone, usePhoneSession } from './support/phone-session.ts';

/**
 * The inventory calendar (issue 17) in Chromium through the real local server, at a laptop's and a
 * phone's size: units down and nights across, a guest's hold as a bar with the guest's name that
 * opens the booking; a manager blocks free nights from the calendar and removes the block; a
 * booking made elsewhere appears without a reload (the staff socket).
 */
const SHOTS = 'test-results';

let stack: TestStack;
let page: Page;
usePhoneSession((session) => ({ stack, page } = session), { shots: SHOTS });

beforeAll(async () => {
  await ensureAdmin({ ...DEFAULT_ADMIN });
});

async function signInToCalendar() {
  await signInToPortal(page, stack.baseUrl);
  await page.getByRole('link', { name: 'Calendar' }).click();
  await page.waitForURL(`${stack.baseUrl}/admin/calendar`);
  await page.getByRole('rowheader', { name: 'Glass Cottage' }).waitFor();
}

describe('the inventory calendar', () => {
  it('shows every unit’s nights, blocks free nights and frees them, and opens a booking', async () => {
    const booked = await postJson(`${stack.baseUrl}/api/bookings`, bookingBody({ checkIn: inDays(2), checkOut: inDays(5) }), { 'idempotency-key': newKey() });
    expect(booked.status).toBe(201);
    await signInToCalendar();

    const hold = page.getByRole('button', { name: /^Hold on Hornbill Villa/ });
    await hold.waitFor();
    expect(await hold.textContent()).toContain('Asha Rao');
    expect(await page.getByRole('columnheader').count()).toBe(15);

    // A free night: Block (a manager may), with a reason, for two nights.
    await page
      .getByRole('button', { name: new RegExp(`^Free: Glass Cottage, .*`) })
      .nth(6)
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: /^Glass Cottage,/ }).waitFor();
    await expectAccessible(page, 'calendar free night');
    await dialog.getByLabel('Until (check-out)').fill(inDays(8));
    await dialog.getByLabel('Reason').fill('Deep clean');
    await dialog.getByRole('button', { name: 'Block', exact: true }).click();
    await page.getByRole('status').filter({ hasText: 'Glass Cottage is blocked for 2 nights.' }).waitFor();
    const block = page.getByRole('button', { name: /^Block on Glass Cottage/ });
    await block.waitFor();
    expect(await block.textContent()).toBe('Deep clean');
    await page.screenshot({ path: `${SHOTS}/admin-calendar-1366.png` });
    await expectAccessible(page, 'calendar');

    // The block opens with its nights and reason; Remove frees them.
    await block.click();
    await page.getByRole('dialog').getByText('Deep clean').waitFor();
    await page.getByRole('button', { name: 'Remove block' }).click();
    await page.getByRole('status').filter({ hasText: 'on sale again' }).waitFor();
    await block.waitFor({ state: 'detached' });

    // A booking made meanwhile (on the site) appears without a reload.
    const second = await postJson(`${stack.baseUrl}/api/bookings`, bookingBody({ cottageType: 'kingfisher-villa', checkIn: inDays(4), checkOut: inDays(6) }), {
      'idempotency-key': newKey(),
    });
    expect(second.status).toBe(201);
    await page.getByRole('button', { name: /^Hold on Kingfisher Villa/ }).waitFor({ timeout: 15_000 });

    await page.setViewportSize(phone);
    await page.screenshot({ path: `${SHOTS}/admin-calendar-390.png` });
    await expectAccessible(page, 'calendar on a phone');
    // On a phone the grid scrolls sideways inside its box; the page does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

    // A hold opens in the Bookings tab, found by its reference.
    await page.setViewportSize(laptop);
    await hold.click();
    await page.waitForURL(new RegExp(`/admin/bookings\\?q=${booked.body.data.bookingReference as string}`));
  });

  it('connects a channel both ways on the Channels tab: its own address to copy, the channel’s calendar synced into the calendar', async () => {
    // A guest of the site holds a night the sample channel's first stay (3 weeks ahead) also sold.
    const guest = await postJson(`${stack.baseUrl}/api/bookings`, bookingBody({ cottageType: 'kingfisher-villa', checkIn: inDays(22), checkOut: inDays(23) }), {
      'idempotency-key': newKey(),
    });
    expect(guest.status).toBe(201);
    await signInToCalendar();
    await page.getByRole('link', { name: 'Channels' }).click();
    await page.waitForURL(`${stack.baseUrl}/admin/channels`);
    const address = page.getByLabel('This unit’s calendar address (give it to the channels)').first();
    expect(await address.inputValue()).toMatch(/\/api\/ical\/[a-z0-9-]+\.ics\?token=[\w-]{32}$/);
    const form = page.getByRole('form', { name: 'Add a channel calendar to Kingfisher Villa', exact: true });
    await form.getByLabel('Channel').fill('Booking.com');
    // The local server's sample channel calendar: two stays, 3 and 6 weeks ahead.
    await form.getByLabel('Its calendar address').fill(`${stack.baseUrl.replace('127.0.0.1', 'localhost')}/_dev/sample-channel.ics`);
    await form.getByRole('button', { name: 'Add channel' }).click();
    await page.getByRole('status').filter({ hasText: 'Booking.com was added to Kingfisher Villa' }).waitFor();
    await page.getByRole('button', { name: 'Sync now' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: 'Booking.com for Kingfisher Villa: 2 new stays, 0 changed stays, 0 removed stays, 1 conflict.' })
      .waitFor();
    await page.getByText(`Sold here already: ${inDays(22)}: booking ${guest.body.data.bookingReference as string}`).waitFor();
    await expectAccessible(page, 'channels');
    await page.screenshot({ path: `${SHOTS}/admin-channels-1366.png`, fullPage: true });
    await page.setViewportSize(phone);
    await page.screenshot({ path: `${SHOTS}/admin-channels-390.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

    await page.setViewportSize(laptop);
    await page.getByRole('link', { name: 'Calendar' }).click();
    await page.getByLabel('Show').selectOption('31');
    await page
      .getByRole('button', { name: /^Channel stay on Kingfisher Villa/ })
      .first()
      .waitFor();
    // The conflicting night is marked on the calendar, saying who sold it and who holds it.
    const reference = guest.body.data.bookingReference as string;
    await page.getByRole('img', { name: new RegExp(`^Conflict on Kingfisher Villa, .*: Booking.com sold it, booking ${reference} holds it$`) }).waitFor();
    await page.screenshot({ path: `${SHOTS}/admin-calendar-conflict-1366.png` });
  });
});
