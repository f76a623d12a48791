import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { AuthLevel, HttpRoute } from '../../../functions/routes.ts';
import { addDaysIso } from '../../../shared/stay.ts';
import type { FuzzFixtures, Persona } from './fixtures.ts';
import { b64url } from './hostile-values.ts';

/*
 * What the fuzz knows of each route: the body it would accept, the ids its path takes, the query
 * parameters it reads and their plausible values, and who may call it.
 */

export const date = (fx: FuzzFixtures, days: number) => addDaysIso(fx.today, days);

/** Bodies each route would accept (or nearly): mutated, they reach validation and domain code, not just the JSON parser. */
export function templates(route: HttpRoute, fx: FuzzFixtures): unknown[] {
  const body = template(route, fx);
  // The quote also takes the short form (package, guests, nights).
  return route.name === 'calculate-package-pricing' ? [body, { packageId: 'forest-retreat', guests: 2, nights: 2 }] : [body];
}

function template(route: HttpRoute, fx: FuzzFixtures): unknown {
  const guest = { prefix: 'Ms', firstName: 'Asha', lastName: 'Rao', email: 'asha.fuzz@example.in', phone: '98765 43210', countryCode: '+91' };
  const stay = { cottageType: 'hornbill-villa', checkIn: date(fx, 60), checkOut: date(fx, 62), adults: 2, children: 0, rooms: 1, packageId: 'forest-retreat' };
  const safari = { safariId: 'morning-jeep-safari', date: date(fx, 60), timeSlot: '06:00-09:00', guests: 2 };
  const rule = {
    service_name: 'Fuzz Offer',
    service_type: 'cottage',
    applies_to: 'glass-cottage',
    base_price: 20000,
    discount_percentage: 10,
    valid_from: date(fx, 100),
    valid_until: date(fx, 110),
    min_stay: 1,
    max_stay: 14,
    description: 'Ten per cent off.',
    status: 'active',
  };
  switch (route.name) {
    case 'auth':
      return { name: 'Fuzz Person', email: `fuzz-${randomUUID().slice(0, 6)}@example.in`, password: 'monsoon-forest' };
    case 'admin-login':
      return { email: 'admin@forest-resort.local', password: 'not-the-password' };
    case 'update-profile':
      return { name: 'Fuzz Renamed', phone: '9876543210' };
    case 'check-availability':
      return { checkIn: date(fx, 30), checkOut: date(fx, 32), guests: 2, rooms: 1 };
    case 'create-cottage':
    case 'update-cottage':
      return {
        name: 'Fuzz Villa',
        description: 'A villa.',
        price_per_night: 9000,
        capacity: 2,
        amenities: 'Wifi, Deck',
        status: 'inactive',
        type: 'glass-cottage',
      };
    case 'create-stay-type':
    case 'update-stay-type':
      return { name: 'Fuzz Treehouse', description: 'A cabin.', price_per_night: 9000, capacity: 8, size_sqft: 400, amenities: 'Deck', status: 'retired' };
    case 'create-image-upload':
      return { contentType: 'image/webp', width: 1200 };
    case 'set-cottage-pricing':
      return { price_per_night: 18000 };
    case 'calculate-package-pricing':
      return { ...stay, selectedSafaris: [safari] };
    case 'create-package':
    case 'update-package':
      return { name: 'Fuzz Package', type: 'safari', description: 'A package.', price_multiplier: 1.2, includes_safari: 1, max_safaris: 2, is_active: 0 };
    case 'validate-safari-selection':
      return { checkIn: date(fx, 60), checkOut: date(fx, 62), guests: 2, selections: [safari] };
    case 'create-safari':
    case 'update-safari':
      return {
        name: 'Fuzz Safari',
        description: 'A drive.',
        type: 'morning',
        duration: '3 hours',
        price: 1500,
        max_guests: 6,
        start_time: '06:00',
        end_time: '09:00',
        meeting_point: 'Gate',
        includes: 'Jeep',
        status: 'inactive',
      };
    case 'create-booking':
      return { ...stay, selectedSafaris: [safari], guestDetails: guest, paymentMethod: 'offline', acceptTerms: true };
    case 'create-staff-booking':
      return { ...stay, guestDetails: guest };
    case 'cancel-booking-by-reference':
      return { email: fx.bookingEmail };
    case 'update-booking-status':
      return { status: 'confirmed', reason: 'Fuzz' };
    case 'update-booking-payment':
      return { payment_status: 'paid', note: 'Fuzz' };
    case 'create-payment-order':
      return { bookingId: fx.ids.bookings[0] };
    case 'verify-payment':
      return { razorpay_order_id: 'order_AbCdEfGhIjKlMn', razorpay_payment_id: 'pay_AbCdEfGhIjKlMn', razorpay_signature: 'f'.repeat(64) };
    case 'test-checkout':
      return { orderId: 'order_AbCdEfGhIjKlMn', outcome: 'failure' };
    case 'record-offline-payment':
      return { reference: fx.ids.references[0], token: fx.manageToken, confirmToken: fx.manageToken };
    case 'payment-webhook':
      return { event: 'payment.captured', payload: { payment: { entity: { id: 'pay_AbCdEfGhIjKlMn', order_id: 'order_AbCdEfGhIjKlMn', amount: 100 } } } };
    case 'create-pricing-rule':
    case 'update-pricing-rule':
      return rule;
    case 'bulk-update-pricing':
      return { updates: [{ id: 'long-stay', discount_percentage: 12 }] };
    case 'create-report-export':
      return { kind: 'csv', report: 'revenue', period: 'month' };
    case 'create-user':
      return {
        name: 'Fuzz User',
        email: `fuzz-user-${randomUUID().slice(0, 6)}@example.in`,
        phone: '9876543210',
        role: 'customer',
        password: 'monsoon-forest',
      };
    case 'update-user':
      return { name: 'Fuzz Edited', department: 'Front desk' };
    case 'reset-user-password':
      return { password: 'monsoon-forest-2' };
    case 'create-channel':
      return { cottageId: fx.ids.cottages[0], name: 'Fuzz channel', url: 'https://calendar.example.com/feed.ics' };
    case 'create-block':
      return { cottageId: fx.ids.cottages[0], checkIn: date(fx, 200), checkOut: date(fx, 201), reason: 'Fuzz block' };
    default:
      return {};
  }
}

