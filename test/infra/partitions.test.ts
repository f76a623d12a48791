import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { httpRoutes, isImplemented, streamConsumers, type HttpRoute } from '../../functions/routes.ts';
import { cottageWrites } from '../../functions/lib/db/cottage-writes.ts';
import { packageWrites } from '../../functions/lib/db/package-writes.ts';
import { safariWrites } from '../../functions/lib/db/safari-writes.ts';
import { bookingKeys, healthKeys, pricingRuleKeys, userKeys } from '../../functions/lib/db/keys.ts';
import { DEFAULT_ADMIN } from '../../infra/local/environment.ts';
import { lambdaContext, loadHandler } from '../../infra/local/handlers.ts';
import { sampleCottages, samplePackages, samplePricingRules, sampleSafaris, sampleStayTypes } from '../../infra/local/sample-data.ts';
import { stayTypeWrites } from '../../functions/lib/db/stay-type-writes.ts';
import { loadSampleEvent } from '../../infra/local/sample-events.ts';
import { partitionKeyPatterns } from '../../infra/route-classes.ts';
import { asBookingItem, storedBooking, streamRecord } from '../support/stream-fixtures.ts';
import { stringLike } from '../support/iam.ts';

/**
 * IAM `dynamodb:LeadingKeys` is enforced on AWS only: DynamoDB Local lets every handler reach every
 * partition. This test runs each partition-scoped route's real handler, with its sample event,
 * against an in-memory table of the sample resort, records the partition key of every request it
 * makes, and checks each against the partitions its route is granted (infra/route-classes.ts).
 * A handler that starts reading another partition fails here, not with AccessDenied on AWS.
 */
type Item = Record<string, unknown>;
type Access = { operation: 'read' | 'update' | 'write'; leadingKey: string };

const documentMock = mockClient(DynamoDBDocumentClient);
const items: Item[] = [];
let accesses: Access[] = [];

const reference = 'FRTEST01';
const bookingId = 'b-partitions';
// Payments: an online booking waiting for its payment, with its order; a pay-at-property one waiting for the guest.
const onlineId = '0d6f4a52-8d0e-4c1a-9a5b-3f1e2d3c4b5a';
const orderId = 'order_PartitionTst01';
const offlineId = '7c1e2b3a-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const offlineReference = 'FRTEST02';

function sampleTable(): Item[] {
  const booking = {
    id: bookingId,
    booking_reference: reference,
    customer_email: 'guest@forest-resort.local',
    status: 'confirmed',
    check_in_date: '2099-01-10',
    payment_status: 'pending',
    total_amount: 12000,
    created_at: '2026-01-01T00:00:00.000Z',
    claims: { cottage_ids: [], nights: [], seats: [] },
  };
  const future = Date.now() + 3_600_000;
  const waiting = (id: string, ref: string, method: 'razorpay' | 'offline') => ({
    ...booking,
    id,
    booking_reference: ref,
    status: 'pending',
    payment_method: method,
    customer_phone: '9876543210',
    hold_expires_at_ms: future,
    hold_expires_at: new Date(future).toISOString(),
    cottage_name: 'Hornbill Villa',
    check_out_date: '2099-01-11',
    nights: 1,
    adults: 2,
    children: 0,
    claims: { cottage_ids: ['hornbill-1'], nights: ['2099-01-10'], seats: [] },
  });
  return [
    { ...bookingKeys.item(onlineId), entity: 'booking', ...waiting(onlineId, 'FRTEST03', 'razorpay'), order_id: orderId },
    {
      pk: `ORDER#${orderId}`,
      sk: 'ORDER',
      entity: 'order',
      order_id: orderId,
      booking_id: onlineId,
      amount: 1_200_000,
      currency: 'INR',
      created_at: '2026-01-01T00:00:00.000Z',
    },
    { ...bookingKeys.item(offlineId), entity: 'booking', ...waiting(offlineId, offlineReference, 'offline') },
    { ...bookingKeys.reference(offlineReference), entity: 'booking-reference', booking_id: offlineId },
    ...sampleStayTypes.map((type) => stayTypeWrites.toItem(type)),
    ...sampleCottages.map((cottage) => cottageWrites.toItem(cottage)),
    ...samplePackages.map((stayPackage) => packageWrites.toItem(stayPackage)),
    ...sampleSafaris.map((safari) => safariWrites.toItem(safari)),
    ...samplePricingRules.map((rule) => ({ ...pricingRuleKeys.item(rule.id), entity: 'pricing-rule', ...rule })),
    { ...healthKeys, entity: 'health' },
    { ...bookingKeys.item(bookingId), entity: 'booking', ...booking },
    { ...bookingKeys.reference(reference), entity: 'booking-reference', booking_id: bookingId },
    // The account behind the staff token of the payment events.
    {
      ...userKeys.item('staff-1'),
      entity: 'user',
      id: 'staff-1',
      name: DEFAULT_ADMIN.name,
      email: DEFAULT_ADMIN.email,
      role: 'admin',
      status: 'active',
      created_at: '2026-01-01T00:00:00.000Z',
      password_hash: 'not-a-usable-hash',
    },
    // The local admin's e-mail claim: the sample events' {{adminToken}} is this account's.
    { ...userKeys.email(DEFAULT_ADMIN.email), entity: 'user-email', user_id: 'staff-1' },
  ];
}

