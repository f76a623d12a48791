import { DynamoDBDocumentClient, GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handler as getHealth } from '../../functions/http/system/get-health.ts';
import { handler as listCottages } from '../../functions/http/cottages/list-cottages.ts';
import { healthKeys } from '../../functions/lib/db/keys.ts';

const documentMock = mockClient(DynamoDBDocumentClient);
const context = { awsRequestId: 'req-err' } as Context;
const event = { routeKey: 'GET /api/health', headers: {}, requestContext: {} } as unknown as APIGatewayProxyEventV2;

const parse = (result: unknown) => {
  const { statusCode, body } = result as { statusCode: number; body: string };
  return { statusCode, body: JSON.parse(body) as Record<string, unknown> };
};

beforeEach(() => {
  documentMock.reset();
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

describe('error paths against a failing DynamoDB', () => {
  it('health reads one fixed key and answers 200 when the table answers', async () => {
    documentMock.on(GetCommand).resolves({});
    const result = parse(await getHealth(event, context));
    expect(result.statusCode).toBe(200);
    expect(documentMock.commandCalls(GetCommand)[0]?.args[0].input).toEqual({ TableName: 'unit-test-table', Key: healthKeys, ConsistentRead: false });
  });

  it('health answers 503 with a clear message when the table is unreachable', async () => {
    documentMock.on(GetCommand).rejects(Object.assign(new Error('getaddrinfo ENOTFOUND dynamodb'), { name: 'NetworkingError' }));
    const result = parse(await getHealth(event, context));
    expect(result).toEqual({ statusCode: 503, body: { success: false, error: 'The booking database is not reachable right now. Please try again shortly.' } });
  });

  it('a list route answers 503 with Retry-After when DynamoDB throttles (the request was fine: try again), without leaking the cause', async () => {
    documentMock
      .on(QueryCommand)
      .rejects(Object.assign(new Error('Rate exceeded for table unit-test-table'), { name: 'ProvisionedThroughputExceededException' }));
    const raw = await listCottages({ ...event, routeKey: 'GET /api/cottages' }, context);
    const result = parse(raw);
    expect(result.statusCode).toBe(503);
    expect(raw.headers?.['retry-after']).toBe('2');
    expect(JSON.stringify(result.body)).not.toContain('unit-test-table');
  });

  it('a list route queries the listing index, never scans', async () => {
    documentMock.on(QueryCommand).resolves({ Items: [] });
    await listCottages({ ...event, routeKey: 'GET /api/cottages' }, context);
    const queries = documentMock.commandCalls(QueryCommand).map((call) => call.args[0].input);
    // The villa types and their units: one listing Query each.
    expect(queries.map((input) => input.ExpressionAttributeValues?.[':pk']).sort()).toEqual(['COTTAGES', 'STAYTYPES']);
    for (const input of queries) expect(input).toMatchObject({ TableName: 'unit-test-table', IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk' });
  });
});
