import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import fc from 'fast-check';
import { httpRoutes, isImplemented, routeKey, type HttpRoute } from '../../../functions/routes.ts';
import type { FuzzFixtures, FuzzRequest } from './fixtures.ts';
import { requestArbitrary } from './requests.ts';
import { ROUTE_QUERY } from './route-cases.ts';

/**
 * Items a refused request is meant to leave: the counters its refusal exists to keep. Anything
 * else a 4xx leaves is a failure. The stream consumer's items (feed, report counters, once-only
 * marks, FEED#/REPORT#/EFFECT#) are not excused: the fuzzed server runs without the consumer.
 */
export const WRITTEN_BY_REFUSALS: ReadonlyArray<{ prefix: string; why: string }> = [
  { prefix: 'LOGIN#', why: 'a failed sign-in is counted per account and client address (functions/lib/db/keys/login.ts)' },
  { prefix: 'LOGINFROM#', why: 'a failed sign-in is counted per client address over all accounts (functions/lib/db/keys/login.ts)' },
  { prefix: 'LOOKUPLIMIT#', why: 'a manage-booking lookup is counted per client address before its proof is checked (functions/lib/db/keys/lookup-limit.ts)' },
];

/** `left`: items a refused request left that nothing excuses; `excused`: the counters of WRITTEN_BY_REFUSALS it wrote. */
export type Outcome = { request: FuzzRequest; status: number; problems: string[]; left: string[]; excused: string[] };

type Snapshot = Map<string, string>;

const isExcused = (key: string): boolean => WRITTEN_BY_REFUSALS.some(({ prefix }) => key.startsWith(prefix));

/** Sends fuzz requests one at a time and checks each answer, and that a refused one left nothing in the table. */
export class FuzzRunner {
  private readonly client: DynamoDBDocumentClient;
  private snapshot: Snapshot | undefined;

  constructor(private readonly fx: Pick<FuzzFixtures, 'baseUrl' | 'tableName' | 'dynamodbEndpoint'>) {
    this.client = DynamoDBDocumentClient.from(
      new DynamoDBClient({ endpoint: fx.dynamodbEndpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
    );
  }

  /** Every item's key (`pk sk`) and kind: the table is small, and nothing else writes to it meanwhile. */
  private async scan(): Promise<Snapshot> {
    const keys: Snapshot = new Map();
    let ExclusiveStartKey: Record<string, unknown> | undefined;
    do {
      const page = await this.client.send(
        new ScanCommand({
          TableName: this.fx.tableName,
          ProjectionExpression: 'pk, sk, #entity',
          ExpressionAttributeNames: { '#entity': 'entity' },
          ConsistentRead: true,
          ExclusiveStartKey,
        }),
      );
      for (const item of page.Items ?? []) keys.set(`${String(item.pk)} ${String(item.sk)}`, String(item.entity ?? ''));
      ExclusiveStartKey = page.LastEvaluatedKey;
    } while (ExclusiveStartKey);
    return keys;
  }

  async send(request: FuzzRequest): Promise<Outcome> {
    const route = httpRoutes.find((candidate) => candidate.name === request.route) as HttpRoute | undefined;
    const before = this.snapshot ?? (await this.scan());
    const response = await fetch(`${this.fx.baseUrl}${request.path}`, {
      method: request.method,
      headers: request.headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(30_000),
      // A Buffer, so fetch adds no content type of its own.
      ...(request.body === undefined ? {} : { body: Buffer.from(request.body, 'utf8') }),
    });
    const text = await response.text();
    const problems: string[] = [];
    const { status } = response;
    const planned = route !== undefined && !isImplemented(route);
    if (status >= 500 && !(status === 501 && planned)) problems.push(`answered ${status}: ${text.slice(0, 300)}`);
    else if (status < 200 || (status >= 300 && status < 400)) problems.push(`answered ${status}`);
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      problems.push(`the answer is not JSON: ${text.slice(0, 200)}`);
    }
    if (status >= 400) {
      const envelope = body as { success?: unknown; error?: unknown } | undefined;
      if (envelope?.success !== false || typeof envelope.error !== 'string') problems.push(`a ${status} without the envelope: ${text.slice(0, 200)}`);
    }
    if (!/^application\/json\b/.test(response.headers.get('content-type') ?? '')) problems.push(`content-type is ${response.headers.get('content-type')}`);
    if (response.headers.get('x-content-type-options') !== 'nosniff') problems.push('no x-content-type-options: nosniff');
    const after = await this.scan();
    this.snapshot = after;
    const added = status >= 200 && status < 300 ? [] : [...after.keys()].filter((key) => !before.has(key));
    const left = added.filter((key) => !isExcused(key));
    if (left.length) problems.push(`a ${status} left ${left.length} item(s) in the table: ${left.slice(0, 5).join(', ')}`);
    return { request, status, problems, left, excused: added.filter(isExcused) };
  }

  close(): void {
    this.client.destroy();
  }
}

/**
 * Every route of the table, planned ones included, with the key `METHOD /path` that names it and
 * its share of `total` cases: a route with path parameters, a body or query parameters has more to
 * get wrong (1, and 1 more for each), and each gets at least one case.
 */
export function fuzzedRoutes(total: number): Array<{ route: HttpRoute; key: string; runs: number }> {
  const weightOf = (route: HttpRoute) => 1 + (route.path.includes('{') ? 1 : 0) + (route.method === 'GET' ? 0 : 1) + (ROUTE_QUERY[route.name] ? 1 : 0);
  const sum = httpRoutes.reduce((all, route) => all + weightOf(route), 0);
  return httpRoutes.map((route) => ({ route, key: routeKey(route), runs: Math.max(1, Math.round((total * weightOf(route)) / sum)) }));
}

/** JSON of a request for a message: long texts cut, with their length said. */
export const printable = (value: unknown): string =>
  JSON.stringify(value, (_key, item: unknown) => (typeof item === 'string' && item.length > 300 ? `${item.slice(0, 300)}…(${item.length} characters)` : item));

/** The failure message of a case: the problems, and the request as sent (long texts cut). */
export const describeOutcome = (outcome: Outcome): string => `${outcome.problems.join('\n')}\nrequest: ${printable(outcome.request)}`;

class CaseFailed extends Error {}

/**
 * Fuzzes one route with `numRuns` cases from `seed`. A failing case is shrunk by fast-check to the
 * smallest request that still fails, and thrown with the seed that finds it again.
 */
export async function assertRoute(
  route: HttpRoute,
  fx: FuzzFixtures,
  runner: FuzzRunner,
  options: { numRuns: number; seed: number; timeLimitMs: number },
): Promise<void> {
  const details = await fc.check(
    fc.asyncProperty(requestArbitrary(route, fx), async (request) => {
      const outcome = await runner.send(request);
      if (outcome.problems.length) throw new CaseFailed(describeOutcome(outcome));
    }),
    // Shrinking sends more requests: it stops at the time limit with the smallest failing case found so far.
    { numRuns: options.numRuns, seed: options.seed, interruptAfterTimeLimit: options.timeLimitMs, markInterruptAsFailure: false },
  );
  if (!details.failed) return;
  const reason = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
  throw new Error(
    `${routeKey(route)}: failed after ${details.numRuns} case(s), shrunk ${details.numShrinks} time(s) (seed ${details.seed}, path "${details.counterexamplePath}")\n${reason}`,
  );
}
