import { randomInt } from 'node:crypto';
import { LINK_CALLS_PER_MINUTE, sleep } from './settings.ts';

/* Guests' requests: counted by kind and status, retried with the same key after a death. */

export type Status = number | 'conn-error' | 'timeout';
export type Answer = { status: Status; body: any };

export const requests = new Map<string, Map<Status, number>>();
export const count = (kind: string, status: Status) => {
  const byStatus = requests.get(kind) ?? new Map<Status, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  requests.set(kind, byStatus);
};
/** The retries made, and when retrying stops (set at the start of the workload: endAt + RETRY_GRACE_MS). */
export const retrying = { count: 0, until: Number.POSITIVE_INFINITY };

/** Answers that a retry can mend: the server or its database was away (killed, restarting, stopping). */
const transient = (status: Status) => status === 'conn-error' || status === 'timeout' || status === 500 || status === 502 || status === 503;

export async function call(
  base: string,
  kind: string,
  method: string,
  path: string,
  options: { body?: unknown; headers?: Record<string, string>; retry?: boolean } = {},
): Promise<Answer> {
  for (let attempt = 1; ; attempt += 1) {
    let answer: Answer;
    try {
      const response = await fetch(`${base}${path}`, {
        method,
        headers: { ...(options.body === undefined ? {} : { 'content-type': 'application/json' }), ...options.headers },
        ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        signal: AbortSignal.timeout(30_000),
      });
      const text = await response.text();
      let body: any;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      answer = { status: response.status, body };
    } catch (error) {
      answer = { status: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'conn-error', body: undefined };
    }
    count(kind, answer.status);
    // A retry may find the request done before its answer was lost: a replay (same key), an order or payment already there.
    if (!options.retry || !transient(answer.status) || Date.now() > retrying.until) return answer;
    retrying.count += 1;
    await sleep(Math.min(3000, 150 * 2 ** Math.min(attempt, 5)) + randomInt(100));
  }
}

/** Calls that count against the per-address lookup allowance, spread so that it is not exceeded. */
const linkCalls: number[] = [];
export function takeLinkCall(): boolean {
  const now = Date.now();
  while (linkCalls.length && (linkCalls[0] ?? 0) < now - 61_000) linkCalls.shift();
  if (linkCalls.length >= LINK_CALLS_PER_MINUTE) return false;
  linkCalls.push(now);
  return true;
}
