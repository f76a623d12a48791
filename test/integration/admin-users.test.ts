import { describe, expect, it } from 'vitest';
import { LAST_ADMIN_MESSAGE, SELF_CHANGE_MESSAGE } from '../../shared/admin-users.ts';
import { auditWrite } from '../../functions/lib/db/audit.ts';
import { updateUser } from '../../functions/lib/db/user-admin.ts';
import { LastAdminError } from '../../functions/lib/db/user-counts.ts';
import { accountWithToken } from '../support/accounts.ts';
import { bookingBody, inDays, newKey, postJson } from '../support/booking-fixtures.ts';
import { useTestStack } from '../support/local-stack.ts';

const stack = useTestStack();

type Answer = { status: number; body: { success: boolean; data?: any; error?: string; details?: Record<string, string[]> }; text: string };

/** Every answer of this file passes here: none may ever carry a password, a hash or a token version. */
const secrets = [/passwordHash/, /scrypt\$/, /token_version/, /tokenVersion/];
async function call(method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${stack.api}${path}`, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  for (const secret of secrets) expect(text, `${method} ${path}`).not.toMatch(secret);
  for (const password of passwordsUsed) expect(text, `${method} ${path}`).not.toContain(password);
  return { status: response.status, body: JSON.parse(text), text };
}
const passwordsUsed = ['first-password-1', 'second-password-2', 'monsoon-forest-9'];

let counter = 0;
const newUser = (overrides: Record<string, unknown> = {}) => ({
  name: 'Kavya Menon',
  email: `kavya-${(counter += 1)}-${Date.now()}@example.in`,
  phone: '98450 12345',
  password: 'first-password-1',
  ...overrides,
});

const signIn = async (email: string, password: string, portal = false) => {
  const answer = await call('POST', portal ? '/auth/admin-login' : '/auth?action=login', undefined, { email, password });
  return answer;
};

describe('user management (admin)', () => {
  it('creates, lists, searches, edits and deletes users, and never answers a password or a hash', async () => {
    const admin = await accountWithToken('admin', 'Users Admin');
    const created = await call(
      'POST',
      '/admin/users',
      admin.token,
      newUser({ name: 'Ravi Shankar', email: 'Ravi.Shankar@Example.in', department: 'Front desk', role: 'staff' }),
    );
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Ravi Shankar',
      email: 'ravi.shankar@example.in',
      phone: '9845012345',
      role: 'staff',
      status: 'active',
      department: 'Front desk',
    });
    const id = created.body.data.id as string;

    // Defaults: role customer, status active.
    const plain = await call('POST', '/admin/users', admin.token, newUser({ name: 'Plain Guest' }));
    expect(plain.body.data).toMatchObject({ role: 'customer', status: 'active' });

    const bySearch = await call('GET', '/admin/users?q=RAVI', admin.token);
    expect(bySearch.status).toBe(200);
    expect(bySearch.body.data.items.map((user: { id: string }) => user.id)).toEqual([id]);
    expect((await call('GET', '/admin/users?q=98450%2012345', admin.token)).body.data.items.length).toBeGreaterThanOrEqual(2);
    expect((await call('GET', '/admin/users?q=shankar@example', admin.token)).body.data.items).toHaveLength(1);
    const staff = await call('GET', '/admin/users?role=staff&status=active', admin.token);
    expect(staff.body.data.items.every((user: { role: string; status: string }) => user.role === 'staff' && user.status === 'active')).toBe(true);
    const counts = staff.body.data.counts;
    expect(counts.total).toBeGreaterThanOrEqual(3);
    expect(counts.admins).toBeGreaterThanOrEqual(1);
    expect(counts.customers).toBeGreaterThanOrEqual(1);
    expect(counts.active).toBeLessThanOrEqual(counts.total);

    // Paging: one at a time, every user once.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await call('GET', `/admin/users?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, admin.token);
      seen.push(...page.body.data.items.map((user: { id: string }) => user.id));
      cursor = page.body.data.cursor;
    } while (cursor);
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBe((await call('GET', '/admin/users', admin.token)).body.data.counts.total);
    expect((await call('GET', '/admin/users?cursor=bm9wZQ', admin.token)).status).toBe(400);

    const edited = await call('PUT', `/admin/users/${id}`, admin.token, { name: 'Ravi S.', department: 'Housekeeping', phone: '99000 11122' });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ name: 'Ravi S.', department: 'Housekeeping', phone: '9900011122' });
    const cleared = await call('PUT', `/admin/users/${id}`, admin.token, { department: '' });
    expect(cleared.body.data).not.toHaveProperty('department');
    expect((await call('PUT', `/admin/users/${id}`, admin.token, { email: 'new@example.in' })).status).toBe(400);

    const before = (await call('GET', '/admin/users', admin.token)).body.data.counts.total;
    expect((await call('DELETE', `/admin/users/${id}`, admin.token)).status).toBe(200);
    expect((await call('DELETE', `/admin/users/${id}`, admin.token)).status).toBe(404);
    expect((await call('PUT', `/admin/users/${id}`, admin.token, { name: 'Ghost' })).status).toBe(404);
    expect((await call('GET', '/admin/users', admin.token)).body.data.counts.total).toBe(before - 1);
    // The e-mail is free again.
    expect((await call('POST', '/admin/users', admin.token, newUser({ email: 'ravi.shankar@example.in' }))).status).toBe(201);
  });

  it('validates with a message per field (400) and refuses a second account on one e-mail (409)', async () => {
    const admin = await accountWithToken('admin');
    const empty = await call('POST', '/admin/users', admin.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.details).toMatchObject({
      name: ['Name is required'],
      email: ['Email is required'],
      phone: ['Phone is required'],
      password: ['Password is required'],
    });
    const bad = await call(
      'POST',
      '/admin/users',
      admin.token,
      newUser({ email: 'not-an-email', phone: '123', role: 'owner', status: 'gone', password: 'short' }),
    );
    expect(bad.status).toBe(400);
    expect(bad.body.details).toMatchObject({
      email: ['Please enter a valid email address'],
      phone: ['Please enter a valid 10-digit phone number'],
      role: ['Role must be customer, staff, manager or admin'],
      status: ['Status must be active, inactive, pending or suspended'],
      password: ['Password must be at least 8 characters'],
    });
    const first = await call('POST', '/admin/users', admin.token, newUser({ email: 'twice@example.in' }));
    expect(first.status).toBe(201);
    const second = await call('POST', '/admin/users', admin.token, newUser({ email: 'TWICE@example.in' }));
    expect(second).toMatchObject({
      status: 409,
      body: { error: 'An account with this email already exists', details: { email: ['An account with this email already exists'] } },
    });
    expect((await call('PUT', `/admin/users/${first.body.data.id}`, admin.token, { status: 'gone' })).body.details).toEqual({
      status: ['Status must be active, inactive, pending or suspended'],
    });
    expect((await call('POST', `/admin/users/${first.body.data.id}/reset-password`, admin.token, { password: 'short' })).body.details).toEqual({
      password: ['Password must be at least 8 characters'],
    });
  });

  it('ends sessions on suspension, role change, password reset and deletion, and writes each to the audit log', async () => {
    const admin = await accountWithToken('admin', 'Session Admin');

    // Suspend, then activate: the old token stays dead, a new sign-in works.
    const guest = (await call('POST', '/admin/users', admin.token, newUser({ name: 'Suspended Guest' }))).body.data;
    const guestToken = (await signIn(guest.email, 'first-password-1')).body.data.token;
    expect((await call('GET', '/auth/profile', guestToken)).status).toBe(200);
    expect((await call('PUT', `/admin/users/${guest.id}`, admin.token, { status: 'suspended' })).body.data.status).toBe('suspended');
    expect((await call('GET', '/auth/profile', guestToken)).status).toBe(401);
    expect((await signIn(guest.email, 'first-password-1')).status).toBe(401);
    expect((await call('PUT', `/admin/users/${guest.id}`, admin.token, { status: 'active' })).status).toBe(200);
    expect((await call('GET', '/auth/profile', guestToken)).status).toBe(401);
    const again = await signIn(guest.email, 'first-password-1');
    expect(again.status).toBe(200);
    const listed = (await call('GET', `/admin/users?q=${encodeURIComponent(guest.email)}`, admin.token)).body.data.items[0];
    expect(listed.last_login).toMatch(/^\d{4}-\d{2}-\d{2}T/);

    // An admin demoted to customer: the admin token stops at once; the new customer token reaches
    // no admin route and no other guest's booking.
    const booking = await postJson(`${stack.api}/bookings`, bookingBody({ checkIn: inDays(61), checkOut: inDays(62) }), { 'idempotency-key': newKey() });
    expect(booking.status).toBe(201);
    const bookingId = booking.body.data.booking.id as string;
    const other = (await call('POST', '/admin/users', admin.token, newUser({ name: 'Second Admin', role: 'admin' }))).body.data;
    const otherToken = (await signIn(other.email, 'first-password-1', true)).body.data.token;
    expect((await call('GET', '/admin/users', otherToken)).status).toBe(200);
    expect((await call('GET', `/bookings/${bookingId}`, otherToken)).status).toBe(200);
    expect((await call('PUT', `/admin/users/${other.id}`, admin.token, { role: 'customer' })).body.data.role).toBe('customer');
    expect((await call('GET', '/admin/users', otherToken)).status).toBe(401);
    expect((await call('GET', `/bookings/${bookingId}`, otherToken)).status).toBe(401);
    const demotedToken = (await signIn(other.email, 'first-password-1')).body.data.token;
    expect((await call('GET', '/admin/users', demotedToken)).status).toBe(403);
    expect((await call('GET', '/admin/audit', demotedToken)).status).toBe(403);
    expect((await call('GET', `/bookings/${bookingId}`, demotedToken)).status).toBe(404);

    // A password reset: old token and old password out, the new password in.
    const resetUser = (await call('POST', '/admin/users', admin.token, newUser({ name: 'Reset Me' }))).body.data;
    const resetToken = (await signIn(resetUser.email, 'first-password-1')).body.data.token;
    const reset = await call('POST', `/admin/users/${resetUser.id}/reset-password`, admin.token, { password: 'second-password-2' });
    expect(reset.status).toBe(200);
    expect((await call('GET', '/auth/profile', resetToken)).status).toBe(401);
    expect((await signIn(resetUser.email, 'first-password-1')).status).toBe(401);
    expect((await signIn(resetUser.email, 'second-password-2')).status).toBe(200);

    // Deletion.
    const doomed = (await call('POST', '/admin/users', admin.token, newUser({ name: 'Doomed', password: 'monsoon-forest-9' }))).body.data;
    const doomedToken = (await signIn(doomed.email, 'monsoon-forest-9')).body.data.token;
    expect((await call('DELETE', `/admin/users/${doomed.id}`, admin.token)).status).toBe(200);
    expect((await call('GET', '/auth/profile', doomedToken)).status).toBe(401);
    expect((await signIn(doomed.email, 'monsoon-forest-9')).status).toBe(401);

    // The audit log: who did what to whom, before and after, never a secret.
    const log = await call('GET', '/admin/audit?subject=user&limit=100', admin.token);
    expect(log.status).toBe(200);
    const entries = log.body.data.items as Array<{ action: string; subject_id: string; actor: { id: string }; before?: any; after?: any; label?: string }>;
    const of = (id: string, action: string) => entries.find((entry) => entry.subject_id === id && entry.action === action);
    expect(of(guest.id, 'user.create')).toMatchObject({ actor: { id: admin.userId }, label: guest.email, after: { status: 'active' } });
    expect(of(guest.id, 'user.suspend')).toMatchObject({ before: { status: 'active' }, after: { status: 'suspended' } });
    expect(of(guest.id, 'user.activate')).toMatchObject({ before: { status: 'suspended' }, after: { status: 'active' } });
    expect(of(other.id, 'user.role')).toMatchObject({ before: { role: 'admin' }, after: { role: 'customer' } });
    expect(of(resetUser.id, 'user.reset-password')).toBeDefined();
    expect(of(doomed.id, 'user.delete')).toMatchObject({ before: { email: doomed.email } });
    const month = new Date().toISOString().slice(0, 7);
    expect((await call('GET', `/admin/audit?month=${month}&actor=${admin.email}`, admin.token)).body.data.items.length).toBeGreaterThanOrEqual(6);
    expect((await call('GET', '/admin/audit?month=2026-13', admin.token)).status).toBe(400);
    expect((await call('GET', '/admin/audit?month=1999-01', admin.token)).body.data.items).toEqual([]);
    // Managers read the log; staff do not.
    expect((await call('GET', '/admin/audit', (await accountWithToken('manager')).token)).status).toBe(200);
    expect((await call('GET', '/admin/audit', (await accountWithToken('staff')).token)).status).toBe(403);
  });

  it('refuses an admin suspending, demoting or deleting themselves', async () => {
    const admin = await accountWithToken('admin', 'Self Admin');
    await accountWithToken('admin', 'Another Admin');
    for (const [method, body] of [
      ['PUT', { status: 'suspended' }],
      ['PUT', { role: 'manager' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await call(method, `/admin/users/${admin.userId}`, admin.token, body);
      expect(answer).toMatchObject({ status: 409, body: { error: SELF_CHANGE_MESSAGE } });
    }
    expect((await call('PUT', `/admin/users/${admin.userId}`, admin.token, { department: 'Management' })).status).toBe(200);
  });

  it('never lets the last active admin go, even when two admins demote each other at once', async () => {
    const first = await accountWithToken('admin', 'First Admin');
    const second = await accountWithToken('admin', 'Second Admin');
    // Every other active admin of this file's table steps down, so exactly these two remain.
    const admins = (await call('GET', '/admin/users?role=admin&status=active&limit=100', first.token)).body.data.items as Array<{ id: string }>;
    for (const admin of admins.filter((candidate) => candidate.id !== first.userId && candidate.id !== second.userId)) {
      expect((await call('PUT', `/admin/users/${admin.id}`, first.token, { role: 'manager' })).status).toBe(200);
    }

    const [one, two] = await Promise.all([
      call('PUT', `/admin/users/${second.userId}`, first.token, { role: 'staff' }),
      call('PUT', `/admin/users/${first.userId}`, second.token, { role: 'staff' }),
    ]);
    const statuses = [one.status, two.status].sort();
    // One wins; the other is refused by the rule (409), or, arriving after, by its own demotion (401).
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const loser = one.status === 409 ? one : two.status === 409 ? two : undefined;
    if (loser) expect(loser.body.error).toBe(LAST_ADMIN_MESSAGE);
    const winner = one.status === 200 ? first : second;
    const remaining = (await call('GET', '/admin/users?role=admin&status=active', winner.token)).body.data.items;
    expect(remaining.map((user: { id: string }) => user.id)).toEqual([winner.userId]);

    // The last admin cannot suspend, demote or delete themselves.
    for (const [method, body] of [
      ['PUT', { status: 'suspended' }],
      ['PUT', { role: 'customer' }],
      ['DELETE', undefined],
    ] as const) {
      expect(await call(method, `/admin/users/${winner.userId}`, winner.token, body)).toMatchObject({ status: 409, body: { error: LAST_ADMIN_MESSAGE } });
    }
  });

  it('serialises concurrent demotions in the data layer: with two active admins, exactly one of two demotions commits', async () => {
    const [a, b] = [await accountWithToken('admin', 'Race A'), await accountWithToken('admin', 'Race B')];
    const actor = { userId: a.userId, role: 'admin' as const, name: 'Race A', email: a.email };
    // Make these two the only active admins.
    const { queryAll } = await import('../../functions/lib/db/query.ts');
    const users = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'USERS' } });
    const audit = (before: any, after: any) => auditWrite({ actor, action: 'user.role', subject: { entity: 'user', id: after.id }, before, after });
    for (const user of users.filter((item) => item.role === 'admin' && item.status === 'active' && item.id !== a.userId && item.id !== b.userId)) {
      await updateUser(String(user.id), { role: 'manager' }, audit);
    }
    const results = await Promise.allSettled([updateUser(a.userId, { role: 'staff' }, audit), updateUser(b.userId, { role: 'staff' }, audit)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = results.find((result) => result.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason).toBeInstanceOf(LastAdminError);
  });
});