const keyOf = (key: unknown) => String((key as { pk?: unknown } | undefined)?.pk);
const sameKey = (item: Item, key: Item) => item.pk === key.pk && item.sk === key.sk;

/**
 * A route that runs its work in a job's function (`invokesJob`) calls Lambda's Invoke: the job is
 * another function with its own grants, so here it is a stand-in answering an empty sync.
 */
let jobStandIn: Server | undefined;
beforeAll(async () => {
  jobStandIn = createServer((request, response) => {
    request.resume();
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: true, result: { imported: 0, updated: 0, removed: 0, conflicts: [] } }));
  });
  await new Promise<void>((resolve) => jobStandIn?.listen(0, '127.0.0.1', resolve));
  process.env.LAMBDA_ENDPOINT = `http://127.0.0.1:${(jobStandIn.address() as AddressInfo).port}`;
  process.env.SYNC_CHANNELS_FUNCTION = 'sync-channels';
  // What the stack sets on the function that signs image uploads (it reads only the caller's account).
  process.env.MEDIA_BUCKET = 'forest-resort-dev-site';
  process.env.MEDIA_UPLOAD_URL = 'https://forest-resort-dev-site.s3.us-east-1.amazonaws.com/';
});
afterAll(() => new Promise<void>((resolve) => (jobStandIn ? jobStandIn.close(() => resolve()) : resolve())));

beforeAll(() => {
  items.push(...sampleTable());
  documentMock.on(GetCommand).callsFake((input: { Key: Item }) => {
    accesses.push({ operation: 'read', leadingKey: keyOf(input.Key) });
    return { Item: items.find((item) => sameKey(item, input.Key)) };
  });
  documentMock.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, { Keys: Item[] }> }) => {
    const keys = Object.values(input.RequestItems).flatMap((request) => request.Keys);
    for (const key of keys) accesses.push({ operation: 'read', leadingKey: keyOf(key) });
    return {
      Responses: Object.fromEntries(
        Object.entries(input.RequestItems).map(([table, request]) => [table, items.filter((item) => request.Keys.some((key) => sameKey(item, key)))]),
      ),
    };
  });
  documentMock.on(QueryCommand).callsFake((input: { IndexName?: string; ExpressionAttributeValues: Record<string, unknown> }) => {
    const partition = String(input.ExpressionAttributeValues[':pk']);
    accesses.push({ operation: 'read', leadingKey: partition });
    const attribute = input.IndexName ? `${input.IndexName}pk` : 'pk';
    const from = input.ExpressionAttributeValues[':from'];
    const to = input.ExpressionAttributeValues[':to'];
    return {
      Items: items.filter(
        (item) => item[attribute] === partition && (from === undefined || (String(item.sk) >= String(from) && String(item.sk) <= String(to))),
      ),
    };
  });
  documentMock.on(UpdateCommand).callsFake((input: { Key: Item }) => {
    accesses.push({ operation: 'update', leadingKey: keyOf(input.Key) });
    return {};
  });
  documentMock.on(PutCommand).callsFake((input: { Item: Item }) => {
    accesses.push({ operation: 'write', leadingKey: keyOf(input.Item) });
    return {};
  });
  documentMock.on(DeleteCommand).callsFake((input: { Key: Item }) => {
    accesses.push({ operation: 'write', leadingKey: keyOf(input.Key) });
    return {};
  });
  documentMock.on(BatchWriteCommand).callsFake(() => {
    accesses.push({ operation: 'write', leadingKey: '(batch write)' });
    return {};
  });
  documentMock.on(TransactWriteCommand).callsFake((input: { TransactItems: Array<Record<string, { Key?: Item; Item?: Item }>> }) => {
    for (const action of input.TransactItems) {
      const [kind, target] = Object.entries(action)[0] ?? [];
      accesses.push({ operation: kind === 'Update' ? 'update' : kind === 'ConditionCheck' ? 'read' : 'write', leadingKey: keyOf(target?.Key ?? target?.Item) });
    }
    return {};
  });
});
afterAll(() => documentMock.restore());

