import type { SyncResult } from '../../../shared/channels.ts';
import { awsRegion, sendSigned } from '../aws-request.ts';
import { DomainError, LimitReachedError, NotFoundError, UpstreamError } from '../domain-errors.ts';

/*
 * A manual sync runs in the sync job's function, not the route's: reading a calendar takes ical.js,
 * which would put the route far past its bundle budget (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor).
 * The route invokes the job (Lambda's Invoke API, RequestResponse, signed like any AWS call;
 * LAMBDA_ENDPOINT is the local server's stand-in under npm start) and answers what it returns.
 */

/** What the job answers an invocation for one channel: the result, or the refusal in words. */
export type SyncAnswer =
  { ok: true; result: SyncResult } | { ok: false; refusal: { kind: 'not-found' | 'limit' | 'upstream'; message: string; retryAfterSeconds?: number } };

/** The job's side: a refusal as the answer carries it (anything else is a failure of the job). */
export function refusalOf(error: unknown): SyncAnswer | undefined {
  if (!(error instanceof DomainError)) return undefined;
  const kind =
    error instanceof NotFoundError ? 'not-found' : error instanceof LimitReachedError ? 'limit' : error instanceof UpstreamError ? 'upstream' : undefined;
  if (!kind) return undefined;
  return {
    ok: false,
    refusal: {
      kind,
      message: error.message,
      ...(error instanceof LimitReachedError && error.retryAfterSeconds ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
    },
  };
}

/** The route's side: the job's answer for one channel, as a result or the domain error it stands for. */
export async function syncThroughWorker(channelId: string): Promise<SyncResult> {
  const functionName = process.env.SYNC_CHANNELS_FUNCTION;
  if (!functionName) throw new Error('SYNC_CHANNELS_FUNCTION is not set');
  const base = process.env.LAMBDA_ENDPOINT ?? `https://lambda.${await awsRegion()}.amazonaws.com`;
  const answer = await sendSigned({
    service: 'lambda',
    url: new URL(`/2015-03-31/functions/${encodeURIComponent(functionName)}/invocations`, base),
    headers: { 'content-type': 'application/json', 'x-amz-invocation-type': 'RequestResponse' },
    body: JSON.stringify({ channelId, manual: true }),
    // The fetch's own limit is 10 seconds; the job's writes follow it.
    timeoutMs: 28_000,
  });
  if (answer.statusCode !== 200 || answer.headers['x-amz-function-error'])
    throw new Error(`The sync job failed (HTTP ${answer.statusCode}): ${answer.text.slice(0, 300)}`);
  const parsed = JSON.parse(answer.text) as SyncAnswer;
  if (parsed.ok) return parsed.result;
  const { kind, message, retryAfterSeconds } = parsed.refusal;
  if (kind === 'not-found') throw new NotFoundError(message);
  if (kind === 'limit') throw new LimitReachedError(message, retryAfterSeconds);
  throw new UpstreamError(message);
}
