import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod/mini';
import { apiRequest, ApiError } from '@/lib/api-client';
import { onSignOut, registerSession } from '@/lib/session';

type Sent = { url: string; init: RequestInit };
function answer(status: number, body: unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    sent.push({ url, init });
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  });
  return sent;
}
const headersOf = (sent: Sent[]) => (sent[0]?.init.headers ?? {}) as Record<string, string>;

afterEach(() => vi.unstubAllGlobals());

describe('the API client', () => {
  it('adds the bearer token of the audience asked for, and the Idempotency-Key, in one place', async () => {
    let token: string | undefined = 'admin-token';
    registerSession('admin', { token: () => token, signOut: () => (token = undefined) });
    const sent = answer(201, { success: true, data: { id: 'b-1' } });
    const data = await apiRequest('/bookings', z.object({ id: z.string() }), { method: 'POST', body: { a: 1 }, auth: 'admin', idempotencyKey: 'key-1' });
    expect(data).toEqual({ id: 'b-1' });
    expect(sent[0]?.url).toBe('/api/bookings');
    expect(headersOf(sent)).toMatchObject({ authorization: 'Bearer admin-token', 'idempotency-key': 'key-1', 'content-type': 'application/json' });

    const anonymous = answer(200, { success: true, data: { id: 'x' } });
    await apiRequest('/cottages/x', z.object({ id: z.string() }));
    expect(headersOf(anonymous)).not.toHaveProperty('authorization');
  });

  it('signs the audience out when the server answers 401 to its token, and says why', async () => {
    let token: string | undefined = 'expired';
    registerSession('admin', { token: () => token, signOut: () => (token = undefined) });
    const signedOut: string[] = [];
    const stop = onSignOut((audience) => signedOut.push(audience));
    answer(401, { success: false, error: 'Your session has expired. Please sign in again.' });
    const failure = await apiRequest('/admin/pricing', z.unknown(), { auth: 'admin' }).catch((error: unknown) => error);
    stop();
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).message).toBe('Your session has expired. Please sign in again.');
    expect(token).toBeUndefined();
    expect(signedOut).toEqual(['admin']);
  });

  it('keeps the server answer beside its message (a 409 with the fresh quote), and a 401 without a token signs nobody out', async () => {
    answer(409, { success: false, error: 'The price has changed', details: { totalAmount: ['Expected 41300'] }, quote: { total: 41_300 } });
    const failure = (await apiRequest('/bookings', z.unknown(), { method: 'POST', body: {} }).catch((error: unknown) => error)) as ApiError;
    expect([failure.status, failure.details, failure.extra]).toEqual([409, { totalAmount: ['Expected 41300'] }, { quote: { total: 41_300 } }]);

    const signedOut: string[] = [];
    const stop = onSignOut((audience) => signedOut.push(audience));
    answer(401, { success: false, error: 'Please sign in to continue' });
    await apiRequest('/bookings/my-bookings', z.unknown()).catch(() => undefined);
    stop();
    expect(signedOut).toEqual([]);
  });

  it("reads a 429's Retry-After header into the error, for the page to say how long to wait", async () => {
    vi.stubGlobal('fetch', async () =>
      Response.json({ success: false, error: 'Too many booking lookups from this address' }, { status: 429, headers: { 'retry-after': '42' } }),
    );
    const failure = (await apiRequest('/bookings/reference/VM1?email=a%40b.in', z.unknown()).catch((error: unknown) => error)) as ApiError;
    expect([failure.status, failure.message, failure.retryAfterSeconds]).toEqual([429, 'Too many booking lookups from this address', 42]);
  });
});
