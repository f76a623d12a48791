import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDaysIso } from '../../shared/stay.ts';
import type { TestStack } from '../support/local-stack.ts';
import { ACTIVATE_FIRST_MESSAGE } from '../../functions/lib/accounts.ts';
import { activationTokens, eventually } from '../support/accounts.ts';
import { bookUpToPayment, dayLabel, expectAccessible, findDay, pickDay } from './support/guest-flow.ts';
import { laptop, phone, usePhoneSession } from './support/phone-session.ts';

// Beside the other browser tests' screenshots (test-results/, not committed), in a folder of this file's.
const SHOTS = 'test-results/manage-booking';

let stack: TestStack;
let page: Page;
usePhoneSession((session) => ({ stack, page } = session), { shots: SHOTS });

/** axe, then the page as a phone and a laptop show it. */
async function check(name: string) {
  await expectAccessible(page, name);
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await page.setViewportSize(laptop);
  await page.screenshot({ path: `${SHOTS}/${name}-1366.png`, fullPage: true });
  await page.setViewportSize(phone);
}

/** Free Hornbill Villa units for each night from `checkIn` up to `checkOut`, from the API. */
async function freeHornbills(checkIn: string, checkOut: string): Promise<number[]> {
  const response = await fetch(`${stack.baseUrl}/api/cottages/hornbill-villa/availability?startDate=${checkIn}&endDate=${addDaysIso(checkOut, -1)}`);
  const body = (await response.json()) as { data: { nights: Array<{ freeUnits: number }> } };
  return body.data.nights.map((night) => night.freeUnits);
}

async function fillGuestAndConfirm(guest: { first?: string; last?: string; email?: string; phone?: string }) {
  if (guest.first) await page.getByLabel('First name').fill(guest.first);
  if (guest.last) await page.getByLabel('Last name').fill(guest.last);
  if (guest.email) await page.getByLabel('Email').fill(guest.email);
  if (guest.phone) await page.getByLabel('Phone number').fill(guest.phone);
  await page.getByRole('radio', { name: /Pay at property/ }).check();
  await page.getByLabel(/I accept the terms/).check();
  await page.getByRole('button', { name: /Confirm Booking/ }).click();
  const success = page.getByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ });
  await success.waitFor();
  return { success, reference: (await success.locator('.receipt__reference').textContent()) ?? '' };
}

