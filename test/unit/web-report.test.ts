import { describe, expect, it } from 'vitest';
import {
  coveredMs,
  medianSteps,
  NETWORK_PROFILES,
  profileVerdicts,
  stepTimes,
  summariseProfile,
  verdict,
  WEB_TARGETS,
  wireBytes,
  type LoadSample,
} from '../../test/load/web-report.ts';

const profile = (id: string) => {
  const found = NETWORK_PROFILES.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no profile ${id}`);
  return found;
};

const sample = (lcpMs: number, fcpMs: number, bytes: number, cls = 0): LoadSample => ({
  lcpMs,
  fcpMs,
  bytes,
  cls,
  timeline: { scriptsLoadedMs: lcpMs, villasRequestedMs: 1, villasAnsweredMs: 2, lcpImageRequestedMs: 3, lcpImageLoadedMs: 4, cardsShownMs: 5 },
  lcpElement: `img ${lcpMs}`,
  shiftSources: cls ? ['div.card'] : [],
});

describe('the guest site bench report (test/load/web-report.ts)', () => {
  it("has issue 19's networks and targets: slow 4G as DevTools throttles it, bytes capped there only", () => {
    expect(profile('unthrottled')).toMatchObject({ targets: { lcpMs: 1000, fcpMs: 600, cls: 0.05 } });
    expect(profile('unthrottled').conditions).toBeUndefined();
    expect(profile('unthrottled').targets.bytes).toBeUndefined();
    expect(profile('slow4G')).toMatchObject({
      conditions: { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 93_750 },
      targets: { lcpMs: 2000, fcpMs: 1200, cls: 0.05, bytes: 204_800 },
    });
  });

  it("judges the page and the scripted booking against issue 18's targets on the throttled phone", () => {
    expect(WEB_TARGETS).toEqual({ lcpMs: 1500, cls: 0.05, bookingMs: 4000 });
    expect(verdict(4000, WEB_TARGETS.bookingMs)).toBe('PASS');
    expect(verdict(4001, WEB_TARGETS.bookingMs)).toBe('FAIL');
  });

  it('judges each metric against its target, inclusive, and bytes only where the profile caps them', () => {
    expect(verdict(1000, 1000)).toBe('PASS');
    expect(verdict(1000.5, 1000)).toBe('FAIL');
    expect(profileVerdicts({ lcpMs: 900, fcpMs: 700, cls: 0.05, bytes: 10e6 }, profile('unthrottled').targets)).toEqual({
      lcp: 'PASS',
      fcp: 'FAIL',
      cls: 'PASS',
    });
    expect(profileVerdicts({ lcpMs: 2100, fcpMs: 1200, cls: 0.06, bytes: 204_800 }, profile('slow4G').targets)).toEqual({
      lcp: 'FAIL',
      fcp: 'PASS',
      cls: 'FAIL',
      bytes: 'PASS',
    });
    expect(profileVerdicts({ lcpMs: 0, fcpMs: 0, cls: 0, bytes: 204_801 }, profile('slow4G').targets).bytes).toBe('FAIL');
  });

  it("adds up a load's encoded bytes, a request reported twice once", () => {
    expect(wireBytes([])).toBe(0);
    expect(
      wireBytes([
        { requestId: 'a', encodedDataLength: 1000 },
        { requestId: 'b', encodedDataLength: 250 },
        { requestId: 'a', encodedDataLength: 1200 },
      ]),
    ).toBe(1450);
  });

  it('counts time with a request in flight once however many overlap, within a window if given', () => {
    const requests = [
      { start: 0, end: 100 },
      { start: 50, end: 150 },
      { start: 120, end: 130 },
      { start: 300, end: 400 },
    ];
    expect(coveredMs(requests)).toBe(250);
    expect(coveredMs(requests, { start: 100, end: 350 })).toBe(100);
    expect(coveredMs([], { start: 0, end: 10 })).toBe(0);
  });

  it('times each step from its mark to the next (the last to the end), with the /api time inside it', () => {
    const marks = [
      { name: 'open', at: 1000 },
      { name: 'step 1', at: 1500 },
      { name: 'step 2', at: 2500 },
    ];
    expect(stepTimes(marks, 3000, [{ start: 1400, end: 1600 }])).toEqual([
      { name: 'open', ms: 500, apiMs: 100 },
      { name: 'step 1', ms: 1000, apiMs: 100 },
      { name: 'step 2', ms: 500, apiMs: 0 },
    ]);
  });

  it('takes medians per step in the order the steps came, a missing step as 0', () => {
    const guest = (open: number, step1: number) => [
      { name: 'open', ms: open, apiMs: open / 10 },
      { name: 'step 1', ms: step1, apiMs: 0 },
    ];
    expect(medianSteps([guest(100, 1000), guest(300, 3000), guest(200, 2000)])).toEqual([
      { name: 'open', ms: 200, apiMs: 20 },
      { name: 'step 1', ms: 2000, apiMs: 0 },
    ]);
    expect(medianSteps([[{ name: 'open', ms: 100, apiMs: 0 }], guest(300, 3000)])).toEqual([
      { name: 'open', ms: 200, apiMs: 15 },
      { name: 'step 1', ms: 1500, apiMs: 0 },
    ]);
  });

  it("sums up a profile's loads as medians, judged, with rounded samples", () => {
    const report = summariseProfile(profile('slow4G'), [sample(1900.4, 1100, 150_000), sample(2500, 1300, 150_000, 0.01234), sample(2100, 900, 250_000)]);
    expect(report).toMatchObject({
      id: 'slow4G',
      loads: 3,
      lcpMs: 2100,
      fcpMs: 1100,
      cls: 0,
      bytes: 150_000,
      kb: 146.5,
      verdicts: { lcp: 'FAIL', fcp: 'PASS', cls: 'PASS', bytes: 'PASS' },
      lcpElement: 'img 2100',
      shiftSources: ['div.card'],
      timeline: { scriptsLoadedMs: 2100 },
    });
    expect(report.samples.map((load) => [load.lcpMs, load.cls])).toEqual([
      [1900, 0],
      [2500, 0.0123],
      [2100, 0],
    ]);
  });
});
