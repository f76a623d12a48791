import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { addDaysIso, resortToday } from '../../shared/stay.ts';

/** A date `days` from the resort's today, so tests never age. */
export const inDays = (days: number): string => addDaysIso(resortToday(), days);

export function bookingBody(overrides: Record<string, unknown> = {}) {
  return {
    cottageType: 'hornbill-villa',
    checkIn: inDays(40),
    checkOut: inDays(43),
    adults: 2,
    children: 0,
    packageId: 'forest-retreat',
    selectedSafaris: [],
    guestDetails: { prefix: 'Ms', firstName: 'Asha', lastName: 'Rao', email: 'asha@example.in', phone: '98765 43210', countryCode: '+91' },
    paymentMethod: 'offline',
    acceptTerms: true,
    ...overrides,
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as { success: boolean; data?: any; error?: string; details?: Record<string, string[]>; quote?: any },
  };
}

export const newKey = () => randomUUID();

/** Every item of this file's table of one entity kind (tests may scan; the app never does). */
export async function itemsOf(entity: string): Promise<Array<Record<string, any>>> {
  const client = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: process.env.DYNAMODB_ENDPOINT, region: 'us-east-1' }));
  const items: Array<Record<string, any>> = [];
  let ExclusiveStartKey: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new ScanCommand({
        TableName: process.env.TABLE_NAME,
        FilterExpression: 'entity = :entity',
        ExpressionAttributeValues: { ':entity': entity },
        ExclusiveStartKey,
        ConsistentRead: true,
      }),
    );
    items.push(...(page.Items ?? []));
    ExclusiveStartKey = page.LastEvaluatedKey;
  } while (ExclusiveStartKey);
  client.destroy();
  return items;
}

/** Reads until `done` says the value is there (the stream consumer works after the answer), or the time is up: then the last value. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 8000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
