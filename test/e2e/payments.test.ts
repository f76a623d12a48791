import ICAL from 'ical.js';
import { readdir, readFile } from 'node:fs/promises';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { OPEN_HOLD_LIMIT, PAY_AT_PROPERTY_CONFIRM_HOURS, UNPAID_NIGHT_LIMIT, UNPAID_STAY_LIMIT } from '../../shared/payment-rules.ts';
import type { TestStack } from '../support/local-stack.ts';
import { bookUpToPayment, expectAccessible } from './support/guest-flow.ts';
import { laptop, phone, usePhoneSession } from './support/phone-session.ts';

const SHOTS = 'test-results';

let stack: TestStack;
let page: Page;
usePhoneSession((session) => ({ stack, page } = session), { shots: SHOTS });

type OutboxMail = { to: string; subject: string; text: string; attachments?: Array<{ filename: string; content: string }> };
/** The stack's outbox (MAIL_OUTBOX_DIR): every mail the stream consumer sent. */
async function outbox(): Promise<OutboxMail[]> {
  const dir = process.env.MAIL_OUTBOX_DIR ?? '';
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.json'));
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(`${dir}/${file}`, 'utf8')) as OutboxMail));
}

/** The screen as a phone and a laptop show it. */
async function shoot(name: string) {
  await page.screenshot({ path: `${SHOTS}/payments-${name}-390.png` });
  await page.setViewportSize(laptop);
  await page.screenshot({ path: `${SHOTS}/payments-${name}-1366.png` });
  await page.setViewportSize(phone);
}

async function fillGuest(email: string) {
  await page.getByLabel('First name').fill('Meera');
  await page.getByLabel('Last name').fill('Iyer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone number').fill('98450 12345');
  await page.getByLabel(/I accept the terms/).check();
}

/** Every call the page makes to the booking and payment API, as 'METHOD /path'. */
function watchApi() {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && (pathname === '/api/bookings' || pathname.startsWith('/api/payments/'))) calls.push(`POST ${pathname}`);
  });
  return calls;
}

