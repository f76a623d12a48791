import { afterAll, beforeAll, expect } from 'vitest';
import { accountWithToken } from './accounts.ts';
import { bookingBody, newKey, postJson } from './booking-fixtures.ts';
import { connect } from './ws-client.ts';

/*
 * A manager at the admin catalogue, for the admin-catalogue tests: signed in, with the admin socket
 * joined before the file's tests (closed after), the catalogue calls made with the manager's token,
 * and a guest's booking to make and cancel.
 */

/** `stack`: this file's test stack (useTestStack); call this after it, so the stack starts first. */
export function useCatalogueAdmin(stack: { readonly api: string; readonly wsUrl: string }) {
  let authorization = '';
  let admin: Awaited<ReturnType<typeof connect>>;

  beforeAll(async () => {
    const manager = await accountWithToken('manager', 'Meera Manager');
    authorization = manager.authorization;
    admin = await connect(stack.wsUrl);
    admin.send({ action: 'join-admin', token: manager.token });
    await admin.next('joined');
  });
  afterAll(() => admin.close());

  /** The next admin frame of this event about this id (the seed's own inserts may still be on their way). */
  async function adminFrame(event: string, about: (data: Record<string, any>) => boolean) {
    for (;;) {
      const frame = await admin.next(event, 10_000);
      if (about(frame.data)) return frame.data;
    }
  }

  async function call(method: string, path: string, body?: unknown) {
    const response = await fetch(`${stack.api}${path}`, {
      method,
      headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return {
      status: response.status,
      body: (await response.json()) as { success: boolean; data?: any; error?: string; details?: Record<string, string[]>; code?: string },
    };
  }

  const book = async (overrides: Record<string, unknown>) => {
    const { status, body } = await postJson(`${stack.api}/bookings`, bookingBody(overrides), { 'idempotency-key': newKey() });
    expect(status, JSON.stringify(body)).toBe(201);
    return body.data as { bookingReference: string; booking: { id: string; cottage_ids: string[] } };
  };
  const cancel = async (reference: string) => {
    const response = await fetch(`${stack.api}/bookings/reference/${reference}/cancel`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'asha@example.in' }),
    });
    expect(response.status).toBe(200);
  };

  return { adminFrame, call, book, cancel };
}