export function realIds(route: HttpRoute, parameter: string, fx: FuzzFixtures): string[] {
  if (parameter === 'date') return [date(fx, 30), date(fx, 60), date(fx, -1)];
  if (parameter === 'reference') return fx.ids.references;
  if (parameter === 'bookingId') return fx.ids.bookings;
  const area = route.path.split('/')[2];
  if (area === 'cottages') return fx.ids.cottages;
  if (area === 'packages') return fx.ids.packages;
  if (area === 'safaris') return fx.ids.safaris;
  if (area === 'bookings') return fx.ids.bookings;
  if (route.path.startsWith('/api/admin/pricing')) return fx.ids.pricingRules;
  if (route.path.startsWith('/api/admin/stay-types')) return fx.ids.cottages;
  if (route.path.startsWith('/api/admin/users')) return fx.ids.users;
  return [randomUUID()];
}

/** The index and partition each paged list reads (functions/lib/db/keys/): a forged cursor must name them to get past the first check. */
const LIST_PARTITIONS: Record<string, [string, string]> = {
  'list-users': ['gsi1', 'USERS'],
  'list-payments': ['gsi1', 'PAYMENTS'],
  'list-audit-log': ['gsi1', `AUDIT#${new Date().toISOString().slice(0, 7)}`],
  'list-report-exports': ['table', 'REPORTEXPORTS'],
};

