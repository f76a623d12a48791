/**
 * The pure half of the guest site's bench (test/load/web-vitals.ts measures, this judges and
 * prints): the network profiles and their targets, the verdicts, bytes on the wire, the scripted
 * guest's time per step and the share of it spent waiting on /api, and the tables.
 */

export type Verdict = 'PASS' | 'FAIL';

/**
 * Issue 18's targets on the bench's throttled phone, judged on the unthrottled profile: LCP and CLS of `/`
 * (LCP kept as the issue reported it, 1.5 s), and the scripted booking's median time (open `/` to a paid confirmation).
 */
export const WEB_TARGETS = { lcpMs: 1500, cls: 0.05, bookingMs: 4000 };
/** Issue 19: the guest's first-load JavaScript, gzip. */
export const INITIAL_JS_TARGET_KB = 120;

/** What a profile is judged against (issue 19); a metric without a target is reported, not judged. */
export type ProfileTargets = { lcpMs: number; fcpMs: number; cls: number; bytes?: number };

/** CDP Network.emulateNetworkConditions' parameters (latency in ms, throughputs in bytes per second). */
export type NetworkConditions = { offline: false; latency: number; downloadThroughput: number; uploadThroughput: number };

export type NetworkProfile = { id: 'unthrottled' | 'slow4G'; name: string; conditions?: NetworkConditions; targets: ProfileTargets };

/**
 * The two networks `/` is loaded on, both with the CPU slowed 4x on the phone. Slow 4G is DevTools'
 * and Lighthouse's: Chromium adds the latency to each request, and caps the throughput.
 */
export const NETWORK_PROFILES: readonly NetworkProfile[] = [
  { id: 'unthrottled', name: 'no network throttling', targets: { lcpMs: 1000, fcpMs: 600, cls: 0.05 } },
  {
    id: 'slow4G',
    name: 'slow 4G (1.6 Mbps down, 750 kbps up, 150 ms RTT)',
    conditions: { offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8 },
    targets: { lcpMs: 2000, fcpMs: 1200, cls: 0.05, bytes: 200 * 1024 },
  },
];

export const round = (value: number, digits = 0) => Math.round(value * 10 ** digits) / 10 ** digits;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

export const verdict = (value: number, max: number): Verdict => (value <= max ? 'PASS' : 'FAIL');

/** A verdict per metric that has a target: `bytes` only where the profile caps it. */
export function profileVerdicts(figures: { lcpMs: number; fcpMs: number; cls: number; bytes: number }, targets: ProfileTargets) {
  return {
    lcp: verdict(figures.lcpMs, targets.lcpMs),
    fcp: verdict(figures.fcpMs, targets.fcpMs),
    cls: verdict(figures.cls, targets.cls),
    ...(targets.bytes === undefined ? {} : { bytes: verdict(figures.bytes, targets.bytes) }),
  };
}

/**
 * Bytes on the wire of a load: the sum of CDP Network.loadingFinished's encodedDataLength (compressed
 * bodies and headers) over its responses; a request reported twice is counted once, at its last figure.
 */
export function wireBytes(finished: Array<{ requestId: string; encodedDataLength: number }>): number {
  const byRequest = new Map<string, number>();
  for (const { requestId, encodedDataLength } of finished) byRequest.set(requestId, encodedDataLength);
  return [...byRequest.values()].reduce((sum, bytes) => sum + bytes, 0);
}

export type Interval = { start: number; end: number };

/** Time covered by at least one of the intervals (overlapping requests count once), within `window` if given. */
export function coveredMs(intervals: Interval[], window?: Interval): number {
  const clipped = intervals
    .map(({ start, end }) => (window ? { start: Math.max(start, window.start), end: Math.min(end, window.end) } : { start, end }))
    .filter(({ start, end }) => end > start)
    .sort((a, b) => a.start - b.start);
  let covered = 0;
  let reached = -Infinity;
  for (const { start, end } of clipped) {
    if (end <= reached) continue;
    covered += end - Math.max(start, reached);
    reached = end;
  }
  return covered;
}

/** One step of the scripted guest: how long it took, and how much of that an /api request was in flight. */
export type StepTime = { name: string; ms: number; apiMs: number };

/**
 * The steps of one booking from the marks taken as each began (`at`, ms) to `end`, with the time
 * each spent waiting on the /api requests (`api`, on the same clock) as intervals.
 */
export function stepTimes(marks: Array<{ name: string; at: number }>, end: number, api: Interval[] = []): StepTime[] {
  return marks.map((mark, index) => {
    const window = { start: mark.at, end: marks[index + 1]?.at ?? end };
    return { name: mark.name, ms: window.end - window.start, apiMs: coveredMs(api, window) };
  });
}

