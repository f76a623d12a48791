import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handlerModule, httpRoutes, isImplemented, needsSigningKey, NOT_IMPLEMENTED_HANDLER, routeKey, wsRoutes } from '../../functions/routes.ts';
import type { HttpRoute } from '../../functions/routes.ts';

const functionsDir = join(import.meta.dirname, '..', '..', 'functions');

/** Every call of the original brief, kept on the wire, plus two of ours: the notification feed and the payment webhook. */
const specRouteKeys = [
  'POST /api/auth',
  'GET /api/auth/profile',
  'PUT /api/auth/profile',
  'GET /api/cottages',
  'GET /api/cottages/{id}',
  'POST /api/cottages/{id}/availability',
  'GET /api/cottages/{id}/availability',
  'GET /api/packages',
  'GET /api/packages/{id}',
  'POST /api/packages/calculate-pricing',
  'GET /api/safaris',
  'GET /api/safaris/{id}',
  'GET /api/safaris/{id}/available-dates',
  'GET /api/safaris/{id}/slots/{date}',
  'POST /api/safaris/validate-selection',
  'POST /api/bookings',
  'GET /api/bookings/reference/{reference}',
  'GET /api/bookings/my-bookings',
  'GET /api/bookings/{id}',
  'PUT /api/bookings/{id}/cancel',
  'POST /api/payments/create-order',
  'POST /api/payments/verify-payment',
  'POST /api/payments/offline-payment',
  'GET /api/payments/booking/{bookingId}',
  'GET /api/health',
  'POST /api/auth/admin-login',
  'POST /api/cottages/admin/create',
  'PUT /api/cottages/admin/update/{id}',
  'DELETE /api/cottages/admin/delete/{id}',
  'PATCH /api/cottages/{id}/pricing',
  'GET /api/packages/admin/all',
  'POST /api/packages/admin',
  'PUT /api/packages/admin/{id}',
  'DELETE /api/packages/admin/{id}',
  'GET /api/packages/admin/stats',
  'GET /api/safaris/admin/all',
  'POST /api/safaris/admin',
  'PUT /api/safaris/admin/{id}',
  'GET /api/safaris/admin/stats',
  'GET /api/bookings',
  'PATCH /api/bookings/{id}/status',
  'PATCH /api/bookings/{id}/payment',
  'GET /api/payments/admin',
  'GET /api/payments/admin/stats',
  'GET /api/admin/pricing',
  'POST /api/admin/pricing/bulk-update',
  'GET /api/admin/reports/revenue',
  'GET /api/admin/reports/occupancy',
  'GET /api/notifications',
  'POST /api/payments/webhook',
];

/** Calls we add beyond the brief, each a departure in docs/product.md#departures-from-the-original-brief. */
const beyondSpecRouteKeys = [
  // A guest without an account cancels from the manage-booking page (reference + e-mail, or the confirmation's link).
  'PUT /api/bookings/reference/{reference}/cancel',
  // A guest's sign-up is activated from the link e-mailed to the address (sign-up tells nobody who has an account).
  'POST /api/auth/activate',
  // Payment test mode's checkout window (Pay / Fail), signed on the server; 404 in live mode.
  'POST /api/payments/test-checkout',
  // The portal persisted: phone bookings, a booking's full record, safari deletion,
  // pricing rules one by one, report exports, the audit log, and user management.
  'POST /api/bookings/admin',
  // The staff list of every villa unit, bookable or not (GET /api/cottages lists what guests may book).
  'GET /api/cottages/admin/all',
  'GET /api/bookings/{id}/details',
  'DELETE /api/safaris/admin/{id}',
  'POST /api/admin/pricing',
  'PUT /api/admin/pricing/{id}',
  'DELETE /api/admin/pricing/{id}',
  'GET /api/admin/reports/exports',
  'POST /api/admin/reports/exports',
  'GET /api/admin/audit',
  'GET /api/admin/users',
  'POST /api/admin/users',
  'PUT /api/admin/users/{id}',
  'DELETE /api/admin/users/{id}',
  'POST /api/admin/users/{id}/reset-password',
  'POST /api/admin/users/{id}/unlock',
  // The API's OpenAPI document (docs/openapi.json).
  'GET /api/openapi.json',
  // The inventory calendar (issue 17).
  'GET /api/admin/inventory',
  // Villa types: kinds of stay as data (issue 17).
  'GET /api/admin/stay-types',
  'POST /api/admin/stay-types',
  'PUT /api/admin/stay-types/{id}',
  'POST /api/admin/media',
  // Date blocks: nights of a unit taken off sale (issue 17).
  'GET /api/admin/blocks',
  'POST /api/admin/blocks',
  'DELETE /api/admin/blocks/{id}',
  // Calendar sync with the booking channels (issue 17).
  'GET /api/ical/{feed}',
  'GET /api/admin/channels',
  'POST /api/admin/channels/feeds/{cottageId}/rotate',
  'POST /api/admin/channels',
  'DELETE /api/admin/channels/{id}',
  'POST /api/admin/channels/{id}/sync',
];

