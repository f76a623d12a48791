import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { TestStack } from '../support/local-stack.ts';
import { bookUpToPayment as bookUpToPaymentOn, expectAccessible as expectAccessibleOn } from './support/guest-flow.ts';
import { usePhoneSession } from './support/phone-session.ts';

let stack: TestStack;
let page: Page;
usePhoneSession((session) => ({ stack, page } = session));

const expectAccessible = (where: string) => expectAccessibleOn(page, where);
const bookUpToPayment = (options: { axe: boolean; daysAhead: number }) => bookUpToPaymentOn(page, stack.baseUrl, options);

describe('the guest booking wizard on a phone', () => {
  it('books a stay paid at the property, from / to the confirmation', async () => {
    await bookUpToPayment({ axe: true, daysAhead: 9 });
    const quote = await page.getByTestId('final-quote').textContent();
    expect(quote).toContain('GST 18%');
    expect(quote).toContain('Service fee 2% (at most ₹500)');
    expect(quote).toContain('Package: Safari Adventure');
    expect(quote).toMatch(/Total₹\d{1,2}(,\d\d)*,\d{3}$/);
    // Online is the default; this guest pays at the property.
    expect(await page.getByRole('radio', { name: /Pay online/ }).isChecked()).toBe(true);
    await page.getByRole('radio', { name: /Pay at property/ }).check();
    await expectAccessible('step 4');
    // The bar at the bottom of a phone is one line (total, Back, the next step), and nothing runs off the side.
    expect((await page.locator('.step-actions').boundingBox())?.height).toBeLessThanOrEqual(80);
    // The header is one row and the booking's line (118 px; 157 before Menu), the account links behind Menu.
    expect((await page.locator('.site-header').boundingBox())?.height).toBeLessThanOrEqual(124);
    expect(await page.getByRole('navigation', { name: 'Account' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByLabel('First name').fill('Meera');
    await page.getByLabel('Last name').fill('Iyer');
    await page.getByLabel('Email').fill('meera@example.in');
    await page.getByLabel('Phone number').fill('98450 12345');
    // No title is assumed; the country code sits level with the number.
    expect(await page.getByLabel('Title').inputValue()).toBe('');
    const [code, number] = await Promise.all([page.getByLabel('Country code').boundingBox(), page.getByLabel('Phone number').boundingBox()]);
    expect(Math.abs((code?.y ?? 0) - (number?.y ?? 100))).toBeLessThanOrEqual(1);
    await page.getByLabel(/I accept the terms/).check();
    const confirm = page.getByRole('button', { name: /Confirm Booking/ });
    // A double tap books once: the same Idempotency-Key, and the button is disabled while processing.
    await confirm.dblclick();

    // Paid at the property: the heading says the stay is held for that.
    const success = page.getByRole('dialog', { name: 'Booking held: pay at the property' });
    await success.waitFor();
    // The reference in one piece: one line of text, nothing cut.
    const referenceBox = success.locator('.receipt__reference');
    expect(
      await referenceBox.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return { lines: new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size, cut: element.scrollWidth > element.clientWidth };
      }),
    ).toEqual({ lines: 1, cut: false });
    const reference = await success.getByTestId('booking-success').locator('.receipt__reference').textContent();
    expect(reference).toMatch(/^VM[0-9A-Z]+$/);
    expect(await success.textContent()).toContain('meera@example.in');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Close');
    await expectAccessible('confirmation');
    mkdirSync('test-results', { recursive: true });
    await page.screenshot({ path: 'test-results/wizard-confirmation.png' });

    const lookup = await fetch(`${stack.baseUrl}/api/bookings/reference/${reference}?email=meera%40example.in`);
    expect(lookup.status).toBe(200);

    // The e-mail's preview: the content the stream consumer sends (shared/booking-mail.ts).
    await success.getByText('Preview the e-mail').click();
    const preview = await success.getByTestId('email-preview').textContent();
    expect(preview).toContain(`Subject: Your stay at Forest Resort: booking ${reference}`);
    expect(preview).toContain('PaymentPay at the property');
    expect(preview).toContain('Cancellation policy: free cancellation up to 48 hours before check-in.');
    await page.screenshot({ path: 'test-results/wizard-email-preview-390.png' });
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.screenshot({ path: 'test-results/wizard-email-preview-1366.png' });
    await page.setViewportSize({ width: 390, height: 844 });

    await success.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('heading', { name: 'Your villa and dates' }).waitFor();
    expect(await page.getByTestId('session-status').count()).toBe(0);
    expect(page.url()).toBe(`${stack.baseUrl}/`);
  });

  it("shows the guest details' messages for an invalid step 4, and a reload restores the session", async () => {
    // Other dates: the first test's stay holds the only Hornbill Villa.
    await bookUpToPayment({ axe: false, daysAhead: 20 });
    await page.getByLabel(/I accept the terms/).check();
    await page.getByLabel('Email').fill('meera@');
    await page.getByLabel('Phone number').fill('12345');
    await page.getByRole('button', { name: /^Pay ₹/ }).click();
    const banner = page.getByRole('alert');
    expect(await banner.textContent()).toBe(
      'Please fix the following errors: First name is required, Last name is required, Please enter a valid email address, Please enter a valid 10-digit phone number',
    );
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('payment-errors');
    await expectAccessible('step 4 with errors');

    await page.reload();
    await page.getByText('Session Restored').waitFor();
    expect(await page.getByText('Your booking progress has been restored from Step 4/4').count()).toBe(1);
    expect(page.url()).toBe(`${stack.baseUrl}/?step=4`);
    await page.getByTestId('final-quote').waitFor();
    expect(await page.getByLabel('Email').inputValue()).toBe('meera@');
    expect(await page.getByTestId('session-status').textContent()).toMatch(/^Your booking: step 4 of 4, saved /);

    // The browser's Back button walks back through the steps.
    await page.goBack();
    await page.waitForURL(/\?step=3$/);
    await page.getByRole('heading', { name: 'Add a safari' }).waitFor();
  });
});