/** The payment events' placeholders, filled from the in-memory table above (the loader would book through DynamoDB). */
async function paymentPlaceholders(text: string): Promise<string> {
  const [{ paymentKeys }, { createTestProvider }, { confirmStayToken, manageLinkToken }, { signAccessToken }] = await Promise.all([
    import('../../functions/lib/payments/payment-keys.ts'),
    import('../../functions/lib/payments/test-provider.ts'),
    import('../../functions/lib/bookings/manage-link.ts'),
    import('../../functions/lib/auth.ts'),
  ]);
  const keys = await paymentKeys();
  const test = createTestProvider({ keySecret: keys.keySecret, webhookSecret: keys.webhookSecret });
  const paid = test.payWithTestCard({ id: orderId, amount: 1_200_000 }, 'success');
  if (!paid.ok) throw new Error('the test card paid');
  const webhook = test.webhook('payment.captured', { payment: paid.payment });
  const staff = await signAccessToken({ userId: 'staff-1', role: 'admin', name: 'Staff', email: 'staff@x.in' });
  return text
    .replace(/\{\{guestOnlineBookingId\}\}/g, onlineId)
    .replace(/\{\{freshOrderId\}\}/g, orderId)
    .replace(/\{\{testPaymentId\}\}/g, paid.response.razorpay_payment_id)
    .replace(/\{\{testSignature\}\}/g, paid.response.razorpay_signature)
    .replace(/\{\{webhookBody\}\}/g, () => JSON.stringify(webhook.body).slice(1, -1))
    .replace(/\{\{webhookSignature\}\}/g, webhook.signature)
    .replace(/\{\{webhookEventId\}\}/g, webhook.eventId)
    .replace(/\{\{guestBookingLinkToken\}\}/g, await manageLinkToken(offlineId))
    .replace(/\{\{guestBookingConfirmToken\}\}/g, await confirmStayToken(offlineId))
    .replace(/\{\{guestBookingId\}\}/g, onlineId)
    .replace(/\{\{guestToken\}\}/g, staff);
}

async function sampleEvent(route: HttpRoute): Promise<unknown> {
  const path = join(import.meta.dirname, '../../events', `${route.name}.json`);
  let text = readFileSync(path, 'utf8');
  if (route.name === 'record-offline-payment') text = text.replace(/\{\{guestBookingReference\}\}/g, offlineReference);
  if (route.path.startsWith('/api/payments/')) text = await paymentPlaceholders(text);
  // The manage-booking lookup's event names the local guest's latest booking: here, the one above.
  text = text.replace(/\{\{guestBookingReference\}\}/g, reference);
  const copy = join(mkdtempSync(join(tmpdir(), 'partitions-')), `${route.name}.json`);
  writeFileSync(copy, text);
  return loadSampleEvent(copy);
}

const scoped = (httpRoutes as readonly HttpRoute[]).filter((route) => isImplemented(route) && route.partitions);

