/**
 * The guest site's lab metrics for `npm run bench` (issue 8's speed section, issues 18 and 19), on
 * the production build served by `npm start`: Chromium (playwright-core) as a phone (390x844,
 * touch, DPR 3) with the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), a fresh browser
 * context (empty cache) per load. The targets, verdicts and tables are in web-report.ts.
 *
 * - LCP, FCP and CLS of `/`, and its bytes on the wire, on two networks (NETWORK_PROFILES: none
 *   throttled, and slow 4G by CDP Network.emulateNetworkConditions): PerformanceObserver entries
 *   (`largest-contentful-paint`, `layout-shift` without recent input, CLS as the largest session
 *   window: gaps under 1 s, windows at most 5 s) and the sum of CDP Network.loadingFinished's
 *   encodedDataLength, read once the villas are on screen and the page has been still for a
 *   moment; medians of BENCH_WEB_RUNS loads (5) per network, the networks taking turns.
 * - The guest's initial JavaScript, gzip: the entry chunk and its static imports, transitively,
 *   from the build manifest (as test/web/bundle-split.test.ts counts it).
 * - Time to a booking: from opening `/` to the confirmation of a stay paid online in the test
 *   checkout, by the scripted guest of the browser tests (test/e2e/support/guest-flow.ts: villa,
 *   dates, party, package, one safari, details), unthrottled network, median of BENCH_BOOKING_RUNS
 *   guests (3), with the time per step of the wizard and the time an /api request was in flight.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { webRoot } from '../../infra/local/web-build.ts';
import { launchChromium } from '../support/browser.ts';
import { bookUpToPayment } from '../e2e/support/guest-flow.ts';
import { startBookingFloor } from './booking-floor.ts';
import {
  coveredMs,
  INITIAL_JS_TARGET_KB,
  median,
  medianSteps,
  NETWORK_PROFILES,
  round,
  stepTimes,
  summariseProfile,
  verdict,
  WEB_TARGETS,
  wireBytes,
  type Interval,
  type LoadSample,
  type NetworkProfile,
  type StepTime,
  type WebReport,
} from './web-report.ts';

export { printWeb, WEB_TARGETS, type LoadSample, type WebReport } from './web-report.ts';
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
export const CPU_SLOWDOWN = 4;
const LOAD_RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const BOOKING_RUNS = Number(process.env.BENCH_BOOKING_RUNS ?? 3);
/** How long the page must show no new layout shift or LCP candidate before a load's figures are read. */
const SETTLE_MS = 1500;

type Chunk = { file: string; isEntry?: boolean; imports?: string[] };

