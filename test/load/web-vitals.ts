/**
 * The guest site's lab metrics for `npm run bench` (issue 8's speed section), on the production
 * build served by `npm start`: Chromium (playwright-core) as a phone (390x844, touch, DPR 3) with
 * the CPU slowed 4x (CDP Emulation.setCPUThrottlingRate), a fresh browser context (empty cache)
 * per load.
 *
 * - LCP and CLS of `/`: PerformanceObserver entries (`largest-contentful-paint`, `layout-shift`
 *   without recent input, CLS as the largest session window: gaps under 1 s, windows at most 5 s),
 *   read once the villas are on screen and the page has been still for a moment; medians of
 *   BENCH_WEB_RUNS loads (5).
 * - The guest's initial JavaScript, gzip: the entry chunk and its static imports, transitively,
 *   from the build manifest (as test/web/bundle-split.test.ts counts it).
 * - Time to a booking: from opening `/` to the confirmation of a stay paid at the property, by the
 *   scripted guest of the browser tests (test/e2e/support/guest-flow.ts: villa, dates, party,
 *   package, one safari, details), median of BENCH_BOOKING_RUNS guests (3).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { webRoot } from '../../infra/local/web-build.ts';
import { launchChromium } from '../support/browser.ts';
import { bookUpToPayment } from '../e2e/support/guest-flow.ts';

export const WEB_TARGETS = { lcpMs: 1500, cls: 0.05 };
export const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } as const;
export const CPU_SLOWDOWN = 4;
const LOAD_RUNS = Number(process.env.BENCH_WEB_RUNS ?? 5);
const BOOKING_RUNS = Number(process.env.BENCH_BOOKING_RUNS ?? 3);
/** How long the page must show no new layout shift or LCP candidate before a load's figures are read. */
const SETTLE_MS = 1500;

const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

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
  const vitals = { lcp: 0, lcpElement: '', shifts: [], last: 0 };
  window.__benchVitals = vitals;
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
type Collected = { lcp: number; lcpElement: string; shifts: Shift[]; last: number };

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
  return { context, page };
}

/** `timeline`: when the page's scripts had arrived, and when the villas (the LCP's data) were asked for and answered. */
export type LoadSample = {
  lcpMs: number;
  cls: number;
  fcpMs: number;
  timeline: { scriptsLoadedMs: number; villasRequestedMs: number; villasAnsweredMs: number; lcpImageRequestedMs: number; lcpImageLoadedMs: number };
  lcpElement: string;
  shiftSources: string[];
};

async function loadOnce(browser: Browser, baseUrl: string): Promise<LoadSample> {
  const { context, page } = await phonePage(browser);
  try {
    await page.addInitScript({ content: OBSERVE_VITALS });
    await page.goto(`${baseUrl}/`, { waitUntil: 'load' });
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
        },
      };
    });
    return {
      lcpMs: vitals.lcp,
      cls: cumulativeLayoutShift(vitals.shifts),
      fcpMs: fcp,
      timeline,
      lcpElement: vitals.lcpElement,
      shiftSources: [...new Set(vitals.shifts.flatMap((shift) => shift.sources))],
    };
  } finally {
    await context.close();
  }
}

async function fillGuestAndConfirm(page: Page, run: number) {
  await page.getByLabel('First name').fill('Bench');
  await page.getByLabel('Last name').fill(`Guest ${run}`);
  await page.getByLabel('Email').fill(`bench-guest-${run}@example.in`);
  await page.getByLabel('Phone number').fill('98450 12345');
  await page.getByLabel(/I accept the terms/).check();
  // Paid online, the default (test mode: the checkout dialog's Pay stands in for Razorpay's window).
  await page.getByRole('button', { name: /^Pay ₹/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /^Pay ₹.* \(test\)$/ })
    .click({ timeout: 60_000 });
  await page.getByRole('dialog', { name: /^Booking (paid and confirmed|held: pay at the property)$/ }).waitFor({ timeout: 60_000 });
}

