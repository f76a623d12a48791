import { createHmac, randomUUID } from 'node:crypto';
import { sampleCottages, sampleStayTypes } from '../../../infra/local/sample-data.ts';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';
import { b64url } from './hostile-values.ts';

/* What the fuzz knows of the running stack, and the request it sends. */

export type Persona = 'anonymous' | 'customer' | 'staff' | 'manager' | 'admin';

/** What the fuzz knows of the running stack: tokens of real accounts, hostile Authorization values, ids that exist. */
export type FuzzFixtures = {
  baseUrl: string;
  tableName: string;
  dynamodbEndpoint: string;
  authorization: Record<Exclude<Persona, 'anonymous'>, string>;
  /** Authorization values that are forged, expired, for nobody or oddly written. */
  forged: string[];
  ids: { cottages: string[]; packages: string[]; safaris: string[]; pricingRules: string[]; users: string[]; bookings: string[]; references: string[] };
  bookingEmail: string;
  manageToken: string;
  today: string;
};

export type FuzzRequest = { route: string; method: string; path: string; headers: Record<string, string>; body?: string };

/**
 * Real accounts (one per role, and one to be edited), a booking to look up, and Authorization
 * values an attacker could send. The function environment must be set and the server started.
 */
export async function prepareFuzz(stack: { baseUrl: string; tableName: string; dynamodbEndpoint: string }): Promise<FuzzFixtures> {
  const { accountWithToken } = await import('../accounts.ts');
  const { signAccessToken } = await import('../../../functions/lib/auth.ts');
  const [customer, staff, manager, admin, victim] = await Promise.all([
    accountWithToken('customer', 'Fuzz Customer'),
    accountWithToken('staff', 'Fuzz Staff'),
    accountWithToken('manager', 'Fuzz Manager'),
    accountWithToken('admin', 'Fuzz Admin'),
    accountWithToken('customer', 'Fuzz Victim'),
  ]);
  const today = resortToday();
  const bookingEmail = 'fuzz.guest@example.in';
  const booking = await fetch(`${stack.baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({
      cottageType: 'kingfisher-villa',
      checkIn: addDaysIso(today, 200),
      checkOut: addDaysIso(today, 202),
      adults: 2,
      packageId: 'forest-retreat',
      guestDetails: { firstName: 'Fuzz', lastName: 'Guest', email: bookingEmail, phone: '9876543210' },
      paymentMethod: 'offline',
      acceptTerms: true,
    }),
  });
  const created = (await booking.json().catch(() => ({}))) as { data?: { booking?: { id?: string }; bookingReference?: string; manageToken?: string } };
  const bookingId = created.data?.booking?.id ?? randomUUID();
  const [header, payload] = customer.token.split('.');
  const adminClaims = b64url(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), role: 'admin' }));
  const unsigned = `${b64url(JSON.stringify({ alg: 'none', typ: 'JWT' }))}.${adminClaims}.`;
  const wrongKey = `${b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }))}.${adminClaims}`;
  const stranger = { userId: randomUUID(), role: 'admin' as const, name: 'Nobody', email: 'nobody@example.in' };
  return {
    ...stack,
    authorization: { customer: customer.authorization, staff: staff.authorization, manager: manager.authorization, admin: admin.authorization },
    forged: [
      'Bearer',
      'Bearer ',
      'Bearer a.b.c',
      'Bearer ...',
      `Bearer ${unsigned}`,
      `Bearer ${wrongKey}.${createHmac('sha256', 'not-the-key').update(wrongKey).digest('base64url')}`,
      // The customer's own signature over an admin's claims.
      `Bearer ${header}.${adminClaims}.${customer.token.split('.')[2]}`,
      // Signed with the stack's key, but for an account that does not exist, or expired.
      `Bearer ${await signAccessToken(stranger)}`,
      `Bearer ${await signAccessToken({ ...stranger, userId: admin.userId, role: 'admin', email: admin.email }, -60)}`,
      `bearer ${admin.token}`,
      `Bearer  ${admin.token}`,
      `Basic ${Buffer.from('admin:admin').toString('base64')}`,
      `Bearer ${admin.token}x`,
      `Bearer ${'A'.repeat(2000)}`,
      `Bearer ${customer.token}, Bearer ${admin.token}`,
    ],
    ids: {
      cottages: [...sampleCottages.map((unit) => unit.id), ...sampleStayTypes.map((type) => type.id)],
      packages: ['forest-retreat', 'family-getaway', 'honeymoon-escape', 'safari-adventure'],
      safaris: ['morning-jeep-safari', 'evening-jungle-safari', 'night-trail-safari'],
      pricingRules: ['long-stay', 'monsoon-escape-2027'],
      users: [victim.userId],
      bookings: [bookingId],
      references: [created.data?.bookingReference ?? 'VMLX2K9QF3A1B2C3'],
    },
    bookingEmail,
    manageToken: created.data?.manageToken ?? `${bookingId}.${'x'.repeat(32)}`,
    today,
  };
}