/** gzip bytes of the guest's first-load JavaScript: the entry chunk and everything it statically imports. */
export function guestInitialJs(root: string = webRoot): { gzipBytes: number; files: Array<{ file: string; gzipBytes: number }> } {
  const manifest = JSON.parse(readFileSync(join(root, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const entry = Object.entries(manifest).find(([, chunk]) => chunk.isEntry)?.[0];
  if (!entry) throw new Error('the build manifest has no entry chunk');
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    for (const child of manifest[key]?.imports ?? []) visit(child);
  };
  visit(entry);
  const files = [...seen].map((key) => {
    const file = manifest[key]?.file ?? '';
    return { file, gzipBytes: gzipSync(readFileSync(join(root, file))).length };
  });
  return { gzipBytes: files.reduce((sum, { gzipBytes }) => sum + gzipBytes, 0), files };
}

/** Collects LCP candidates and layout shifts from the first byte on (added before any page script). */
const OBSERVE_VITALS = `
(() => {
  const vitals = { lcp: 0, lcpElement: '', shifts: [], last: 0, cards: 0 };
  window.__benchVitals = vitals;
  // When React has put the first villa card in the page (the LCP can be the early photo, before it).
  const cards = new MutationObserver(() => {
    if (!document.querySelector('[data-testid="stay-kind-card"]')) return;
    vitals.cards = performance.now();
    cards.disconnect();
  });
  cards.observe(document, { childList: true, subtree: true });
  const describe = (node) => {
    if (!node) return '';
    const id = node.id ? '#' + node.id : '';
    const cls = typeof node.className === 'string' && node.className ? '.' + node.className.trim().split(/\\s+/).join('.') : '';
    return node.tagName.toLowerCase() + id + cls;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.startTime;
      vitals.lcpElement = describe(entry.element) + (entry.url ? ' ' + entry.url.replace(location.origin, '') : '');
      vitals.last = performance.now();
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      vitals.shifts.push({ time: entry.startTime, value: entry.value, sources: (entry.sources || []).map((s) => describe(s.node)).filter(Boolean) });
      vitals.last = performance.now();
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();
`;

type Shift = { time: number; value: number; sources: string[] };
type Collected = { lcp: number; lcpElement: string; shifts: Shift[]; last: number; cards: number };

/** CLS as Chromium defines it: the largest session window (shifts under 1 s apart, a window at most 5 s). */
export function cumulativeLayoutShift(shifts: Array<{ time: number; value: number }>): number {
  let worst = 0;
  let window = 0;
  let windowStart = -Infinity;
  let previous = -Infinity;
  for (const shift of [...shifts].sort((a, b) => a.time - b.time)) {
    if (shift.time - previous >= 1000 || shift.time - windowStart >= 5000) {
      window = 0;
      windowStart = shift.time;
    }
    window += shift.value;
    previous = shift.time;
    worst = Math.max(worst, window);
  }
  return worst;
}

async function phonePage(browser: Browser) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page, cdp };
}

async function loadOnce(browser: Browser, baseUrl: string, profile: NetworkProfile): Promise<LoadSample> {
  const { context, page, cdp } = await phonePage(browser);
  try {
    // Every response of the load, as the network delivered it (compressed, headers too).
    const finished: Array<{ requestId: string; encodedDataLength: number }> = [];
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => finished.push({ requestId, encodedDataLength }));
    await cdp.send('Network.enable');
    if (profile.conditions) await cdp.send('Network.emulateNetworkConditions', profile.conditions);
    await page.addInitScript({ content: OBSERVE_VITALS });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load', timeout: 60_000 });
    await page.getByTestId('stay-kind-card').first().waitFor({ timeout: 30_000 });
    // Still: no new LCP candidate or shift for SETTLE_MS (the catalogue's images, late fonts).
    await page.waitForFunction(
      (settle) => {
        const vitals = (window as unknown as { __benchVitals: Collected }).__benchVitals;
        return performance.now() - Math.max(vitals.last, 0) > settle;
      },
      SETTLE_MS,
      { polling: 200, timeout: 30_000 },
    );
    const { vitals, fcp, timeline } = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      const cottages = resources.find((entry) => new URL(entry.name).pathname === '/api/cottages');
      const vitalsNow = (window as unknown as { __benchVitals: Collected }).__benchVitals;
      const lcpImage = resources.find((entry) => vitalsNow.lcpElement.endsWith(` ${new URL(entry.name).pathname}`));
      const scripts = resources.filter((entry) => entry.initiatorType === 'script' || entry.name.endsWith('.js'));
      return {
        vitals: (window as unknown as { __benchVitals: Collected }).__benchVitals,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? 0,
        timeline: {
          scriptsLoadedMs: Math.max(0, ...scripts.map((entry) => entry.responseEnd)),
          villasRequestedMs: cottages?.startTime ?? 0,
          villasAnsweredMs: cottages?.responseEnd ?? 0,
          lcpImageRequestedMs: lcpImage?.startTime ?? 0,
          lcpImageLoadedMs: lcpImage?.responseEnd ?? 0,
          cardsShownMs: vitalsNow.cards,
        },
      };
    });
    return {
      lcpMs: vitals.lcp,
      cls: cumulativeLayoutShift(vitals.shifts),
      fcpMs: fcp,
      bytes: wireBytes(finished),
      timeline,
      lcpElement: vitals.lcpElement,
      shiftSources: [...new Set(vitals.shifts.flatMap((shift) => shift.sources))],
    };
  } finally {
    await context.close();
  }
}