/** Opening `/` to the booking's confirmation, as one scripted guest on the throttled phone. */
async function bookOnce(browser: Browser, baseUrl: string, run: number, daysAhead: number): Promise<number> {
  const { context, page } = await phonePage(browser);
  try {
    page.setDefaultTimeout(60_000);
    const started = performance.now();
    try {
      await bookUpToPayment(page, baseUrl, { axe: false, daysAhead });
      await fillGuestAndConfirm(page, run);
    } catch (error) {
      // What the guest saw when it went wrong, for whoever reads the report.
      mkdirSync(join(process.cwd(), 'test-results'), { recursive: true });
      await page.screenshot({ path: join(process.cwd(), 'test-results', `bench-guest-${run + 1}-failed.png`), fullPage: true }).catch(() => undefined);
      throw error;
    }
    return performance.now() - started;
  } finally {
    await context.close();
  }
}

export type WebReport = {
  profile: string;
  targets: typeof WEB_TARGETS;
  loads: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  /** Medians: the scripts' arrival and the villas' request and answer, ms from navigation. */
  timeline: LoadSample['timeline'];
  lcpVerdict: 'PASS' | 'FAIL';
  clsVerdict: 'PASS' | 'FAIL';
  lcpElement: string;
  shiftSources: string[];
  samples: LoadSample[];
  initialJs: { gzipKb: number; files: Array<{ file: string; gzipKb: number }> };
  timeToBooking: { runs: number; medianMs: number; samplesMs: number[]; failures: string[] } | { error: string; failures: string[] };
};

/**
 * Measures the guest site of the stack at `baseUrl`. `firstDaysAhead` is where the scripted guests'
 * stays start (each guest three days after the previous one), clear of what else the bench books.
 */
