import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { bookingKeys } from '../../functions/lib/db/keys.ts';
import { accountWithToken } from './accounts.ts';
import { bookingBody, inDays, newKey, postJson } from './booking-fixtures.ts';

/*
 * The staff's bookings API as the admin-bookings tests call it: an account per role (made once per
 * file), calls with its token, and guest bookings on nights of their own.
 */

export type Account = Awaited<ReturnType<typeof accountWithToken>>;
export type StaffRole = 'staff' | 'manager' | 'manager2' | 'admin';

/** `stack`: this file's test stack (useTestStack). */
export function staffBookings(stack: { readonly api: string }) {
  const accounts: Partial<Record<StaffRole, Account>> = {};
  async function as(role: StaffRole): Promise<Account> {
    accounts[role] ??= await accountWithToken(role === 'manager2' ? 'manager' : role, role === 'staff' ? 'Sam Staff' : `Mira ${role}`);
    return accounts[role];
  }

  const api = (path: string) => `${stack.api}${path}`;
  async function call(method: string, path: string, who: Account | undefined, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(api(path), {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(who ? { authorization: who.authorization } : {}), ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { success: boolean; data?: any; error?: string; details?: Record<string, string[]>; status?: string },
    };
  }
  const setStatus = async (id: string, status: string, who: Account, reason?: string) =>
    call('PATCH', `/bookings/${id}/status`, who, { status, ...(reason ? { reason } : {}) });

  /** Each guest booking of this file gets nights of its own (one unit per villa type in the sample resort). */
  let nextStay = 0;
  function stay(villa = 'hornbill-villa') {
    nextStay += 1;
    return { cottageType: villa, checkIn: inDays(60 + nextStay * 2), checkOut: inDays(61 + nextStay * 2) };
  }

  async function guestBooks(overrides: Record<string, unknown> = {}) {
    const { status, body } = await postJson(api('/bookings'), bookingBody({ ...stay(), ...overrides }), { 'idempotency-key': newKey() });
    expect(status, JSON.stringify(body)).toBe(201);
    return body.data.booking as { id: string; booking_reference: string; total_amount: number; check_in_date: string; created_at: string };
  }

  return { as, api, call, setStatus, stay, guestBooks };
}

/** The booking as stored (a strong read). */
export const storedBooking = async (id: string) =>
  (await documentClient.send(new GetCommand({ TableName: tableName, Key: bookingKeys.item(id), ConsistentRead: true }))).Item as Record<string, any>;
