import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

/* The two sides of each load run: autocannon against the API, and a loop of direct DynamoDB calls (the floor). */

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

export type Figures = { p50: number; p99: number; rps: number; requests: number; errors: number };

export async function cannon(
  url: string,
  connections: number,
  request: () => { path: string; body: string; headers: Record<string, string> },
): Promise<Figures> {
  const result = await autocannon({
    url,
    connections,
    duration: SECONDS,
    requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, ...request() }) }],
  });
  return {
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: Math.round(result.requests.average),
    requests: result.requests.total,
    errors: result.non2xx + result.errors,
  };
}

/** Runs `operation` from `connections` loops for the bench duration; latency percentiles in ms. */
export async function floor(connections: number, operation: (i: number) => Promise<unknown>): Promise<Figures> {
  const latencies: number[] = [];
  let counter = 0;
  let errors = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        try {
          await operation(counter++);
        } catch {
          errors += 1;
        }
        latencies.push(performance.now() - started);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 100) / 100;
  return { p50: at(0.5), p99: at(0.99), rps: Math.round(latencies.length / SECONDS), requests: latencies.length, errors };
}