/** The booking as the API has it, found with its reference and e-mail. */
async function lookUp(reference: string, email: string) {
  const response = await fetch(`${stack.baseUrl}/api/bookings/reference/${reference}?email=${encodeURIComponent(email)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { status: string; payment_status: string; payment_method: string; hold_expires_at?: string } }).data;
}

async function openTestCheckout(): Promise<Locator> {
  const checkout = page.getByRole('dialog', { name: 'Secure checkout' });
  await checkout.waitFor();
  await checkout.getByTestId('hold-timer').waitFor();
  return checkout;
}

describe('paying online in test mode, on a phone', () => {
  it('pays a booking in the test checkout and reaches the confirmation, the booking confirmed and paid', async () => {
    // Prepare
    await bookUpToPayment(page, stack.baseUrl, { axe: false, daysAhead: 11 });
    expect(await page.getByRole('radio', { name: /Pay online/ }).isChecked()).toBe(true);
    await fillGuest('online@example.in');
    const total = ((await page.getByTestId('final-quote').textContent()) ?? '').match(/Total(₹[\d,]+)$/)?.[1] ?? '';
    expect(total).toMatch(/^₹\d{1,2}(,\d\d)*,\d{3}$/);
    const calls = watchApi();

    // Act
    await page.getByRole('button', { name: `Pay ${total}` }).click();
    // Assess: the test checkout, marked as such, with the amount, the reference and the hold
    const checkout = await openTestCheckout();
    const text = (await checkout.textContent()) ?? '';
    expect(text).toContain('Test mode — no real money.');
    expect(await checkout.getByTestId('test-checkout-amount').textContent()).toBe(total);
    const reference = (await checkout.locator('.test-checkout__reference').textContent()) ?? '';
    expect(reference).toMatch(/^VM[0-9A-Z]+$/);
    expect(await checkout.getByTestId('hold-timer').textContent()).toMatch(/^Your villa is held for 1[45]:\d\d$/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Pay ${total} (test)`);
    await expectAccessible(page, 'test checkout');
    await shoot('test-checkout');

    // Act: close the checkout, to pay a moment later
    await checkout.getByRole('button', { name: 'Close' }).click();
    // Assess: the booking waits, held, its details locked; Pay pays it
    const waiting = page.getByTestId('awaiting-payment');
    await waiting.waitFor();
    expect(await waiting.getByRole('heading').textContent()).toBe(`Booking ${reference} is waiting for payment`);
    expect(await page.getByLabel('First name').isDisabled()).toBe(true);
    await expectAccessible(page, 'awaiting payment');
    await page.evaluate(() => window.scrollTo(0, 0));
    await waiting.scrollIntoViewIfNeeded();
    await shoot('awaiting-payment');
    await page.getByRole('button', { name: `Pay ${total}`, exact: true }).click();

    // The address when the confirmation opens: the page behind it and its address change once it has painted.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { __atConfirmation: string[] }).__atConfirmation = seen;
      new MutationObserver((_, observer) => {
        if (!document.querySelector('dialog[open] [data-testid="booking-success"]')) return;
        seen.push(window.location.search);
        observer.disconnect();
      }).observe(document.body, { subtree: true, childList: true, attributes: true });
    });
    // Act: Pay
    await (await openTestCheckout()).getByRole('button', { name: `Pay ${total} (test)` }).click();
    // Assess
    const success = page.getByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    await success.waitFor();
    expect(await page.evaluate(() => (window as unknown as { __atConfirmation: string[] }).__atConfirmation)).toEqual(['?step=4']);
    // Once the confirmation has painted (on a loaded machine, later than expect.poll's default second).
    await expect.poll(() => page.evaluate(() => window.location.search), { timeout: 10_000 }).toBe('');
    expect(await success.locator('.receipt__reference').textContent()).toBe(reference);
    await expectAccessible(page, 'paid confirmation');
    await shoot('success');
    expect(calls).toEqual([
      'POST /api/bookings',
      'POST /api/payments/create-order',
      'POST /api/payments/create-order',
      'POST /api/payments/test-checkout',
      'POST /api/payments/verify-payment',
    ]);
    expect(await lookUp(reference, 'online@example.in')).toMatchObject({ status: 'confirmed', payment_status: 'paid', payment_method: 'razorpay' });
    // Assess: the receipt the stream consumer wrote to the outbox, with a calendar file a calendar app reads
    const receipt = await expect
      .poll(async () => (await outbox()).find((mail) => mail.subject === `Your stay at Forest Resort: booking ${reference}`), { timeout: 10_000 })
      .toBeDefined()
      .then(async () => (await outbox()).find((mail) => mail.subject === `Your stay at Forest Resort: booking ${reference}`));
    expect(receipt?.to).toBe('online@example.in');
    const ics = receipt?.attachments?.find((attachment) => attachment.filename.endsWith('.ics'))?.content ?? '';
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent') ?? undefined);
    expect(event.summary).toContain('Forest Resort');
    expect(event.startDate.toJSDate().getTime()).toBeGreaterThan(Date.now());
    expect(event.endDate.toJSDate().getTime()).toBeGreaterThan(event.startDate.toJSDate().getTime());

    // Act: the booking's page
    await success.getByRole('link', { name: 'Manage this booking' }).click();
    // Assess: the payment, with what a bank would ask for
    const payment = page.getByTestId('payment-record');
    await payment.waitFor();
    expect(await payment.textContent()).toContain(`Paid${total}`);
    expect(await payment.textContent()).toMatch(/Payment IDpay_[A-Za-z0-9]{14}/);
    expect(await page.getByTestId('payment-state').textContent()).toBe('Paid online');
    await expectAccessible(page, 'manage: paid');
    await shoot('manage-paid');

    // Act: cancel it, well before the free-cancellation deadline
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page
      .getByRole('dialog', { name: `Cancel booking ${reference}?` })
      .getByRole('button', { name: 'Yes, cancel booking' })
      .click();
    await page.getByTestId('cancel-result').waitFor();
    // Assess: the refund, beside the payment it returns
    const refund = page.getByTestId('refund-record');
    await refund.waitFor();
    expect(await refund.textContent()).toContain(`Refunded${total}`);
    expect(await refund.textContent()).toMatch(/Refund IDrfnd_[A-Za-z0-9]{14}/);
    // The booking's own payment line follows the refund once it is on record.
    await page.getByTestId('payment-state').filter({ hasText: 'Refunded' }).waitFor();
    await page.getByTestId('payment-history').scrollIntoViewIfNeeded();
    await shoot('manage-refunded');
  });

  it("shows 'Payment Failed' after Fail; Try Again pays the same booking, and only one booking is made", async () => {
    // Prepare
    await bookUpToPayment(page, stack.baseUrl, { axe: false, daysAhead: 24 });
    await fillGuest('retry@example.in');
    const calls = watchApi();
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    let checkout = await openTestCheckout();
    const reference = (await checkout.locator('.test-checkout__reference').textContent()) ?? '';

    // Act: Fail
    await checkout.getByRole('button', { name: 'Fail payment (test)' }).click();
    // Assess: the 'Payment Failed' state, the provider's reason, the hold still counting, support a tap away
    const failed = page.getByRole('dialog', { name: 'Payment Failed' });
    await failed.waitFor();
    const reason = (await failed.locator('.dialog__description').textContent()) ?? '';
    expect(reason.length).toBeGreaterThan(10);
    expect(await failed.getByTestId('hold-timer').textContent()).toMatch(/held for 1[45]:\d\d/);
    expect(await failed.getByRole('link', { name: 'Call Support' }).getAttribute('href')).toMatch(/^tel:\+\d+$/);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Try Again');
    await expectAccessible(page, 'payment failed');
    await shoot('failed');

    // Act: Try Again, then Pay
    await failed.getByRole('button', { name: 'Try Again' }).click();
    checkout = await openTestCheckout();
    expect(await checkout.locator('.test-checkout__reference').textContent()).toBe(reference);
    await checkout.getByRole('button', { name: /^Pay ₹[\d,]+ \(test\)$/ }).click();
    // Assess: the same booking, paid; one booking request in all
    const success = page.getByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    await success.waitFor();
    expect(await success.locator('.receipt__reference').textContent()).toBe(reference);
    expect(calls.filter((call) => call === 'POST /api/bookings')).toHaveLength(1);
    expect(calls).toEqual([
      'POST /api/bookings',
      'POST /api/payments/create-order',
      'POST /api/payments/test-checkout',
      'POST /api/payments/create-order',
      'POST /api/payments/test-checkout',
      'POST /api/payments/verify-payment',
    ]);
    expect(await lookUp(reference, 'retry@example.in')).toMatchObject({ status: 'confirmed', payment_status: 'paid' });
  });
});