export async function measureWeb(baseUrl: string, options: { firstDaysAhead?: number } = {}): Promise<WebReport> {
  const js = guestInitialJs();
  const browser = await launchChromium();
  try {
    // One load first, not counted: the server's first requests (JIT, DynamoDB Local) are not the page's.
    await loadOnce(browser, baseUrl);
    const samples: LoadSample[] = [];
    for (let run = 0; run < LOAD_RUNS; run += 1) {
      process.stderr.write(` load ${run + 1}/${LOAD_RUNS}`);
      samples.push(await loadOnce(browser, baseUrl));
    }
    process.stderr.write('\n');
    const lcpMs = median(samples.map((sample) => sample.lcpMs));
    const cls = median(samples.map((sample) => sample.cls));
    const byLcp = [...samples].sort((a, b) => a.lcpMs - b.lcpMs);

    // Each guest on their own dates; one that fails is reported (with a screenshot) and not timed.
    const samplesMs: number[] = [];
    const failures: string[] = [];
    for (let run = 0; run < BOOKING_RUNS; run += 1) {
      process.stderr.write(` guest ${run + 1}/${BOOKING_RUNS}`);
      try {
        samplesMs.push(await bookOnce(browser, baseUrl, run, (options.firstDaysAhead ?? 40) + 3 * run));
      } catch (error) {
        failures.push(`guest ${run + 1}: ${error instanceof Error ? error.message.split('\n').slice(0, 3).join(' ') : String(error)}`);
      }
    }
    process.stderr.write('\n');
    const timeToBooking: WebReport['timeToBooking'] = samplesMs.length
      ? { runs: samplesMs.length, medianMs: round(median(samplesMs)), samplesMs: samplesMs.map((ms) => round(ms)), failures }
      : { error: 'no scripted guest completed a booking', failures };

    return {
      profile: `Chromium ${browser.version()}, ${PHONE.viewport.width}x${PHONE.viewport.height} phone (DPR ${PHONE.deviceScaleFactor}, touch), CPU ${CPU_SLOWDOWN}x slower, no network throttling, cold cache`,
      targets: WEB_TARGETS,
      loads: samples.length,
      lcpMs: round(lcpMs),
      cls: round(cls, 3),
      fcpMs: round(median(samples.map((sample) => sample.fcpMs))),
      lcpVerdict: lcpMs <= WEB_TARGETS.lcpMs ? 'PASS' : 'FAIL',
      clsVerdict: cls <= WEB_TARGETS.cls ? 'PASS' : 'FAIL',
      lcpElement: byLcp[Math.floor(byLcp.length / 2)]?.lcpElement ?? '',
      shiftSources: [...new Set(samples.flatMap((sample) => sample.shiftSources))],
      samples: samples.map((sample) => ({
        ...sample,
        lcpMs: round(sample.lcpMs),
        fcpMs: round(sample.fcpMs),
        cls: round(sample.cls, 4),
        timeline: {
          scriptsLoadedMs: round(sample.timeline.scriptsLoadedMs),
          villasRequestedMs: round(sample.timeline.villasRequestedMs),
          villasAnsweredMs: round(sample.timeline.villasAnsweredMs),
          lcpImageRequestedMs: round(sample.timeline.lcpImageRequestedMs),
          lcpImageLoadedMs: round(sample.timeline.lcpImageLoadedMs),
        },
      })),
      timeline: {
        scriptsLoadedMs: round(median(samples.map((sample) => sample.timeline.scriptsLoadedMs))),
        villasRequestedMs: round(median(samples.map((sample) => sample.timeline.villasRequestedMs))),
        villasAnsweredMs: round(median(samples.map((sample) => sample.timeline.villasAnsweredMs))),
        lcpImageRequestedMs: round(median(samples.map((sample) => sample.timeline.lcpImageRequestedMs))),
        lcpImageLoadedMs: round(median(samples.map((sample) => sample.timeline.lcpImageLoadedMs))),
      },
      initialJs: { gzipKb: round(js.gzipBytes / 1024, 1), files: js.files.map(({ file, gzipBytes }) => ({ file, gzipKb: round(gzipBytes / 1024, 1) })) },
      timeToBooking,
    };
  } finally {
    await browser.close();
  }
}

export function printWeb(report: WebReport): void {
  console.log(`\nGuest site on a phone (${report.profile}); medians of ${report.loads} loads of /:`);
  console.log('| metric | value | target | verdict |');
  console.log('|---|---|---|---|');
  console.log(`| LCP | ${report.lcpMs} ms | <= ${report.targets.lcpMs} ms | ${report.lcpVerdict} |`);
  console.log(`| CLS | ${report.cls} | <= ${report.targets.cls} | ${report.clsVerdict} |`);
  console.log(`| FCP | ${report.fcpMs} ms | | |`);
  console.log(
    `| (last script in, lazy chunks too; villas asked; answered; LCP image asked; loaded) | ${report.timeline.scriptsLoadedMs}; ${report.timeline.villasRequestedMs}; ${report.timeline.villasAnsweredMs}; ${report.timeline.lcpImageRequestedMs}; ${report.timeline.lcpImageLoadedMs} ms | | |`,
  );
  console.log(`| guest initial JS (gzip) | ${report.initialJs.gzipKb} KB in ${report.initialJs.files.length} files | | |`);
  if ('error' in report.timeToBooking) console.log(`| time to a booking | not measured: ${report.timeToBooking.error} | | |`);
  else
    console.log(
      `| time to a booking (open / to confirmed, paid online in the test checkout) | ${report.timeToBooking.medianMs} ms (${report.timeToBooking.samplesMs.join(', ')}) | | |`,
    );
  for (const failure of report.timeToBooking.failures) console.log(`Scripted guest failed: ${failure}`);
  console.log(`LCP element: ${report.lcpElement || '(none reported)'}${report.shiftSources.length ? `; shifted: ${report.shiftSources.join(', ')}` : ''}`);
}