/** Per step (in the order the steps came), the medians over the guests that booked; a step a guest skipped counts as 0 for them. */
export function medianSteps(runs: StepTime[][]): StepTime[] {
  const names = [...new Set(runs.flatMap((steps) => steps.map((step) => step.name)))];
  const of = (steps: StepTime[], name: string) => steps.find((step) => step.name === name) ?? { name, ms: 0, apiMs: 0 };
  return names.map((name) => ({
    name,
    ms: round(median(runs.map((steps) => of(steps, name).ms))),
    apiMs: round(median(runs.map((steps) => of(steps, name).apiMs))),
  }));
}

/** `timeline`: when the page's scripts had arrived, when the villas (the LCP's data) were asked for and answered, when the LCP's image was asked for and in, and when the first villa card was in the page. */
export type LoadSample = {
  lcpMs: number;
  cls: number;
  fcpMs: number;
  /** Bytes on the wire of the load, until the page had settled. */
  bytes: number;
  timeline: {
    scriptsLoadedMs: number;
    villasRequestedMs: number;
    villasAnsweredMs: number;
    lcpImageRequestedMs: number;
    lcpImageLoadedMs: number;
    cardsShownMs: number;
  };
  lcpElement: string;
  shiftSources: string[];
};

export type ProfileReport = {
  id: NetworkProfile['id'];
  name: string;
  conditions: NetworkConditions | null;
  targets: ProfileTargets;
  loads: number;
  lcpMs: number;
  fcpMs: number;
  cls: number;
  bytes: number;
  kb: number;
  verdicts: ReturnType<typeof profileVerdicts>;
  /** Medians of each moment of the timeline (LoadSample), ms from navigation. */
  timeline: LoadSample['timeline'];
  lcpElement: string;
  shiftSources: string[];
  samples: LoadSample[];
};

const timelineKeys = ['scriptsLoadedMs', 'villasRequestedMs', 'villasAnsweredMs', 'lcpImageRequestedMs', 'lcpImageLoadedMs', 'cardsShownMs'] as const;
const roundTimeline = (pick: (key: (typeof timelineKeys)[number]) => number) =>
  Object.fromEntries(timelineKeys.map((key) => [key, round(pick(key))])) as LoadSample['timeline'];

/** A profile's loads as medians, judged against its targets. */
export function summariseProfile(profile: NetworkProfile, samples: LoadSample[]): ProfileReport {
  const figures = {
    lcpMs: median(samples.map((sample) => sample.lcpMs)),
    fcpMs: median(samples.map((sample) => sample.fcpMs)),
    cls: median(samples.map((sample) => sample.cls)),
    bytes: median(samples.map((sample) => sample.bytes)),
  };
  const byLcp = [...samples].sort((a, b) => a.lcpMs - b.lcpMs);
  return {
    id: profile.id,
    name: profile.name,
    conditions: profile.conditions ?? null,
    targets: profile.targets,
    loads: samples.length,
    lcpMs: round(figures.lcpMs),
    fcpMs: round(figures.fcpMs),
    cls: round(figures.cls, 3),
    bytes: round(figures.bytes),
    kb: round(figures.bytes / 1024, 1),
    verdicts: profileVerdicts(figures, profile.targets),
    timeline: roundTimeline((key) => median(samples.map((sample) => sample.timeline[key]))),
    lcpElement: byLcp[Math.floor(byLcp.length / 2)]?.lcpElement ?? '',
    shiftSources: [...new Set(samples.flatMap((sample) => sample.shiftSources))],
    samples: samples.map((sample) => ({
      ...sample,
      lcpMs: round(sample.lcpMs),
      fcpMs: round(sample.fcpMs),
      cls: round(sample.cls, 4),
      timeline: roundTimeline((key) => sample.timeline[key]),
    })),
  };
}

export type TimeToBooking =
  | {
      runs: number;
      medianMs: number;
      /** The median against WEB_TARGETS.bookingMs. */
      verdict: Verdict;
      samplesMs: number[];
      failures: string[];
      /** Medians per step (they need not add up to the median total). */
      steps: StepTime[];
      /** Median time with at least one /api request in flight, and the rest (the page's own work, static files, the script's actions). */
      apiWait: { medianMs: number; restMedianMs: number; medianRequests: number; medianSumMs: number };
      /** The same script against a stand-in page that answers every tap at once (booking-floor.ts): what the script's own actions cost. */
      floor: { medianMs: number; steps: StepTime[] };
    }
  | { error: string; failures: string[] };

/**
 * The bench's report. The top-level figures (`lcpMs` to `samples`) are the unthrottled profile's, as
 * before profiles existed, with `lcpVerdict` against issue 18's WEB_TARGETS; `profiles` has both networks.
 */
