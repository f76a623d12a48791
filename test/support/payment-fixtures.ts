import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { readdir, readFile } from 'node:fs/promises';
import { expect } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { bookingKeys, cottageKeys } from '../../functions/lib/db/keys.ts';
import { paymentKeys } from '../../functions/lib/payments/payment-keys.ts';
import { createTestProvider } from '../../functions/lib/payments/test-provider.ts';
import { bookingBody, newKey, postJson } from './booking-fixtures.ts';

/*
 * What the payments tests share: a booking paid online (its order), the test provider with this
 * stage's keys, the stored booking and night, the outbox, and a hold moved into the past.
 */

/** `stack`: this file's test stack (useTestStack). */
export function paymentCalls(stack: { readonly api: string }) {
  async function book(overrides: Record<string, unknown> = {}) {
    const { status, body } = await postJson(`${stack.api}/bookings`, bookingBody({ paymentMethod: 'razorpay', ...overrides }), { 'idempotency-key': newKey() });
    expect(status, JSON.stringify(body)).toBe(201);
    return body.data as {
      booking: { id: string; total_amount: number; hold_expires_at: string; booking_reference: string };
      bookingReference: string;
      manageToken: string;
    };
  }

  const order = async (bookingId: string) => postJson(`${stack.api}/payments/create-order`, { bookingId });

  return { book, order };
}

export const provider = async () => {
  const keys = await paymentKeys();
  return createTestProvider({ keySecret: keys.keySecret, webhookSecret: keys.webhookSecret });
};

/** The booking as stored (a strong read), or {} when there is none. */
export const bookingItem = async (id: string) =>
  (await documentClient.send(new GetCommand({ TableName: tableName, Key: bookingKeys.item(id), ConsistentRead: true }))).Item ?? {};
export const night = async (cottageId: string, date: string) =>
  (await documentClient.send(new GetCommand({ TableName: tableName, Key: cottageKeys.night(cottageId, date), ConsistentRead: true }))).Item;

type OutboxEntry = { to: string; subject: string; text: string; attachments?: Array<{ filename: string; content: string }> };
export async function outbox(): Promise<OutboxEntry[]> {
  const dir = process.env.MAIL_OUTBOX_DIR ?? '';
  const files = (await readdir(dir).catch(() => [] as string[])).filter((file) => file.endsWith('.json'));
  return Promise.all(files.map(async (file) => JSON.parse(await readFile(`${dir}/${file}`, 'utf8')) as OutboxEntry));
}
export const mailsFor = async (reference: string) => (await outbox()).filter((mail) => mail.text.includes(reference));

/** Moves a booking's hold (and its nights') into the past, as if the guest had waited 16 minutes. */
export async function lapse(id: string, cottageId: string, nights: string[]) {
  const past = Date.now() - 60_000;
  await documentClient.send(
    new UpdateCommand({
      TableName: tableName,
      Key: bookingKeys.item(id),
      UpdateExpression: 'SET hold_expires_at_ms = :past',
      ExpressionAttributeValues: { ':past': past },
    }),
  );
  for (const date of nights)
    await documentClient.send(
      new UpdateCommand({
        TableName: tableName,
        Key: cottageKeys.night(cottageId, date),
        UpdateExpression: 'SET hold_expires_at_ms = :past',
        ExpressionAttributeValues: { ':past': past },
      }),
    );
}