export const queryValues = (fx: FuzzFixtures, route: HttpRoute): Record<string, fc.Arbitrary<string>> => {
  const dates = fc.constantFrom(date(fx, 10), date(fx, 40), date(fx, -400), '2026-02-30', '2026-13-01');
  return {
    action: fc.constantFrom('register', 'login', 'LOGIN', 'delete'),
    email: fc.constantFrom(fx.bookingEmail, 'nobody@example.in', 'NOT AN EMAIL'),
    token: fc.constantFrom(fx.manageToken, `${fx.ids.bookings[0]}.${'x'.repeat(32)}`, `${fx.manageToken}x`, 'a.b'),
    startDate: dates,
    endDate: dates,
    start_date: dates,
    end_date: dates,
    from: dates,
    to: dates,
    month: fc.constantFrom('1', '12', '13', '0', '2026-11', 'x'),
    year: fc.constantFrom('2026', '2027', '1999', '99999'),
    since: fc.constantFrom(new Date().toISOString(), '2020-01-01T00:00:00Z', 'yesterday'),
    audience: fc.constantFrom('admin', 'guest', 'customer'),
    stats: fc.constantFrom('', '1', 'true'),
    admin: fc.constantFrom('', 'true'),
    status: fc.constantFrom('pending', 'confirmed', 'paid', 'active', 'bogus'),
    q: fc.constantFrom('asha', 'VMLX', '98765', ''),
    limit: fc.constantFrom('1', '25', '100', '101', '0', '-1', '1e3', '2.5'),
    cursor: fc.oneof(
      { weight: 1, arbitrary: fc.constantFrom('x', 'W10', b64url('["table","USERS","x"]'), b64url(JSON.stringify(['gsi1', 'x', 'y', 'USERS', 'z']))) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom('table', 'gsi1', 'gsi2'), fc.array(fc.string({ maxLength: 30 }), { maxLength: 5 }))
          .map(([index, parts]) => b64url(JSON.stringify([index, ...parts]))),
      },
      // Shaped like the lists' own cursors (functions/lib/db/query.ts): the index, the key values, the list's partition in its place.
      {
        weight: 3,
        arbitrary: fc
          .tuple(
            LIST_PARTITIONS[route.name] ? fc.constant(LIST_PARTITIONS[route.name] as [string, string]) : fc.constantFrom(...Object.values(LIST_PARTITIONS)),
            fc.array(
              fc.oneof(
                { weight: 3, arbitrary: fc.constantFrom('', '\uD800', '€'.repeat(399), '0', 'zzzz', '2026-01-01') },
                { weight: 1, arbitrary: fc.string({ maxLength: 12 }) },
              ),
              {
                minLength: 3,
                maxLength: 3,
              },
            ),
          )
          .map(([[index, partition], [a, b, c]]) => b64url(JSON.stringify(index === 'table' ? [index, partition, a] : [index, a, b, partition, c]))),
      },
    ),
    kind: fc.constantFrom('payment', 'refund', 'x'),
    method: fc.constantFrom('razorpay', 'offline', 'manual', 'x'),
    period: fc.constantFrom('week', 'month', 'quarter', 'year', 'custom', 'monthly', 'x'),
    subject: fc.constantFrom('booking', 'user', 'BAD SUBJECT'),
    actor: fc.constantFrom('admin@forest-resort.local', 'x'),
    role: fc.constantFrom('customer', 'admin', 'root'),
  };
};

/** The query parameters each route reads: most cases send these, so they reach the route's own checks. */
export const ROUTE_QUERY: Partial<Record<string, string[]>> = {
  auth: ['action'],
  'list-notifications': ['since', 'audience'],
  'get-availability-calendar': ['startDate', 'endDate'],
  'get-safari-available-dates': ['month', 'year'],
  'list-bookings': ['admin', 'stats', 'status', 'q', 'limit', 'cursor'],
  'get-booking-by-reference': ['email', 'token'],
  'list-booking-payments': ['token'],
  'list-payments': ['limit', 'cursor', 'kind', 'status', 'method', 'from', 'to'],
  'get-payment-stats': ['from', 'to'],
  'get-revenue-report': ['period', 'start_date', 'end_date'],
  'get-occupancy-report': ['period', 'start_date', 'end_date'],
  'list-report-exports': ['limit', 'cursor'],
  'list-audit-log': ['month', 'limit', 'cursor', 'subject', 'actor'],
  'list-users': ['role', 'status', 'q', 'limit', 'cursor'],
  'list-blocks': ['from', 'to'],
  'get-inventory': ['from', 'to'],
};

/** The persona whose token passes this level's check: most cases get past sign-in to reach validation. */
export const personaFor: Record<AuthLevel, Persona> = {
  public: 'anonymous',
  optional: 'customer',
  user: 'customer',
  staff: 'staff',
  manager: 'manager',
  admin: 'admin',
};
