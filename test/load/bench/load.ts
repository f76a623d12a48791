import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { functionEnvironment, LOCAL_TABLE_NAME } from '../../../infra/local/environment.ts';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';
import { measureSignInBurst } from '../sign-in-burst.ts';
import { measureWeb, type WebReport } from '../web-vitals.ts';
import { commitToFrame } from './admin-frames.ts';
import type { BundleReport } from './bundles.ts';
import { root } from './common.ts';
import { floorOperations } from './floor.ts';
import { printLoad } from './load-print.ts';
import { cannon, floor, SECONDS, type Figures } from './runners.ts';
import { ensureWebBuild, LIFTED_LIMITS, startStack } from './stack.ts';

/*
 * The local stack under load: availability checks and booking creation at 1 and 32 clients against
 * the floor, the admin socket's frames, the last-unit contention, a sign-in burst and the guest site.
 */

const FRAME_BOOKINGS = Number(process.env.BENCH_FRAME_BOOKINGS ?? 50);
const UNITS = 100;

/** `bundleReport`: the bundles' figures, to write beside the load's (none with --load, which also skips the guest site). */
export async function loadRun(bundleReport: BundleReport | undefined, loadOnly: boolean): Promise<void> {
  await ensureWebBuild();
  console.error(`Starting the local stack and measuring for ${SECONDS} s per run...`);
  const stack = await startStack();
  try {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
    Object.assign(
      process.env,
      functionEnvironment({
        tableName: LOCAL_TABLE_NAME,
        dynamodbEndpoint: stack.dynamodb,
        port: stack.port,
        jwtSecret: stack.jwtSecret,
        outboxDir: join(tmpdir(), 'resort-bench-outbox'),
      }),
      LIFTED_LIMITS,
    );
    const [{ cottages }, { cottageWrites }] = await Promise.all([
      import('../../../functions/lib/db/catalogue.ts'),
      import('../../../functions/lib/db/cottage-writes.ts'),
    ]);
    const [template] = (await cottages.list()).filter((cottage) => cottage.type === 'kingfisher-villa');
    if (!template) throw new Error('no kingfisher villa seeded');
    const unitIds = Array.from({ length: UNITS }, (_, index) => `bench-${String(index).padStart(3, '0')}`);
    await Promise.all(unitIds.map((id) => cottageWrites.put({ ...template, id, name: `Bench ${id}` })));

    const today = resortToday();
    const availabilityBody = JSON.stringify({ checkIn: addDaysIso(today, 30), checkOut: addDaysIso(today, 32), guests: 2, rooms: 1 });
    const availability = () => ({ path: '/api/cottages/bench-000/availability', body: availabilityBody, headers: { 'content-type': 'application/json' } });
    let bookingCounter = 0;
    const nextStay = (i: number) => ({ unit: unitIds[i % UNITS] ?? 'bench-000', checkIn: addDaysIso(today, 1 + Math.floor(i / UNITS)) });
    const booking = () => {
      const { unit, checkIn } = nextStay(bookingCounter++);
      const body = {
        cottageType: unit,
        checkIn,
        checkOut: addDaysIso(checkIn, 1),
        adults: 2,
        children: 0,
        packageId: 'forest-retreat',
        // A guest each, as real traffic is: their e-mail and phone are owners of their own; the address (127.0.0.1) is shared.
        guestDetails: {
          firstName: 'Bench',
          lastName: 'Guest',
          email: `bench-${bookingCounter}@example.in`,
          phone: `9${String(bookingCounter).padStart(9, '0')}`,
        },
        paymentMethod: 'razorpay',
        acceptTerms: true,
      };
      return { path: '/api/bookings', body: JSON.stringify(body), headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() } };
    };

    const { availabilityFloor, bookingFloor } = await floorOperations(stack.base, booking, nextStay);

    // Warm both paths (JIT in Node and in DynamoDB Local's JVM) before anything is measured.
    await cannon(stack.base, 8, availability);
    await floor(8, availabilityFloor);

    const runs: Record<string, { api: Figures; floor: Figures; ratioP50: number; ratioThroughput: number }> = {};
    for (const connections of [1, 32]) {
      for (const [name, request, floorOperation] of [
        ['availability', availability, availabilityFloor],
        ['create-booking', booking, bookingFloor],
      ] as const) {
        console.error(`  ${name} at ${connections} client(s)...`);
        const api = await cannon(stack.base, connections, request);
        const raw = await floor(connections, floorOperation);
        runs[`${name} c=${connections}`] = {
          api,
          floor: raw,
          ratioP50: Math.round((api.p50 / Math.max(raw.p50, 0.01)) * 100) / 100,
          ratioThroughput: Math.round((raw.rps / Math.max(api.rps, 1)) * 100) / 100,
        };
      }
    }

    console.error(`  commit to the admin socket's new-booking frame: ${FRAME_BOOKINGS} sequential bookings...`);
    const frames = await commitToFrame(stack.base, stack.jwtSecret, FRAME_BOOKINGS, booking).catch((error: unknown) => ({
      error: error instanceof Error ? error.message : String(error),
    }));

    console.error('  contention: 200 requests for the last unit...');
    const contentionBody = JSON.stringify({
      cottageType: 'glass-cottage',
      checkIn: addDaysIso(today, 300),
      checkOut: addDaysIso(today, 303),
      adults: 2,
      children: 0,
      packageId: 'forest-retreat',
      guestDetails: { firstName: 'Race', lastName: 'Guest', email: 'race@example.in', phone: '9876543210' },
      paymentMethod: 'razorpay',
      acceptTerms: true,
    });
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: 200 }, () =>
        fetch(`${stack.base}/api/bookings`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: contentionBody,
        }).then((response) => response.status),
      ),
    );
    const contention = {
      requests: 200,
      created: statuses.filter((status) => status === 201).length,
      conflicts: statuses.filter((status) => status === 409).length,
      other: statuses.filter((status) => status !== 201 && status !== 409).length,
      ms: Math.round(performance.now() - started),
    };

    console.error('  40 sign-ins at once against availability checks...');
    const signInBurst = await measureSignInBurst(stack.base).catch((error: unknown) => ({ error: error instanceof Error ? error.message : String(error) }));

    console.error('  the guest site on a phone (Chromium, CPU 4x slower)...');
    const web: WebReport | { error: string } = loadOnly
      ? { error: 'skipped (--load)' }
      : await measureWeb(stack.base).catch((error: unknown) => ({
          error: error instanceof Error ? error.message : String(error),
        }));

    const report = {
      seconds: SECONDS,
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      runs,
      commitToAdminFrame: frames,
      contention,
      signInBurst,
      web,
      bundles: bundleReport,
    };
    printLoad(report);
    writeFileSync(join(root, 'test-results', loadOnly ? 'bench-load.json' : 'bench.json'), JSON.stringify(report, null, 2));
  } finally {
    await stack.stop();
  }
}