export type WebReport = {
  profile: string;
  targets: typeof WEB_TARGETS;
  loads: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  /** Medians of each moment of the timeline (LoadSample), ms from navigation. */
  timeline: LoadSample['timeline'];
  lcpVerdict: Verdict;
  clsVerdict: Verdict;
  lcpElement: string;
  shiftSources: string[];
  samples: LoadSample[];
  profiles: Record<NetworkProfile['id'], ProfileReport>;
  initialJs: { gzipKb: number; targetKb: number; verdict: Verdict; files: Array<{ file: string; gzipKb: number }> };
  timeToBooking: TimeToBooking;
};

const cell = (target: number | undefined, value: string, unit: string, verdictOf?: Verdict) =>
  target === undefined ? `${value} | | ` : `${value} | <= ${target}${unit} | ${verdictOf ?? ''}`;

export function printWeb(report: WebReport): void {
  const [plain, slow] = [report.profiles.unthrottled, report.profiles.slow4G];
  console.log(`\nGuest site on a phone (${report.profile}); medians of ${report.loads} loads of / per network:`);
  console.log(`| metric | ${plain.name} | target | verdict | ${slow.name} | target | verdict |`);
  console.log('|---|---|---|---|---|---|---|');
  const row = (metric: string, of: (profile: ProfileReport) => string) => console.log(`| ${metric} | ${of(plain)} | ${of(slow)} |`);
  row('LCP', (p) => cell(p.targets.lcpMs, `${p.lcpMs} ms`, ' ms', p.verdicts.lcp));
  row('FCP', (p) => cell(p.targets.fcpMs, `${p.fcpMs} ms`, ' ms', p.verdicts.fcp));
  row('CLS', (p) => cell(p.targets.cls, `${p.cls}`, '', p.verdicts.cls));
  row('bytes on the wire (first load, compressed, headers too)', (p) =>
    cell(p.targets.bytes === undefined ? undefined : p.targets.bytes / 1024, `${p.kb} KB`, ' KB', p.verdicts.bytes),
  );
  console.log(`| LCP, issue 18's target (the throttled phone) | ${report.lcpMs} ms | <= ${report.targets.lcpMs} ms | ${report.lcpVerdict} | | | |`);
  row('(last script in, lazy chunks too; villas asked; answered; LCP image asked; loaded; first card in the page)', (p) => {
    const t = p.timeline;
    return `${t.scriptsLoadedMs}; ${t.villasRequestedMs}; ${t.villasAnsweredMs}; ${t.lcpImageRequestedMs}; ${t.lcpImageLoadedMs}; ${t.cardsShownMs} ms | |`;
  });
  const js = report.initialJs;
  console.log(`| guest initial JS (gzip) | ${js.gzipKb} KB in ${js.files.length} files | <= ${js.targetKb} KB | ${js.verdict} | | | |`);
  for (const p of [plain, slow])
    console.log(`LCP element (${p.name}): ${p.lcpElement || '(none reported)'}${p.shiftSources.length ? `; shifted: ${p.shiftSources.join(', ')}` : ''}`);

  const booking = report.timeToBooking;
  if ('error' in booking) console.log(`\nTime to a booking: not measured: ${booking.error}`);
  else {
    console.log(
      `\nTime to a booking (open / to confirmed, paid online in the test checkout; ${plain.name}), median of ${booking.runs}: ${booking.medianMs} ms (${booking.samplesMs.join(', ')}); issue 18's target <= ${report.targets.bookingMs} ms: ${booking.verdict}`,
    );
    const floorOf = (name: string) => booking.floor.steps.find((step) => step.name === name)?.ms ?? 0;
    const ratio = (ms: number, floorMs: number) => (floorMs > 0 ? `${round(ms / floorMs, 2)}` : '');
    console.log("| step | median ms | of which an /api request in flight, ms | floor ms (the script alone) | x floor | the site's own ms |");
    console.log('|---|---|---|---|---|---|');
    for (const step of booking.steps)
      console.log(
        `| ${step.name} | ${step.ms} | ${step.apiMs} | ${floorOf(step.name)} | ${ratio(step.ms, floorOf(step.name))} | ${round(step.ms - floorOf(step.name))} |`,
      );
    console.log(
      `| whole booking | ${booking.medianMs} | ${booking.apiWait.medianMs} | ${booking.floor.medianMs} | ${ratio(booking.medianMs, booking.floor.medianMs)} | ${round(booking.medianMs - booking.floor.medianMs)} |`,
    );
    console.log(
      `Floor: the same script on the same phone against a stand-in page holding the same controls, each answering at once (test/load/booking-floor.ts), median of ${booking.runs}: ${booking.floor.medianMs} ms. No change to the site can go below it.`,
    );
    console.log(
      `Waiting on the server: ${booking.apiWait.medianMs} ms with an /api request in flight (${booking.apiWait.medianRequests} requests, their durations add up to ${booking.apiWait.medianSumMs} ms); the rest (page work, static files, the script's own actions): ${booking.apiWait.restMedianMs} ms. Medians per step need not add up to the total.`,
    );
  }
  for (const failure of booking.failures) console.log(`Scripted guest failed: ${failure}`);
}