/** Step 4's details, then the test checkout; `onPay` hears the tap on Pay. */
async function fillGuestAndConfirm(page: Page, run: number, onPay: () => void) {
  await page.getByLabel('First name').fill('Bench');
  await page.getByLabel('Last name').fill(`Guest ${run}`);
  await page.getByLabel('Email').fill(`bench-guest-${run}@example.in`);
  await page.getByLabel('Phone number').fill('98450 12345');
  await page.getByLabel(/I accept the terms/).check();
  // Paid online, the default (test mode: the checkout dialog's Pay stands in for Razorpay's window).
  onPay();
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Pay ₹.* \(test\)$/ })
    .click({ timeout: 60_000 });
  await page.getByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ }).waitFor({ timeout: 60_000 });
}

/** Step 4 in two: the guest's details, then from the tap on Pay to the confirmation. */
const DETAILS = ': guest details';
const PAYING = 'Step 4: Payment and Confirmation: Pay to the confirmation';

export type Booked = { ms: number; steps: StepTime[]; api: { ms: number; requests: number; sumMs: number } };

/** Opening `/` to the booking's confirmation, as one scripted guest on the throttled phone, timed per step. */
export async function bookOnce(browser: Browser, baseUrl: string, run: number, daysAhead: number): Promise<Booked> {
  const { context, page } = await phonePage(browser);
  // Wall-clock ms, as Playwright times requests (Request.timing's startTime).
  const marks: Array<{ name: string; at: number }> = [];
  const mark = (name: string) => marks.push({ name, at: Date.now() });
  const api: Interval[] = [];
  page.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    const timing = request.timing();
    if (timing.responseEnd >= 0) api.push({ start: timing.startTime, end: timing.startTime + timing.responseEnd });
  });
  try {
    page.setDefaultTimeout(60_000);
    const started = performance.now();
    const startedAt = Date.now();
    try {
      await bookUpToPayment(page, baseUrl, { axe: false, daysAhead, onStep: (name) => mark(name.startsWith('Step 4') ? `${name}${DETAILS}` : name) });
      await fillGuestAndConfirm(page, run, () => mark(PAYING));
    } catch (error) {
      // What the guest saw when it went wrong, for whoever reads the report.
      mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
      await page.screenshot({ path: join(process.cwd(), 'test-results', `bench-guest-${run + 1}-failed.png`), fullPage: true }).catch(() => undefined);
      throw error;
    }
    const ms = performance.now() - started;
    const endedAt = Date.now();
    // The last answer's requestfinished may trail the dialog it brought by a moment.
    await page.waitForTimeout(250);
    const whole = { start: startedAt, end: endedAt };
    const during = api.filter((request) => request.end > whole.start && request.start < whole.end);
    return {
      ms,
      steps: stepTimes(marks, endedAt, api),
      api: { ms: coveredMs(api, whole), requests: during.length, sumMs: during.reduce((sum, request) => sum + (request.end - request.start), 0) },
    };
  } finally {
    await context.close();
  }
}

/**
 * Measures the guest site of the stack at `baseUrl`. `firstDaysAhead` is where the scripted guests'
 * stays start (each guest three days after the previous one), clear of what else the bench books.
 */
