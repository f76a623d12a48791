import type { BrowserContext, Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestStack } from '../support/local-stack.ts';
import { addDaysIso, resortToday } from '../../shared/stay.ts';
import { bookUpToPayment, expectAccessible, pickDay } from './support/guest-flow.ts';
import { laptop, phone, usePhoneSession } from './support/phone-session.ts';

// Beside the other browser tests' screenshots (test-results/, not committed), in a folder of this file's.
const SHOTS = 'test-results/offline-and-currency';

let stack: TestStack;
let context: BrowserContext;
let page: Page;
usePhoneSession((session) => ({ stack, context, page } = session), { shots: SHOTS });

/** The page as a phone and a laptop show it: the viewport first, then the whole page. */
async function shoot(name: string) {
  await page.screenshot({ path: `${SHOTS}/${name}-390.png` });
  await page.screenshot({ path: `${SHOTS}/${name}-390-full.png`, fullPage: true });
  await page.setViewportSize(laptop);
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png` });
  await page.setViewportSize(phone);
}

async function fillGuest(email: string) {
  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Last name').fill('Iyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('98450 12345');
  await page.getByRole('radio', { name: /Pay at property/ }).check();
  await page.getByLabel(/I accept the terms/).check();
}

/** Every POST /api/bookings the page sends, and the answers that came back. */
function watchBookings() {
  const sent: string[] = [];
  const answers: Response[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/bookings') sent.push(request.headers()['idempotency-key'] ?? '');
  });
  page.on('response', (response) => {
    if (response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/bookings') answers.push(response);
  });
  return { sent, answers };
}

describe('the language', () => {
  it('fetches Hindi only when a guest chooses it, then shows the page in Hindi and keeps it on a reload', async () => {
    // Prepare: the scripts the page fetches
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const hindiChunk = () => scripts.filter((path) => /\/assets\/hi-[\w-]+\.js$/.test(path));
    await page.goto(stack.baseUrl);
    await page.getByRole('radio', { name: 'Hornbill Villa' }).waitFor();
    expect(hindiChunk()).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-IN');

    // Act: choose हिन्दी (behind Menu on a phone)
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('language-select').selectOption('hi');
    await page.keyboard.press('Escape');

    // Assess
    await page.getByRole('heading', { level: 1, name: 'रिज़ॉर्ट में अपनी तारीखें चुनें' }).waitFor();
    expect(hindiChunk()).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi-IN');
    await expectAccessible(page, 'step 1 in Hindi');

    // Act: a reload renders the page in Hindi from the start
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'रिज़ॉर्ट में अपनी तारीखें चुनें' }).waitFor();
    await page.getByRole('radio', { name: 'Hornbill Villa' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi-IN');
    expect(await page.getByRole('button', { name: 'मेन्यू' }).isVisible()).toBe(true);

    // Act: and back to English
    await page.getByRole('button', { name: 'मेन्यू' }).click();
    await page.getByTestId('language-select').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Select your dates at the resort' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-IN');

    // Act: three adults on to step 2, then Hindi, where Honeymoon Escape (for two) is dimmed with its rule
    await page.keyboard.press('Escape');
    await page.getByRole('radio', { name: 'Hornbill Villa' }).check();
    await page.getByRole('button', { name: /^Check-in/ }).click();
    const checkIn = addDaysIso(resortToday(), 45);
    await pickDay(page, checkIn);
    await pickDay(page, addDaysIso(checkIn, 2));
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByLabel('Adults').selectOption('3');
    await page.getByRole('button', { name: 'Check Availability' }).click();
    await page.getByTestId('availability-result').waitFor();
    await page.getByRole('button', { name: 'Proceed to Package Selection' }).click();
    await page.getByRole('heading', { name: 'Choose your package' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByTestId('language-select').selectOption('hi');
    await page.keyboard.press('Escape');
    await page.getByRole('heading', { name: 'अपना पैकेज चुनें' }).waitFor();
    await page.getByRole('article', { name: 'Honeymoon Escape' }).getByText('Honeymoon Escape में अधिकतम 2 मेहमान ठहर सकते हैं').waitFor();
    await page.getByRole('article', { name: 'Safari Adventure' }).getByText('आपके ठहराव के लिए').waitFor();
    await expectAccessible(page, 'step 2 in Hindi, with a package the party does not fit');
  });
});

describe('the display currency', () => {
  it('shows approximate prices beside the rupees in the chosen currency, and keeps the choice', async () => {
    await page.goto(stack.baseUrl);
    await page.getByRole('radio', { name: 'Hornbill Villa' }).waitFor();
    // Found by its test id: on a phone it is out of sight (behind Menu) until chosen from.
    const select = page.getByTestId('currency-select');
    // On a phone the selector is behind Menu, which Escape closes again.
    const choose = async (code: string) => {
      await page.getByRole('button', { name: 'Menu' }).click();
      await select.selectOption(code);
      await page.keyboard.press('Escape');
      await select.waitFor({ state: 'hidden' });
    };
    // The stage's currencies come from /config.json.
    await expect.poll(() => select.locator('option').allTextContents()).toEqual(['₹ INR', '€ EUR', '£ GBP', '$ USD']);
    expect(await page.getByTestId('price-approx').count()).toBe(0);

    await choose('USD');
    const hornbill = page.getByRole('article', { name: 'Hornbill Villa' });
    // ₹18,000 at ₹84 to the dollar: what is charged first, the approximation beside it.
    expect(await hornbill.locator('.stay-kind-card__price').textContent()).toBe('₹18,000 / night approx. $214');
    await expectAccessible(page, 'step 1 in USD');
    await shoot('currency-usd');

    await page.reload();
    await page.getByRole('radio', { name: 'Hornbill Villa' }).waitFor();
    expect(await select.inputValue()).toBe('USD');
    expect(await hornbill.getByTestId('price-approx').textContent()).toBe(' approx. $214');
    await choose('GBP');
    expect(await hornbill.getByTestId('price-approx').textContent()).toBe(' approx. £167');
    await choose('INR');
    expect(await page.getByTestId('price-approx').count()).toBe(0);
  });
});

describe('offline (docs/product.md#offline)', () => {
  it('browses the last catalogue with a notice and estimates, refuses to confirm offline, and Retry online books once', async () => {
    await bookUpToPayment(page, stack.baseUrl, { axe: false, daysAhead: 12 });
    await fillGuest('offline@example.in');
    const bookings = watchBookings();
    const catalogue = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('forestResort_catalogue')));
    expect(catalogue).toHaveLength(3);

    await context.setOffline(true);
    const notice = page.getByTestId('offline-notice');
    await notice.getByText("You're offline.").waitFor();
    expect(await notice.textContent()).toContain('prices are estimates until you');
    // The notice never covers the form: scrolled to the top of the screen, a field is itself where it shows.
    const covered = await page.getByLabel('Email').evaluate((field) => {
      field.scrollIntoView({ block: 'start' });
      const box = field.getBoundingClientRect();
      return document.elementFromPoint(box.left + 8, box.top + 4) !== field;
    });
    expect(covered).toBe(false);
    expect(await page.getByTestId('confirm-needs-connection').textContent()).toContain('Confirming needs a connection');
    expect(await page.getByTestId('final-quote').getByTestId('price-estimate').count()).toBe(1);
    await expectAccessible(page, 'step 4 offline');
    await shoot('offline-step-4');

    // Browsing still works: the safaris and the packages from what was fetched, prices as estimates.
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('heading', { name: 'Add a safari' }).waitFor();
    expect(await page.getByTestId('safari-card').count()).toBe(3);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('heading', { name: 'Choose your package' }).waitFor();
    const packages = page.getByTestId('package-card');
    expect(await packages.count()).toBeGreaterThanOrEqual(3);
    expect(await page.getByRole('article', { name: 'Safari Adventure' }).getByTestId('price-estimate').count()).toBe(1);
    await shoot('offline-step-2');
    await page.getByRole('button', { name: 'Continue to Safari Selection' }).click();
    await page.getByRole('button', { name: 'Continue with Safaris' }).click();
    await page.getByTestId('final-quote').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('offline@example.in');

    // Confirming offline says what is true: nothing was booked, and nothing was sent.
    await page.getByRole('button', { name: /Confirm Booking/ }).click();
    const refused = page.getByRole('dialog', { name: 'Not booked yet' });
    await refused.waitFor();
    expect(await refused.textContent()).toContain('Your booking has not been made');
    expect(await page.getByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ }).count()).toBe(0);
    expect(bookings.sent).toEqual([]);
    await shoot('offline-confirm-refused');

    await context.setOffline(false);
    await notice.getByText("You're offline.").waitFor({ state: 'detached' });
    await refused.getByRole('button', { name: 'Retry' }).click();
    const success = page.getByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    await success.waitFor();
    expect(bookings.sent).toHaveLength(1);
    expect(bookings.answers.map((answer) => answer.status())).toEqual([201]);
    const reference = await success.locator('.receipt__reference').textContent();
    const lookup = await fetch(`${stack.baseUrl}/api/bookings/reference/${reference}?email=offline%40example.in`);
    expect(lookup.status).toBe(200);
  });

  it('keeps the draft when the answer is lost on the way back, and Retry books exactly once (the same Idempotency-Key)', async () => {
    await bookUpToPayment(page, stack.baseUrl, { axe: false, daysAhead: 16 });
    await fillGuest('lost-answer@example.in');
    const bookings = watchBookings();
    // The request reaches the server and is stored; its answer never reaches the phone.
    let dropped = false;
    await page.route('**/api/bookings', async (route) => {
      if (dropped) return route.continue();
      dropped = true;
      await route.fetch();
      await route.abort('internetdisconnected');
    });

    await page.getByRole('button', { name: /Confirm Booking/ }).click();
    const failed = page.getByRole('dialog', { name: 'Not booked yet' });
    await failed.waitFor();
    expect(await failed.textContent()).toContain("We couldn't reach the resort");
    await page.getByTestId('offline-notice').getByText("We can't reach the resort right now.").waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('lost-answer@example.in');

    await failed.getByRole('button', { name: 'Retry' }).click();
    const success = page.getByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    await success.waitFor();
    expect(bookings.sent).toHaveLength(2);
    expect(new Set(bookings.sent).size).toBe(1);
    const replay = bookings.answers.at(-1);
    expect(replay?.status()).toBe(201);
    // The server answered the retry with the first attempt's booking: one booking, not two.
    expect(replay?.headers()['idempotent-replayed']).toBe('true');
    await page.getByTestId('offline-notice').getByText("We can't reach the resort right now.").waitFor({ state: 'detached' });
  });
});
