import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBookingFloor } from '../load/booking-floor.ts';
import { bookOnce } from '../load/web-vitals.ts';
import { launchChromium } from '../support/browser.ts';
import { GUEST_STEPS } from './support/guest-flow.ts';

/*
 * The bench's floor for the time to a booking (test/load/booking-floor.ts) is only a floor while
 * the scripted guest can book on it: this runs the bench's own guest, on the throttled phone,
 * against the stand-in, so a change to the script that the stand-in does not follow fails here and
 * not in the middle of a bench.
 */
let browser: Browser;
let floor: Awaited<ReturnType<typeof startBookingFloor>>;

beforeAll(async () => {
  [browser, floor] = await Promise.all([launchChromium(), startBookingFloor()]);
});

afterAll(async () => {
  await browser?.close();
  await floor?.stop();
});

describe("the booking bench's floor", () => {
  it('takes the scripted guest through every step of the booking, each timed', async () => {
    const booked = await bookOnce(browser, floor.url, 0, 45);
    expect(booked.steps.map((step) => step.name)).toEqual([
      GUEST_STEPS.open,
      GUEST_STEPS.dates,
      GUEST_STEPS.package,
      GUEST_STEPS.safaris,
      `${GUEST_STEPS.payment}: guest details`,
      `${GUEST_STEPS.payment}: Pay to the confirmation`,
    ]);
    for (const step of booked.steps) expect(step.ms, step.name).toBeGreaterThan(0);
    // No server behind it: nothing is asked of /api.
    expect(booked.api.requests).toBe(0);
  });
});