export async function measureWeb(baseUrl: string, options: { firstDaysAhead?: number } = {}): Promise<WebReport> {
  const js = guestInitialJs();
  const browser = await launchChromium();
  try {
    const unthrottled = NETWORK_PROFILES.find((profile) => profile.id === 'unthrottled');
    if (!unthrottled) throw new Error('no unthrottled network profile');
    // One load first, not counted: the server's first requests (JIT, DynamoDB Local) are not the page's.
    await loadOnce(browser, baseUrl, unthrottled);
    // The networks take turns, so that drift (the machine, the server) spreads evenly over both.
    const samples = new Map<NetworkProfile['id'], LoadSample[]>(NETWORK_PROFILES.map((profile) => [profile.id, []]));
    for (let run = 0; run < LOAD_RUNS; run += 1) {
      process.stderr.write(` load ${run + 1}/${LOAD_RUNS}`);
      for (const profile of NETWORK_PROFILES) samples.get(profile.id)?.push(await loadOnce(browser, baseUrl, profile));
    }
    process.stderr.write('\n');
    const profiles = Object.fromEntries(
      NETWORK_PROFILES.map((profile) => [profile.id, summariseProfile(profile, samples.get(profile.id) ?? [])]),
    ) as WebReport['profiles'];
    const plain = profiles.unthrottled;
    const plainSamples = samples.get('unthrottled') ?? [];
    const lcpMs = median(plainSamples.map((sample) => sample.lcpMs));
    const cls = median(plainSamples.map((sample) => sample.cls));

    // Each guest on their own dates; one that fails is reported (with a screenshot) and not timed.
    // The same script against the stand-in (booking-floor.ts) takes turns with them: the floor.
    const booked: Booked[] = [];
    const floor: Booked[] = [];
    const failures: string[] = [];
    const standIn = await startBookingFloor();
    try {
      for (let run = 0; run < BOOKING_RUNS; run += 1) {
        process.stderr.write(` guest ${run + 1}/${BOOKING_RUNS}`);
        const daysAhead = (options.firstDaysAhead ?? 40) + 3 * run;
        try {
          booked.push(await bookOnce(browser, baseUrl, run, daysAhead));
        } catch (error) {
          failures.push(`guest ${run + 1}: ${error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error)}`);
        }
        floor.push(await bookOnce(browser, standIn.url, run, daysAhead));
      }
    } finally {
      await standIn.stop();
    }
    process.stderr.write('\n');
    const bookingMedianMs = median(booked.map((guest) => guest.ms));
    const timeToBooking: WebReport['timeToBooking'] = booked.length
      ? {
          runs: booked.length,
          medianMs: round(bookingMedianMs),
          verdict: verdict(bookingMedianMs, WEB_TARGETS.bookingMs),
          samplesMs: booked.map((guest) => round(guest.ms)),
          failures,
          steps: medianSteps(booked.map((guest) => guest.steps)),
          floor: { medianMs: round(median(floor.map((guest) => guest.ms))), steps: medianSteps(floor.map((guest) => guest.steps)) },
          apiWait: {
            medianMs: round(median(booked.map((guest) => guest.api.ms))),
            restMedianMs: round(median(booked.map((guest) => guest.ms - guest.api.ms))),
            medianRequests: median(booked.map((guest) => guest.api.requests)),
            medianSumMs: round(median(booked.map((guest) => guest.api.sumMs))),
          },
        }
      : { error: 'no scripted guest completed a booking', failures };

    const gzipKb = round(js.gzipBytes / 1024, 1);
    return {
      profile: `Chromium ${browser.version()}, ${PHONE.viewport.width}x${PHONE.viewport.height} phone (DPR ${PHONE.deviceScaleFactor}, touch), CPU ${CPU_SLOWDOWN}x slower, cold cache`,
      targets: WEB_TARGETS,
      loads: plain.loads,
      lcpMs: plain.lcpMs,
      cls: plain.cls,
      fcpMs: plain.fcpMs,
      lcpVerdict: verdict(lcpMs, WEB_TARGETS.lcpMs),
      clsVerdict: verdict(cls, WEB_TARGETS.cls),
      lcpElement: plain.lcpElement,
      shiftSources: plain.shiftSources,
      samples: plain.samples,
      timeline: plain.timeline,
      profiles,
      initialJs: {
        gzipKb,
        targetKb: INITIAL_JS_TARGET_KB,
        verdict: verdict(js.gzipBytes / 1024, INITIAL_JS_TARGET_KB),
        files: js.files.map(({ file, gzipBytes }) => ({ file, gzipKb: round(gzipBytes / 1024, 1) })),
      },
      timeToBooking,
    };
  } finally {
    await browser.close();
  }
}