describe('route table', () => {
  it('lists every call of the original brief and the departures, and nothing twice', () => {
    const keys = httpRoutes.map(routeKey);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual([...specRouteKeys, ...beyondSpecRouteKeys].sort());
  });

  it('gives every route a unique kebab-case name (the Lambda, event file and invoke name)', () => {
    const names = [...httpRoutes, ...wsRoutes].map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('points every implemented route at an existing handler module and every planned one at the 501 handler', () => {
    for (const route of httpRoutes) {
      const module = handlerModule(route);
      expect(existsSync(join(functionsDir, `${module}.ts`)), `${route.name} -> ${module}`).toBe(true);
      if (!isImplemented(route)) expect(module).toBe(NOT_IMPLEMENTED_HANDLER);
    }
    for (const route of wsRoutes) expect(existsSync(join(functionsDir, `${route.handler}.ts`))).toBe(true);
  });

  it('implements (at least) the foundation, booking-core and payment routes', () => {
    expect(httpRoutes.filter(isImplemented).map((route) => route.name)).toEqual(
      expect.arrayContaining([
        'admin-login',
        'auth',
        'calculate-package-pricing',
        'cancel-booking',
        'cancel-booking-by-reference',
        'check-availability',
        'create-booking',
        'create-payment-order',
        'get-availability-calendar',
        'get-booking',
        'get-booking-by-reference',
        'get-cottage',
        'get-health',
        'get-package',
        'get-payment-stats',
        'get-profile',
        'get-safari',
        'get-safari-available-dates',
        'get-safari-slots',
        'list-booking-payments',
        'list-cottages',
        'list-my-bookings',
        'list-packages',
        'list-payments',
        'list-safaris',
        'payment-webhook',
        'record-offline-payment',
        'test-checkout',
        'update-booking-payment',
        'update-profile',
        'validate-safari-selection',
        'verify-payment',
      ]),
    );
  });

  it('binds each handler to the route-table entry that names it (its auth level and principal come from there)', async () => {
    for (const route of httpRoutes.filter(isImplemented)) {
      const module = (await import(join(functionsDir, `${handlerModule(route)}.ts`))) as { handler: { routeName?: string } };
      expect(module.handler.routeName, route.name).toBe(route.name);
    }
  });

  it('gives the signing key only to routes that check sign-ins or sign tokens', () => {
    expect(
      httpRoutes
        .filter((route) => route.auth === 'public' && needsSigningKey(route))
        .map((route) => route.name)
        .sort(),
    ).toEqual(['activate-account', 'admin-login', 'auth']);
  });

  it('keeps admin routes (all but the sign-in itself) behind a portal role, and users behind admin alone', () => {
    const open = httpRoutes.filter((route) => route.path.includes('/admin') && !['staff', 'manager', 'admin'].includes(route.auth));
    expect(open.map((route) => route.name)).toEqual(['admin-login']);
    const users = httpRoutes.filter((route) => route.path.startsWith('/api/admin/users'));
    expect(users.length).toBeGreaterThan(0);
    for (const route of users) expect(route.auth, route.name).toBe('admin');
  });

  it('grants write access to every route that changes state; only pure computations POST read-only', () => {
    const readOnlyPosts = httpRoutes.filter((route) => route.method !== 'GET' && route.access !== 'write').map((route) => route.name);
    // sync-channel's writes are its job's: the route's own function reads only the caller's account.
    // create-image-upload writes no item: it signs uploads to the site bucket (its grant: PutObject under media/).
    expect(readOnlyPosts.sort()).toEqual([
      'calculate-package-pricing',
      'check-availability',
      'create-image-upload',
      'sync-channel',
      'validate-safari-selection',
    ]);
    // A GET never writes; one reads nothing at all (the OpenAPI document, bundled with its function).
    expect((httpRoutes as readonly HttpRoute[]).filter((route) => route.method === 'GET' && route.access === 'write')).toEqual([]);
    expect(httpRoutes.filter((route) => route.access === 'none').map((route) => route.name)).toEqual(['get-openapi']);
  });

  it('covers the WebSocket API with $connect, $disconnect and $default', () => {
    expect(wsRoutes.map((route) => route.routeKey).sort()).toEqual(['$connect', '$default', '$disconnect']);
  });
});
