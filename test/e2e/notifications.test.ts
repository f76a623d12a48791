import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Locator, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addDaysIso, resortToday } from '../../shared/stay.ts';
import { registerAndActivate } from '../support/accounts.ts';
import { launchChromium } from '../support/browser.ts';
import { startTestStack, type TestStack } from '../support/local-stack.ts';
import { bookUpToPayment, expectAccessible, findDay, pickDay } from './support/guest-flow.ts';

// Beside the other browser tests' screenshots (test-results/, not committed), in a folder of this file's.
const SHOTS = 'test-results/notifications';
const phone = { width: 390, height: 844 };
const laptop = { width: 1366, height: 900 };
const JUST_TAKEN = 'Just taken: another guest has booked this villa for some of your nights. The nearest free dates and other villas are below.';

let stack: TestStack;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  stack = await startTestStack();
  browser = await launchChromium();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await stack?.close();
});
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((context) => context.close()));
});

async function newPage(options: { signedIn?: { token: string; user: unknown } } = {}): Promise<Page> {
  const context = await browser.newContext({ viewport: phone, hasTouch: true });
  contexts.push(context);
  if (options.signedIn) {
    const { token, user } = options.signedIn;
    await context.addInitScript(
      ([storedToken, storedUser]) => {
        localStorage.setItem('userToken', storedToken);
        localStorage.setItem('user', storedUser);
      },
      [token, JSON.stringify(user)] as const,
    );
  }
  return context.newPage();
}

/** The bell says the page's socket is connected (it joins right after opening). */
const connected = (page: Page) => page.locator('.bell[data-connection="connected"]').waitFor();

/** The page as a phone and as a laptop show it. */
async function shoot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await page.setViewportSize(laptop);
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png` });
  await page.setViewportSize(phone);
}

/** As a laptop and a phone show it, the pointer on `target` (a toast stays, a tooltip shows). */
async function shootHovering(page: Page, target: Locator, name: string) {
  await page.setViewportSize(laptop);
  await target.hover();
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png` });
  await page.setViewportSize(phone);
  await target.hover();
  await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
}

/** Step 1 only: Hornbill Villa, the given nights, 2 adults, checked. */
async function checkStay(page: Page, checkIn: string, checkOut: string) {
  await page.goto(stack.baseUrl);
  await page.getByRole('radio', { name: 'Hornbill Villa' }).check();
  await page.getByRole('button', { name: /^Check-in/ }).click();
  await page.getByRole('dialog', { name: 'Select check-in date' }).waitFor();
  await pickDay(page, checkIn);
  await pickDay(page, checkOut);
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByLabel('Adults').selectOption('2');
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await expect.poll(() => page.getByTestId('availability-status').textContent()).toBe('Villa is available for your dates!');
}

async function confirmBooking(page: Page, guest?: { first: string; last: string; email: string; phone: string }) {
  if (guest) {
    await page.getByLabel('First name').fill(guest.first);
    await page.getByLabel('Last name').fill(guest.last);
    await page.getByLabel('Email').fill(guest.email);
    await page.getByLabel('Phone number').fill(guest.phone);
  }
  await page.getByRole('radio', { name: /Pay at property/ }).check();
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole('button', { name: /Confirm Booking/ }).click();
  const success = page.getByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
  await success.waitFor();
  return { success, reference: (await success.locator('.receipt__reference').textContent()) ?? '' };
}

