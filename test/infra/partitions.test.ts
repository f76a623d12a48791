import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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
import { cottageWrites, packageWrites, safariWrites } from '../../functions/lib/db/catalog-writes.ts';
import { bookingKeys, healthKeys, pricingRuleKeys } from '../../functions/lib/db/keys.ts';
import { lambdaContext, loadHandler } from '../../infra/local/handlers.ts';
import { sampleCottages, samplePackages, samplePricingRules, sampleSafaris } from '../../infra/local/sample-data.ts';
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
    claims: { cottageIds: [], nights: [], seats: [] },
  };
  return [
    ...sampleCottages.map((cottage) => cottageWrites.toItem(cottage)),
    ...samplePackages.map((stayPackage) => packageWrites.toItem(stayPackage)),
    ...sampleSafaris.map((safari) => safariWrites.toItem(safari)),
    ...samplePricingRules.map((rule) => ({ ...pricingRuleKeys.item(rule.id), ...pricingRuleKeys.listing(rule.id), entity: 'pricing-rule', ...rule })),
    { ...healthKeys, entity: 'health' },
    { ...bookingKeys.item(bookingId), entity: 'booking', ...booking },
    { ...bookingKeys.reference(reference), entity: 'booking-reference', bookingId },
  ];
}

const keyOf = (key: unknown) => String((key as { pk?: unknown } | undefined)?.pk);
const sameKey = (item: Item, key: Item) => item.pk === key.pk && item.sk === key.sk;

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

async function sampleEvent(route: HttpRoute): Promise<unknown> {
  const path = join(import.meta.dirname, '../../events', `${route.name}.json`);
  // The manage-booking lookup's event names the local guest's latest booking: here, the one above.
  const text = readFileSync(path, 'utf8').replace(/\{\{guestBookingReference\}\}/g, reference);
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
    accesses = [];
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const handler = (await loadHandler(route.handler ?? '')) as (event: unknown, context: unknown) => Promise<APIGatewayProxyStructuredResultV2>;
    const result = await handler(await sampleEvent(route), lambdaContext(`forest-resort-test-${name}`));
    vi.restoreAllMocks();
    // The handler's main path ran (not a 404 or 400 before any read).
    expect(result.statusCode, String(result.body)).toBeLessThan(300);
    expect(accesses.length).toBeGreaterThan(0);
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
  const updatable = (route.updates ?? []).flatMap((partition) => partitionKeyPatterns[partition]);
  for (const access of accesses) {
    const writable = route.access === 'write' ? readable : [];
    const allowed = { read: readable, update: [...updatable, ...writable], write: writable }[access.operation];
    expect(
      allowed.some((pattern) => stringLike(pattern, access.leadingKey)),
      `${name} ${access.operation}s ${access.leadingKey}`,
    ).toBe(true);
  }
}
