import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { handler } from '../../functions/http/bookings/get-booking-by-reference.ts';
import { documentClient } from '../../functions/lib/db/client.ts';
import { MAX_LOOKUPS_PER_MINUTE } from '../../functions/lib/db/lookup-limits.ts';
import { lambdaContext } from '../../infra/local/handlers.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { getJson, useTestStack } from '../support/local-stack.ts';

const stack = useTestStack();

async function book(checkIn: number) {
  const { status, body } = await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(checkIn), checkOut: inDays(checkIn + 1) }), {
    'idempotency-key': newKey(),
  });
  expect(status).toBe(201);
  return { reference: body.data.bookingReference as string, id: body.data.booking.id as string };
}

/** Records each DynamoDB call the lookup makes (kind, partition prefix, consistency) while `record` is on. */
const calls: string[] = [];
let removeCounter: (() => void) | undefined;
const lookupPartitions = /^(BOOKINGREF|BOOKING|LOOKUPLIMIT)#/;
function countCalls() {
  const name = `count-calls-${Math.random()}`;
  documentClient.middlewareStack.add(
    (next, context) => async (args) => {
      const input = args.input as { Key?: { pk?: string }; ConsistentRead?: boolean };
      const pk = String(input.Key?.pk ?? '');
      // Only the lookup's own partitions: the stream consumer shares this client in the local runtime.
      if (lookupPartitions.test(pk)) calls.push(`${context.commandName} ${pk.split('#')[0]} consistent=${input.ConsistentRead ?? false}`);
      return next(args);
    },
    { step: 'initialize', name },
  );
  removeCounter = () => documentClient.middlewareStack.remove(name);
}
afterEach(() => {
  removeCounter?.();
  removeCounter = undefined;
});

async function callsOf(url: string) {
  calls.length = 0;
  const answer = await getJson(url);
  return { status: answer.status, body: answer.body, calls: [...calls] };
}

describe('looking a booking up by reference and e-mail gives nothing away', () => {
  it('an unknown reference and a wrong e-mail get the same 404 after the same DynamoDB calls', async () => {
    const { reference } = await book(90);
    countCalls();
    const unknown = await callsOf(`${stack.api}/bookings/reference/VMNOSUCHREF1?email=asha@example.in`);
    const wrongEmail = await callsOf(`${stack.api}/bookings/reference/${reference}?email=someone@else.in`);
    expect(unknown.status).toBe(404);
    expect(wrongEmail.status).toBe(404);
    expect(unknown.body).toEqual(wrongEmail.body);
    expect(wrongEmail.body).toEqual({ success: false, error: 'No booking matches this reference and e-mail' });
    // The same number and kind of calls: the rate-limit counter, the reference, then a consistent read of a booking.
    expect(unknown.calls).toEqual(wrongEmail.calls);
    expect(unknown.calls).toHaveLength(3);
    expect(unknown.calls.map((call) => call.split(' ')[1])).toEqual(['LOOKUPLIMIT', 'BOOKINGREF', 'BOOKING']);
    // ...and the right e-mail still opens it, with those same calls.
    const found = await callsOf(`${stack.api}/bookings/reference/${reference}?email=Asha@Example.in`);
    expect(found.status).toBe(200);
    expect(found.calls).toEqual(unknown.calls);
  });
});

describe('the lookup is rate limited per client address', () => {
  const event = (reference: string, sourceIp: string): APIGatewayProxyEventV2 => {
    const sample = readFileSync(join(import.meta.dirname, '../../events/get-booking-by-reference.json'), 'utf8').replace(
      /\{\{guestBookingReference\}\}/g,
      reference,
    );
    const parsed = JSON.parse(sample) as APIGatewayProxyEventV2;
    parsed.queryStringParameters = { email: 'asha@example.in' };
    parsed.rawQueryString = 'email=asha%40example.in';
    parsed.requestContext.http.sourceIp = sourceIp;
    return parsed;
  };
  const lookUp = (reference: string, sourceIp: string) =>
    (handler as unknown as (event: APIGatewayProxyEventV2, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>)(
      event(reference, sourceIp),
      lambdaContext('forest-resort-test-get-booking-by-reference'),
    );

  it(`the ${MAX_LOOKUPS_PER_MINUTE + 1}st lookup within a minute from one address gets 429 with Retry-After; another address is unaffected`, async () => {
    expect(MAX_LOOKUPS_PER_MINUTE).toBe(20);
    const { reference } = await book(95);
    // The limit is per minute window: start early in one so all the lookups below fall into it.
    const leftInMinute = 60_000 - (Date.now() % 60_000);
    if (leftInMinute < 20_000) await new Promise((resolve) => setTimeout(resolve, leftInMinute + 100));

    const first = [];
    for (let index = 0; index < MAX_LOOKUPS_PER_MINUTE; index += 1) first.push((await lookUp(reference, '203.0.113.7')).statusCode);
    expect(first).toEqual(Array(MAX_LOOKUPS_PER_MINUTE).fill(200));

    const refused = await lookUp(reference, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers?.['retry-after']);
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, String(refused.headers?.['retry-after'])).toBe(true);
    expect(JSON.parse(String(refused.body))).toMatchObject({ success: false, error: expect.stringMatching(/^Too many booking lookups/) });
    // Refused before any read: an unknown reference gets the same 429 from this address.
    expect((await lookUp('VMNOSUCHREF2', '203.0.113.7')).statusCode).toBe(429);

    // Another client address keeps its own count.
    const other = await lookUp(reference, '198.51.100.23');
    expect(other.statusCode).toBe(200);
    expect(JSON.parse(String(other.body)).data.booking_reference).toBe(reference);
  });
});