describe('live availability', () => {
  it('tells a second guest on the same villa and dates, without a reload, that they were just taken: the calendar sells them out and step 1 offers what is free', async () => {
    // Prepare: two guests, two browsers, the same Hornbill Villa nights (the resort has one)
    const checkIn = addDaysIso(resortToday(), 12);
    const checkOut = addDaysIso(checkIn, 2);
    const booker = await newPage();
    const watcher = await newPage();
    await checkStay(watcher, checkIn, checkOut);
    await connected(watcher);
    const requestsBefore = await watcher.evaluate(() => performance.getEntriesByType('resource').length);

    // Act: the first guest books those nights
    await bookUpToPayment(booker, stack.baseUrl, { axe: false, daysAhead: 12 });
    await confirmBooking(booker, { first: 'Meera', last: 'Iyer', email: 'meera@example.in', phone: '98450 12345' });

    // Assess: the second guest's step 1 says so at once and offers the alternatives
    await expect.poll(() => watcher.getByTestId('availability-status').textContent(), { timeout: 15_000 }).toBe(JUST_TAKEN);
    const result = watcher.getByTestId('availability-result');
    expect(await result.getAttribute('class')).toContain('result--unavailable');
    expect(await result.getByRole('heading', { name: 'Nearest free dates' }).count()).toBe(1);
    expect(await watcher.getByRole('button', { name: 'Proceed to Package Selection' }).count()).toBe(0);
    // ...and a toast says it wherever the guest has scrolled to
    const takenToast = watcher.getByRole('alert').filter({ hasText: 'Dates just taken' });
    expect(await takenToast.textContent()).toBe(
      'Warning: Dates just takenAnother guest has just booked Hornbill Villa for some of your nights. Step 1 shows what is still free.×',
    );
    await shootHovering(watcher, takenToast, 'just-taken-toast');
    await takenToast.getByRole('button', { name: 'Dismiss: Dates just taken' }).click();
    await takenToast.waitFor({ state: 'detached' });
    // No reload: the same document, which only fetched more
    expect(await watcher.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(1);
    expect(await watcher.evaluate(() => performance.getEntriesByType('resource').length)).toBeGreaterThan(requestsBefore);
    await expectAccessible(watcher, 'step 1 with dates just taken');
    await watcher.getByTestId('availability-status').evaluate((status) => status.scrollIntoView({ block: 'center' }));
    await shoot(watcher, 'just-taken');

    // Assess: its calendar, fetched again, shows both nights sold out (the cache alone would say free for a minute)
    await watcher.getByRole('button', { name: /^Check-in/ }).click();
    await watcher.getByRole('dialog', { name: 'Select check-in date' }).waitFor();
    for (const night of [checkIn, addDaysIso(checkIn, 1)]) {
      const day = await findDay(watcher, night);
      await expect.poll(() => day.getAttribute('aria-label')).toMatch(/, sold out/);
      expect(await day.isDisabled()).toBe(true);
    }
    expect(await (await findDay(watcher, checkOut)).getAttribute('aria-label')).toMatch(/per night/);
    await shoot(watcher, 'just-taken-calendar');
  });
});

describe("a signed-in guest's notifications", () => {
  it('brings a toast for their own booking, counts it on the bell, and lists it in an accessible panel', async () => {
    // Prepare: an account (registered and activated from its e-mailed link), signed in
    const signedIn = await registerAndActivate(`${stack.baseUrl}/api`, {
      name: 'Kavya Menon',
      email: 'kavya@example.in',
      password: 'forest-walks-2030',
      phone: '9900112233',
    });
    const page = await newPage({ signedIn });

    // Act: book
    await bookUpToPayment(page, stack.baseUrl, { axe: false, daysAhead: 25 });
    await connected(page);
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Kavya');
    const { success, reference } = await confirmBooking(page);
    await success.getByRole('button', { name: 'Close' }).click();

    // Assess: the toast, as a polite status message
    const toast = page.getByRole('status').filter({ hasText: `Booking ${reference} is reserved` });
    await toast.waitFor({ timeout: 15_000 });
    expect(await toast.textContent()).toBe(`Success: Booking UpdateBooking ${reference} is reserved×`);
    expect(await page.getByTestId('unread-count').textContent()).toBe('1');
    expect(await page.getByTestId('notification-bell').getAttribute('aria-label')).toBe('Notifications, 1 unread');
    await shootHovering(page, toast, 'toast');
    // Dismissed with its button (on a phone the toasts lie over the header for their 5 s)
    await toast.getByRole('button', { name: 'Dismiss: Booking Update' }).click();
    await toast.waitFor({ state: 'detached' });

    // Act: open the bell
    await page.getByTestId('notification-bell').click();
    const panel = page.getByRole('region', { name: 'Notifications' });
    await panel.waitFor();
    // Assess: the counter is reset, the entry listed with its time
    expect(await page.getByTestId('unread-count').count()).toBe(0);
    const entry = panel.getByRole('listitem').filter({ hasText: reference });
    expect(await entry.locator('time').textContent()).toBe('Just now');
    await expectAccessible(page, 'bell panel open');
    await shoot(page, 'bell-panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('notification-bell');
  });
});

describe('the real-time connection', () => {
  it("shows 'Real-time updates disconnected' while the socket is down and reconnects as soon as the browser is back online", async () => {
    // Prepare: the page's sockets pass through a route the test can cut
    const page = await newPage();
    let refuse = false;
    let live: WebSocketRoute | undefined;
    let joined = false;
    let refused = 0;
    await page.routeWebSocket(/\/ws$/, (socket) => {
      if (refuse) {
        refused += 1;
        void socket.close({ code: 1011, reason: 'refused by the test' });
        return;
      }
      live = socket;
      joined = false;
      const server = socket.connectToServer();
      // Passed on as they come, noting the server's answer to the join.
      server.onMessage((message) => {
        if (String(message).includes('"event":"joined"')) joined = true;
        socket.send(message);
      });
    });
    await page.goto(stack.baseUrl);
    await connected(page);
    await expect.poll(() => joined).toBe(true);
    await page.getByRole('radio', { name: 'Hornbill Villa' }).waitFor();

    // Act: the connection drops and the gateway refuses new ones
    refuse = true;
    await live?.close({ code: 1001, reason: 'going away' });

    // Assess: one warning toast, the bell crossed out with its tooltip
    const warning = page.getByRole('alert').filter({ hasText: 'Disconnected' });
    await warning.waitFor();
    expect(await warning.textContent()).toBe('Warning: DisconnectedReal-time updates are temporarily unavailable×');
    await shootHovering(page, warning, 'disconnected-toast');
    await warning.getByRole('button', { name: 'Dismiss: Disconnected' }).click();
    await warning.waitFor({ state: 'detached' });
    await page.locator('.bell[data-connection="disconnected"]').waitFor();
    // A touch phone has no hover (hover colours and tooltips are kept to pointers that hover): the tooltip
    // comes with keyboard focus, and the button names it for screen readers either way.
    await page.getByTestId('notification-bell').focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const tooltip = page.getByRole('tooltip');
    await expect.poll(() => tooltip.isVisible()).toBe(true);
    expect(await tooltip.textContent()).toBe('Real-time updates disconnected');
    await expectAccessible(page, 'bell disconnected');
    await shootHovering(page, page.getByTestId('notification-bell'), 'bell-disconnected');
    // Refused attempts (the route opens and closes them) add no more warnings: one entry on the bell
    await expect.poll(() => refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    expect(await page.getByTestId('unread-count').textContent()).toBe('1');

    // Act: the network is back
    refuse = false;
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    // Assess
    await connected(page);
    await expect.poll(() => joined).toBe(true);
    expect(await page.getByRole('tooltip').count()).toBe(0);
  });
});