describe('managing a booking without an account, on a phone', () => {
  it('opens the booking from the confirmation, shows the refund, cancels it, and the nights are free again', async () => {
    // Prepare: a stay booked through the wizard, paid at the property
    const { checkIn, checkOut } = await bookUpToPayment(page, stack.baseUrl, { axe: false, daysAhead: 15 });
    const { success, reference } = await fillGuestAndConfirm({ first: 'Meera', last: 'Iyer', email: 'meera@example.in', phone: '98450 12345' });
    expect(reference).toMatch(/^VM[0-9A-Z]+$/);
    expect(await freeHornbills(checkIn, checkOut)).toEqual([0, 0]);

    // Act: the confirmation's manage link
    await success.getByRole('link', { name: 'Manage this booking' }).click();
    // Assess: the booking, opened by its link
    await page.waitForURL(new RegExp(`/booking/${reference}\\?token=`));
    const details = page.getByRole('region', { name: `Booking ${reference}` });
    await details.waitFor();
    const text = (await details.textContent()) ?? '';
    expect(text).toContain('Hornbill Villa');
    expect(text).toContain('Safari Adventure');
    expect(text).toContain('Morning Jeep Safari');
    expect(await details.getByTestId('booking-status').textContent()).toBe('Pending');
    expect(await details.getByTestId('payment-state').textContent()).toBe('To pay at the property');
    expect(await page.getByText(/^Free cancellation until .* Nothing has been charged, so cancelling costs nothing\.$/).count()).toBe(1);
    await check('manage-booking');

    // Act: ask to cancel
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    // Assess: the refund, before anything happens
    const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}?` });
    await dialog.waitFor();
    expect(await dialog.getByTestId('refund').textContent()).toContain('₹0');
    expect(await dialog.getByTestId('refund').textContent()).toContain('Nothing has been charged for this booking (you chose to pay at the property)');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Keep my booking');
    // Until when it is free, said plainly; and nothing in the dialog runs to its edge on a phone.
    expect(await dialog.getByTestId('refund-policy').textContent()).toMatch(
      /^You can cancel for a full refund until .+, 48 hours before check-in\. After that, nothing is refunded\.$/,
    );
    const edges = await dialog.evaluate((element) => {
      const inner = element.querySelector('.dialog__content') as HTMLElement;
      const right = inner.getBoundingClientRect().right - parseFloat(getComputedStyle(inner).paddingRight);
      // The close button's touch area reaches into the corner on purpose; nothing else may.
      return [...inner.querySelectorAll('*:not(.dialog__close)')]
        .filter((child) => child.getBoundingClientRect().right > right + 0.5)
        .map((child) => child.className || child.tagName);
    });
    expect(edges).toEqual([]);
    await check('manage-cancel-dialog');

    // Act: confirm
    await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
    // Assess: the result, focused; the booking now cancelled
    const result = page.getByTestId('cancel-result');
    await result.waitFor();
    expect(await result.textContent()).toContain(`Booking ${reference} is cancelled.`);
    expect(await result.textContent()).toContain('Refund: ₹0 (nothing was charged).');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('cancel-result');
    await expect.poll(() => details.getByTestId('booking-status').textContent()).toBe('Cancelled');
    await check('manage-cancelled');
    expect(await freeHornbills(checkIn, checkOut)).toEqual([1, 1]);

    // Act: the same nights in the wizard
    await page.getByRole('link', { name: 'Forest Resort' }).click();
    await page.getByRole('radio', { name: 'Hornbill Villa' }).check();
    await page.getByRole('button', { name: /^Check-in/ }).click();
    await page.getByRole('dialog', { name: 'Select check-in date' }).waitFor();
    // Assess: priced and selectable again, not sold out
    const firstNight = await findDay(page, checkIn);
    await expect.poll(() => firstNight.getAttribute('aria-label')).toMatch(new RegExp(`^${dayLabel(checkIn)}, ₹[\\d,]+ per night`));
    expect(await firstNight.isDisabled()).toBe(false);
    await pickDay(page, checkIn);
    await pickDay(page, checkOut);
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByLabel('Adults').selectOption('2');
    await page.getByRole('button', { name: 'Check Availability' }).click();
    await page.getByTestId('availability-result').waitFor();
    expect(await page.getByTestId('availability-status').textContent()).toBe('Villa is available for your dates!');
    await check('wizard-after-cancel');
  });

  it('finds a booking by its reference and e-mail, and says so when they do not match', async () => {
    // Prepare
    await bookUpToPayment(page, stack.baseUrl, { axe: false, daysAhead: 33 });
    const { success, reference } = await fillGuestAndConfirm({ first: 'Arjun', last: 'Nair', email: 'arjun@example.in', phone: '98860 54321' });
    await success.getByRole('button', { name: 'Close' }).click();

    // Act: the lookup, from the header (behind Menu on a phone)
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Find a booking' }).click();
    await page.getByRole('heading', { name: 'Find your booking' }).waitFor();
    await check('find-booking');
    await page.getByLabel(/^Booking reference/).fill(reference.toLowerCase());
    await page.getByLabel(/^Email/).fill('someone@example.in');
    await page.getByRole('button', { name: 'Find my booking' }).click();
    // Assess: the server's message, focused
    const failure = page.getByTestId('lookup-failure');
    await failure.waitFor();
    expect(await failure.textContent()).toBe('No booking matches this reference and e-mail');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('lookup-failure');
    await check('find-booking-not-found');

    // Act: the right e-mail
    await page.getByLabel(/^Email/).fill('arjun@example.in');
    await page.getByRole('button', { name: 'Find my booking' }).click();
    // Assess
    await page.waitForURL(`${stack.baseUrl}/booking/${reference}`);
    const details = page.getByRole('region', { name: `Booking ${reference}` });
    await details.waitFor();
    expect(await details.textContent()).toContain('Hornbill Villa');
    // A reload keeps the booking open (the e-mail is in the history entry, not the address).
    await page.reload();
    await details.waitFor();
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(1);
  });
});

describe('a guest account, on a phone', () => {
  it('registers, activates from the e-mailed link, books with the form prefilled, sees the booking in My Bookings, cancels it with the refund first, and edits the profile', async () => {
    // Act: register
    await page.goto(`${stack.baseUrl}/account/register`);
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await page.getByText('Name is required').count()).toBe(1);
    await check('account-register');
    await page.getByLabel(/^Full name/).fill('Kavya Menon');
    await page.getByLabel(/^Email/).fill('kavya@example.in');
    await page.getByLabel(/^Phone number/).fill('9900112233');
    await page.getByLabel(/^Password/).fill('forest-walks-2030');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Assess: 'check your e-mail', not signed in
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    expect(await page.getByTestId('register-sent').textContent()).toContain('We sent it to kavya@example.in');
    expect(await page.getByTestId('signed-in-as').count()).toBe(0);
    await check('account-register-sent');

    // Act: sign in before activating
    await page.getByRole('link', { name: 'Sign in' }).last().click();
    await page.getByLabel(/^Email/).fill('kavya@example.in');
    await page.getByLabel(/^Password/).fill('forest-walks-2030');
    await page.getByRole('button', { name: 'Sign in' }).click();
    // Assess: told to activate first
    expect(await page.locator('#sign-in-failure').textContent()).toBe(ACTIVATE_FIRST_MESSAGE);

    // Act: open the link the e-mail carries (the local outbox)
    const token = await eventually(async () => (await activationTokens('kavya@example.in'))[0]);
    await page.goto(`${stack.baseUrl}/account/activate?token=${encodeURIComponent(token)}`);
    // Assess: activated and signed in
    await page.getByText('Your account is active, Kavya Menon. You are signed in.').waitFor();
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Signed in as Kavya');
    await check('account-activated');
    await page.getByRole('link', { name: 'Go to my bookings' }).click();
    await page.waitForURL(`${stack.baseUrl}/account`);
    await page.getByText(/No bookings yet/).waitFor();
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Signed in as Kavya');
    await check('account-my-bookings-empty');

    // Act: book; step 4 comes prefilled from the profile
    await bookUpToPayment(page, stack.baseUrl, { axe: false, daysAhead: 40 });
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Kavya');
    expect(await page.getByLabel('Last name').inputValue()).toBe('Menon');
    expect(await page.getByLabel('Email').inputValue()).toBe('kavya@example.in');
    expect(await page.getByLabel('Phone number').inputValue()).toBe('9900112233');
    const { success, reference } = await fillGuestAndConfirm({});
    await success.getByRole('button', { name: 'Close' }).click();

    // Act: My Bookings
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'My bookings' }).click();
    const item = page.getByRole('listitem', { name: `Hornbill Villa, booking ${reference}` });
    await item.waitFor();
    expect(await item.getByTestId('booking-status').textContent()).toBe('Pending');
    await check('account-my-bookings');
    await item.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel booking ${reference}?` });
    expect(await dialog.getByTestId('refund').textContent()).toContain('₹0');
    await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click();
    await item.getByTestId('cancel-result').waitFor();
    await expect.poll(() => item.getByTestId('booking-status').textContent()).toBe('Cancelled');
    await check('account-my-bookings-cancelled');

    // Act: the profile
    await page.getByRole('link', { name: 'Edit your profile' }).click();
    const name = page.getByLabel(/^Full name/);
    await expect.poll(() => name.inputValue()).toBe('Kavya Menon');
    await name.fill('Kavya R Menon');
    await page.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Your profile is saved.').waitFor();
    await check('account-profile');

    // Act: sign out; the activation link again (it works once), then the sign-in page from it
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${stack.baseUrl}/`);
    await page.goto(`${stack.baseUrl}/account/activate?token=${encodeURIComponent(token)}`);
    const used = page.getByTestId('activation-failure');
    await used.waitFor();
    expect(await used.getByRole('alert').textContent()).toContain('This activation link is not valid or has already been used.');
    await check('account-activation-used');
    await used.getByRole('link', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await check('account-sign-in');
    await page.getByLabel(/^Email/).fill('kavya@example.in');
    await page.getByLabel(/^Password/).fill('forest-walks-2030');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${stack.baseUrl}/account`);
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Signed in as Kavya');
    // The wizard's header says who is signed in too.
    await page.getByRole('link', { name: 'Forest Resort' }).click();
    await page.getByRole('radio', { name: 'Hornbill Villa' }).waitFor();
    expect(await page.getByTestId('signed-in-as').textContent()).toBe('Signed in as Kavya');
    await check('wizard-signed-in');
  });
});
