import { log } from '../logger.ts';
import { performance } from 'node:perf_hooks';
import { healthKeys } from './keys.ts';
import { getItem } from './query.ts';

/** One GetItem of a fixed key: proves the table answers, reads 0.5 RCU, never scans. */
export async function pingTable(): Promise<{ reachable: boolean; latencyMs: number }> {
  const started = performance.now();
  try {
    await getItem(healthKeys);
    return { reachable: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    log.error('Health check could not reach the table', { error });
    return { reachable: false, latencyMs: Math.round(performance.now() - started) };
  }
}