describe('paying at the property, on a phone', () => {
  it('explains the 24-hour hold before booking, holds the villa for a day, and the booking link confirms it', async () => {
    // Prepare
    await bookUpToPayment(page, stack.baseUrl, { axe: false, daysAhead: 37 });
    await fillGuest('arrival@example.in');
    // Assess: the policy, in the tile, before anything is booked
    const terms = page.getByTestId('pay-at-property-terms');
    expect(await terms.textContent()).toBe(
      [
        `We hold your villa for ${PAY_AT_PROPERTY_CONFIRM_HOURS} hours.`,
        `We e-mail you a link: confirm your booking from it within ${PAY_AT_PROPERTY_CONFIRM_HOURS} hours, or the hold is released.`,
        'You pay at the property when you arrive.',
        `You can have at most ${OPEN_HOLD_LIMIT} such bookings waiting for confirmation at once.`,
        `Up to ${UNPAID_STAY_LIMIT} stays, ${UNPAID_NIGHT_LIMIT} room-nights in all, can wait to be paid at the property.`,
      ].join(''),
    );

    // Act: pay at the property
    await page.getByRole('radio', { name: /Pay at property/ }).check();
    await expectAccessible(page, 'step 4, pay at property');
    await page.getByRole('group', { name: 'How would you like to pay?' }).scrollIntoViewIfNeeded();
    await shoot('methods');
    await page.getByRole('button', { name: /^Confirm Booking · ₹/ }).click();
    // Assess: booked and held for a day, to be confirmed from the e-mail
    const success = page.getByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
    await success.waitFor();
    const reference = (await success.locator('.receipt__reference').textContent()) ?? '';
    const booking = await lookUp(reference, 'arrival@example.in');
    expect(booking).toMatchObject({ status: 'pending', payment_status: 'pending', payment_method: 'offline' });
    const heldFor = Date.parse(booking.hold_expires_at ?? '') - Date.now();
    expect(heldFor).toBeGreaterThan((PAY_AT_PROPERTY_CONFIRM_HOURS - 1) * 3600_000);
    expect(heldFor).toBeLessThanOrEqual(PAY_AT_PROPERTY_CONFIRM_HOURS * 3600_000);
    await shoot('pay-at-property-booked');

    // The confirmation's own manage link opens the booking but cannot confirm it: only the e-mail can.
    await success.getByRole('link', { name: 'Manage this booking' }).click();
    await page.waitForURL(new RegExp(`/booking/${reference}\\?token=`));
    const unconfirmable = page.getByTestId('confirm-stay');
    await unconfirmable.waitFor();
    expect(await unconfirmable.getByRole('button', { name: 'Confirm my booking' }).count()).toBe(0);
    expect(await unconfirmable.textContent()).toContain('use the Confirm your booking button in the e-mail');

    // Act: the e-mail's Confirm your booking button, then Confirm my booking
    const request = await expect
      .poll(async () => (await outbox()).find((mail) => mail.subject.startsWith('Please confirm your booking') && mail.text.includes(reference)), {
        timeout: 10_000,
      })
      .toBeTruthy()
      .then(async () => (await outbox()).find((mail) => mail.subject.startsWith('Please confirm your booking') && mail.text.includes(reference)));
    const confirmLink = new URL(/https?:\/\/\S+confirm=\S+/.exec(request?.text ?? '')?.[0] ?? '');
    await page.goto(`${stack.baseUrl}${confirmLink.pathname}${confirmLink.search}`);
    const panel = page.getByTestId('confirm-stay');
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Confirm my booking' }).waitFor();
    expect(await panel.textContent()).toMatch(/We are holding Hornbill Villa for you until \w+day, \d{1,2} \w+ at \d{1,2}:\d\d [ap]m\./);
    await expectAccessible(page, 'manage: confirm pay at property');
    await shoot('manage-confirm');
    await panel.getByRole('button', { name: 'Confirm my booking' }).click();
    // Assess: reserved, pay on arrival; the server says so too
    const done = page.getByTestId('stay-confirmed');
    await done.waitFor();
    expect(await done.textContent()).toContain('Hornbill Villa is reserved for you from');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('stay-confirmed');
    // The booking's chip follows: reserved for the guest (staff confirm it when they take the money).
    await page.getByTestId('booking-status').filter({ hasText: 'Reserved' }).waitFor();
    await expectAccessible(page, 'manage: confirmed');
    await shoot('manage-confirmed');
    const confirmed = await lookUp(reference, 'arrival@example.in');
    expect(confirmed).toMatchObject({ status: 'pending', payment_status: 'pending', guest_confirmed_at: expect.any(String) });
  });

  it('says in the confirmation to confirm from the e-mail within 24 hours, with the deadline on the guest’s clock', async () => {
    await bookUpToPayment(page, stack.baseUrl, { axe: false, daysAhead: 45 });
    await fillGuest('deadline@example.in');
    await page.getByRole('radio', { name: /Pay at property/ }).check();
    await page.getByRole('button', { name: /^Confirm Booking · ₹/ }).click();
    const confirmBy = page.getByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ }).getByTestId('confirm-by');
    await confirmBy.waitFor({ timeout: 10_000 });
    expect(await confirmBy.textContent()).toContain(`Check your e-mail to confirm within ${PAY_AT_PROPERTY_CONFIRM_HOURS} hours`);
    expect(await confirmBy.textContent()).toMatch(/Confirm from it by \w+day, \d{1,2} \w+ at \d{1,2}:\d\d [ap]m, or the hold on your villa is released\./);
    await shoot('pay-at-property-confirm-by');
  });
});