describe('partition-scoped routes reach only their partitions', () => {
  it('covers every implemented route the table scopes', () => {
    expect(scoped.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        'get-health',
        'list-cottages',
        'check-availability',
        'get-availability-calendar',
        'calculate-package-pricing',
        'get-safari-slots',
        'validate-safari-selection',
        'get-booking-by-reference',
        'cancel-booking-by-reference',
      ]),
    );
  });

  it.each(scoped.map((route) => [route.name, route] as const))('%s', async (name, route) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = (await loadHandler(route.handler ?? '')) as (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
    // Preparing the event (its tokens) reads the table too: only the handler's own reads count.
    const event = await sampleEvent(route);
    accesses = [];
    const result = await handler(event, lambdaContext(`forest-resort-test-${name}`));
    vi.restoreAllMocks();
    // The handler's main path ran (not a 404 or 400 before any read).
    expect(result.statusCode, String(result.body)).toBeLessThan(300);
    // A route whose work runs in a job's function reads only the caller's account (cached by now).
    // So does one that signs uploads to the site bucket (its other grant is s3:PutObject under media/).
    if (!route.invokesJob && !route.uploadsMedia) expect(accesses.length).toBeGreaterThan(0);
    expectWithinPartitions(name, route);
  });

  it('get-booking-by-reference stays in its partitions for an unknown reference too (the decoy read, the rate-limit counter)', async () => {
    const route = scoped.find((candidate) => candidate.name === 'get-booking-by-reference') as HttpRoute;
    accesses = [];
    const handler = (await loadHandler(route.handler ?? '')) as (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
    const event = (await sampleEvent(route)) as { pathParameters: Record<string, string>; rawPath: string };
    event.pathParameters.reference = 'VMNOSUCHREF';
    event.rawPath = '/api/bookings/reference/VMNOSUCHREF';
    const result = await handler(event, lambdaContext('forest-resort-test-get-booking-by-reference'));
    expect(result.statusCode, String(result.body)).toBe(404);
    expect(accesses.map((access) => access.operation)).toEqual(['update', 'read', 'read']);
    expectWithinPartitions(route.name, route);
  });
});

describe('the stream consumer reaches only its partitions', () => {
  it('a booking made, then cancelled, and a catalogue change: feed, report counters, once-only marks, connections', async () => {
    const { handler } = await import('../../functions/streams/table-events.ts');
    accesses = [];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const booking = asBookingItem(storedBooking({ status: 'confirmed', payment_status: 'paid' }));
    const cancelled = { ...booking, status: 'cancelled', cancelled_at: '2026-11-23T00:00:00.000Z', refund_amount: 1000 };
    const stayPackage = packageWrites.toItem(samplePackages[0] as never);
    const result = await handler({
      Records: [
        streamRecord('INSERT', undefined, booking, '1'),
        streamRecord('MODIFY', booking, cancelled, '2'),
        streamRecord('MODIFY', stayPackage, { ...stayPackage, name: 'Renamed' }, '3'),
      ],
    });
    vi.restoreAllMocks();
    expect(result).toEqual({ batchItemFailures: [] });
    const touched = new Set(accesses.map((access) => access.leadingKey.split('#')[0]));
    expect([...touched].sort()).toEqual(['AUDIENCE', 'EFFECT', 'FEED', 'REPORT']);
    const [consumer] = streamConsumers;
    expectWithinPartitions(consumer.name, { ...consumer, auth: 'public' } as unknown as HttpRoute);
  });
});

/** Every recorded access is one the route's grants allow: reads in `partitions`, UpdateItem also in `updates`. */
function expectWithinPartitions(name: string, route: HttpRoute) {
  const readable = (route.partitions ?? []).flatMap((partition) => partitionKeyPatterns[partition]);
  // Signed-in routes also read the account behind a token (infra/constructs/route-functions.ts: GetItem only).
  const accounts = route.auth === 'public' ? [] : partitionKeyPatterns.accounts;
  const updatable = (route.updates ?? []).flatMap((partition) => partitionKeyPatterns[partition]);
  for (const access of accesses) {
    const writable = route.access === 'write' ? readable : [];
    const allowed = { read: [...readable, ...accounts], update: [...updatable, ...writable], write: writable }[access.operation];
    expect(
      allowed.some((pattern) => stringLike(pattern, access.leadingKey)),
      `${name} ${access.operation}s ${access.leadingKey}`,
    ).toBe(true);
  }
}
