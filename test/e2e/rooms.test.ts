import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { addDaysIso, resortToday } from '../../shared/stay.ts';
import type { TestStack } from '../support/local-stack.ts';
import { expectAccessible, pickDay } from './support/guest-flow.ts';
import { laptop, usePhoneSession } from './support/phone-session.ts';

/**
 * Step 1 in Chromium on a phone (issue 17): asking for more rooms than a villa type has says so
 * plainly and offers the rooms it has, one tap away; that tap re-checks and the stay is available.
 */
const SHOTS = 'test-results';

let stack: TestStack;
let page: Page;
usePhoneSession((session) => ({ stack, page } = session), { shots: SHOTS });

describe('more rooms than a villa type has', () => {
  it('says so, offers the rooms it has, and one tap books those', async () => {
    const checkIn = addDaysIso(resortToday(), 12);
    await page.goto(stack.baseUrl);
    await page.getByRole('radio', { name: 'Hornbill Villa' }).check();
    await page.getByRole('button', { name: /^Check-in/ }).click();
    await page.getByRole('dialog', { name: 'Select check-in date' }).waitFor();
    await pickDay(page, checkIn);
    await pickDay(page, addDaysIso(checkIn, 2));
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByLabel('Adults').selectOption('2');
    await page.getByLabel('Rooms').selectOption('2');
    await page.getByRole('button', { name: 'Check Availability' }).click();
    await page.getByRole('heading', { name: 'What this villa can take' }).waitFor();
    expect(await page.getByTestId('availability-status').textContent()).toBe(
      'Hornbill Villa has one villa, so it cannot take 2 rooms. Book 1 room here, or choose another villa.',
    );
    await page.screenshot({ path: `${SHOTS}/step1-rooms-390.png`, fullPage: true });
    await expectAccessible(page, 'step 1, more rooms than the villa has');
    await page.setViewportSize(laptop);
    await page.screenshot({ path: `${SHOTS}/step1-rooms-1366.png`, fullPage: true });

    await page.getByRole('button', { name: /Book 1 room/ }).click();
    await page.getByText('Villa is available for your dates!').first().waitFor();
    expect(await page.getByLabel('Rooms').inputValue()).toBe('1');
  });

  it('keeps the chosen villa in sight and every amenity label whole, on a phone', async () => {
    await page.goto(stack.baseUrl);
    await page.getByRole('radio', { name: 'Hornbill Villa' }).check();
    // Back later (the session is restored): the list starts at its first card, the chosen one is scrolled to.
    await page.reload();
    const chosen = page.getByTestId('stay-kind-card').filter({ has: page.getByRole('radio', { name: 'Hornbill Villa', checked: true }) });
    await chosen.waitFor();
    await expect
      .poll(async () => {
        const box = await chosen.boundingBox();
        return box !== null && box.x >= 0 && box.x + box.width <= 390;
      })
      .toBe(true);
    const cut = await page
      .locator('.stay-kind-card__amenities li')
      .evaluateAll((tiles) => tiles.filter((tile) => tile.scrollWidth > tile.clientWidth).map((tile) => tile.textContent));
    expect(cut).toEqual([]);
    await page.screenshot({ path: `${SHOTS}/step1-chosen-villa-390.png` });
  });
});
