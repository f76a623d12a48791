import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';

const longDate = new Intl.DateTimeFormat('en-IN', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
/** The calendar's name for a day: 'November 25, 2026, ₹18,000 per night' (or ', sold out'). */
export const dayLabel = (isoDate: string) => longDate.format(new Date(`${isoDate}T00:00:00Z`));

/** axe on what is on screen now, at the test's viewport and at a laptop's: no serious or critical violation. */
export async function expectAccessible(page: Page, where: string) {
  const seriousOrCritical = async (viewport: string) => {
    // Only violations are read, so axe need not detail every passing node (its own advice for speed).
    // Legacy mode runs axe.run in the page itself instead of runPartial + finishRun in a second, blank
    // page (a new page and a second injection of axe per call); it differs only for cross-origin
    // iframes, which this site has none of.
    const results = await new AxeBuilder({ page })
      .setLegacyMode(true)
      .options({ resultTypes: ['violations'] })
      .analyze();
    return results.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${where} (${viewport}): ${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  };
  // The page as the test holds it (a phone), then as a laptop shows it: layouts differ, so can violations.
  const size = page.viewportSize();
  const found = await seriousOrCritical(size ? `${size.width}x${size.height}` : 'default');
  // A page the test already holds at a laptop's size (the portal) is looked at once.
  if (size?.width !== LAPTOP.width || size.height !== LAPTOP.height) {
    await page.setViewportSize(LAPTOP);
    found.push(...(await seriousOrCritical(`${LAPTOP.width}x${LAPTOP.height}`)));
    if (size) await page.setViewportSize(size);
  }
  expect(found, where).toEqual([]);
}

/** The desktop viewport axe also checks every page at. */
const LAPTOP = { width: 1366, height: 900 };

/** Some day of the calendar shown names its night (a price or sold out): the months' nights have loaded. */
const nightsShown = (page: Page) =>
  page
    .getByRole('button', { name: /, (₹[\d,]+ per night|sold out)/ })
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);

/** The calendar's button for a day, paging months forward until it shows (once each month's nights have loaded). */
export async function findDay(page: Page, isoDate: string) {
  const day = page.getByRole('button', { name: new RegExp(`^${dayLabel(isoDate)},`) });
  await nightsShown(page);
  for (let tries = 0; tries < 3 && !(await day.isVisible()); tries += 1) {
    await page.getByRole('button', { name: 'Go to the Next Month' }).click();
    await nightsShown(page);
  }
  return day;
}

export async function pickDay(page: Page, isoDate: string) {
  await (await findDay(page, isoDate)).click();
}

/** The wizard's steps as its progress bar names them (web/src/features/booking/model/wizard.ts), and opening the site before them. */
export const GUEST_STEPS = {
  open: 'Opening / (until the villas show)',
  dates: 'Step 1: Date & Accommodation Selection',
  package: 'Step 2: Package Selection',
  safaris: 'Step 3: Safari Selection',
  payment: 'Step 4: Payment and Confirmation',
} as const;

/**
 * Step 1 to step 4 by tapping, as a guest on a phone: Hornbill Villa, two nights, 2 adults, Safari Adventure, one safari.
 * `onStep` (optional, for the bench) hears each of GUEST_STEPS as it begins: the tap that leaves a step starts the next.
 */
export async function bookUpToPayment(
  page: Page,
  baseUrl: string,
  options: { axe: boolean; daysAhead: number; onStep?: (step: (typeof GUEST_STEPS)[keyof typeof GUEST_STEPS]) => void },
) {
  const onStep = options.onStep ?? (() => undefined);
  const checkIn = addDaysIso(resortToday(), options.daysAhead);
  const checkOut = addDaysIso(checkIn, 2);
  onStep(GUEST_STEPS.open);
  await page.goto(baseUrl);
  await page.getByRole('radio', { name: 'Hornbill Villa' }).waitFor();
  onStep(GUEST_STEPS.dates);
  if (options.axe) await expectAccessible(page, 'step 1');
  await page.getByRole('radio', { name: 'Hornbill Villa' }).check();
  await page.getByRole('button', { name: /^Check-in/ }).click();
  await page.getByRole('dialog', { name: 'Select check-in date' }).waitFor();
  await pickDay(page, checkIn);
  await pickDay(page, checkOut);
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByLabel('Adults').selectOption('2');
  await page.getByRole('button', { name: 'Check Availability' }).click();
  await page.getByTestId('availability-result').waitFor();
  expect(await page.getByTestId('availability-status').textContent()).toBe('Villa is available for your dates!');
  if (options.axe) await expectAccessible(page, 'step 1 with its result');

  onStep(GUEST_STEPS.package);
  await page.getByRole('button', { name: 'Proceed to Package Selection' }).click();
  await page.waitForURL(/\?step=2$/);
  const safariPackage = page.getByRole('article', { name: 'Safari Adventure' });
  await safariPackage.getByText(/for your stay/).waitFor();
  if (options.axe) await expectAccessible(page, 'step 2');
  await safariPackage.getByRole('button', { name: 'Reserve This Package' }).click();
  onStep(GUEST_STEPS.safaris);
  await page.getByRole('button', { name: 'Continue to Safari Selection' }).click();

  await page.waitForURL(/\?step=3$/);
  const jeep = page.getByRole('article', { name: 'Morning Jeep Safari' });
  await jeep.getByLabel('Date').selectOption(checkIn);
  await jeep.getByLabel('Time slot').locator('option', { hasText: 'seats left' }).first().waitFor({ state: 'attached' });
  await jeep.getByLabel('Time slot').selectOption('06:00-09:00');
  await jeep.getByLabel('Guests').selectOption('2');
  await jeep.getByRole('button', { name: 'Add Safari' }).click();
  await page.getByRole('button', { name: 'Remove Morning Jeep Safari' }).waitFor();
  if (options.axe) await expectAccessible(page, 'step 3');
  onStep(GUEST_STEPS.payment);
  await page.getByRole('button', { name: 'Continue with Safaris' }).click();

  await page.waitForURL(/\?step=4$/);
  await page.getByTestId('final-quote').waitFor();
  return { checkIn, checkOut };
}
