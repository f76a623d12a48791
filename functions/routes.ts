/**
 * THE route table: the single source of truth for the CDK stack (one Lambda per route), the local
 * server, the sample events in events/ and the contract tests.
 *
 * `handler` is the module under functions/ that exports `handler`. A route without one is planned:
 * it is deployed and served by functions/http/not-implemented.ts, which answers 501 naming the route.
 * `auth` is enforced by the HTTP middleware from this table, so a handler cannot forget it.
 * `access` is the table access the route needs (its IAM grant), `partitions` what it is scoped to.
 * No HTTP route notifies or sends mail itself: what its writes cause (WebSocket events, e-mail) is
 * done by the stream consumer (`streamConsumers` below), so no request function holds those rights.
 */
import type { RoleGroup } from '../shared/users.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
/**
 * public: anyone; optional: anyone, signed-in users are recognised; user: a valid sign-in; staff,
 * manager, admin: a portal account in that role group (shared/users.ts `roleGroups`: staff read
 * bookings and check guests in and out, managers run the resort, admins also manage users).
 */
export type AuthLevel = 'public' | 'optional' | 'user' | RoleGroup;
export type TableAccess = 'none' | 'read' | 'write';
/**
 * Groups of partitions a route's function may reach (IAM `dynamodb:LeadingKeys`; the key prefixes
 * of each group are in infra/route-classes.ts, built from functions/lib/db/keys.ts). A route
 * without `partitions` may reach the whole table.
 */
export type TablePartition =
  | 'catalogue'
  | 'health'
  | 'booking-lookup'
  | 'lookup-limits'
  | 'open-holds'
  | 'payments'
  | 'activity'
  | 'feed'
  | 'connections'
  | 'reports'
  | 'effects'
  | 'accounts';
/**
 * Sizing and throttling class: sign-in hashes passwords (memory, strict rate), booking writes
 * transactions, worker waits on a job's function (a channel's calendar) for up to half a minute.
 */
export type RouteClass = 'standard' | 'sign-in' | 'booking' | 'worker';

export type HttpRoute = {
  name: string;
  method: HttpMethod;
  path: `/api/${string}` | '/api';
  auth: AuthLevel;
  access: TableAccess;
  /** Scopes `access` to these partitions: a public catalogue route cannot read users, e-mails or login counters. */
  partitions?: readonly TablePartition[];
  /** Partitions the route may only UpdateItem, beyond `access` (counters such as the sampled activity). */
  updates?: readonly TablePartition[];
  /** Signs or verifies tokens beyond the bearer check (sign-in, manage-booking links). */
  usesSigningKey?: boolean;
  /** Reads the payment provider's secrets (key secret, webhook secret). */
  usesPaymentSecrets?: boolean;
  /** Reads the manage-link key: opens a booking (or activates an account) from the link in its e-mails (functions/lib/bookings/manage-link.ts). */
  usesManageLinkKey?: boolean;
  /** Answers links on the site's own address (SITE_URL): the calendar feeds' URLs. */
  linksToSite?: boolean;
  /** Signs browser uploads to the site bucket's `media/` (MEDIA_BUCKET, MEDIA_UPLOAD_URL; s3:PutObject there). */
  uploadsMedia?: boolean;
  /** Runs its work in this job's function (Lambda Invoke, RequestResponse): work whose code would break the route's bundle budget. */
  invokesJob?: JobName;
  class?: RouteClass;
  handler?: string;
};

export const NOT_IMPLEMENTED_HANDLER = 'http/not-implemented';

export const httpRoutes = [
  // System
  { name: 'get-health', method: 'GET', path: '/api/health', auth: 'public', access: 'read', partitions: ['health'], handler: 'http/system/get-health' },
  {
    name: 'list-notifications',
    method: 'GET',
    path: '/api/notifications',
    auth: 'user',
    access: 'read',
    partitions: ['feed'],
    handler: 'http/system/list-notifications',
  },
  // The API's own description: docs/openapi.json (written by `npm run openapi`), bundled into the function.
  { name: 'get-openapi', method: 'GET', path: '/api/openapi.json', auth: 'public', access: 'none', handler: 'http/system/get-openapi' },

  // Auth (docs/product.md#account, docs/product.md#admin-sign-in). register and login share a path: ?action=register|login
  {
    name: 'auth',
    method: 'POST',
    path: '/api/auth',
    auth: 'public',
    access: 'write',
    usesSigningKey: true,
    class: 'sign-in',
    handler: 'http/auth/register-or-login',
  },
  {
    name: 'admin-login',
    method: 'POST',
    path: '/api/auth/admin-login',
    auth: 'public',
    access: 'write',
    usesSigningKey: true,
    class: 'sign-in',
    handler: 'http/auth/admin-login',
  },
  // The link e-mailed at sign-up: activates the account and signs in (so it signs a token); the
  // link is an HMAC with the e-mail link key (functions/lib/account-activation.ts).
  {
    name: 'activate-account',
    method: 'POST',
    path: '/api/auth/activate',
    auth: 'public',
    access: 'write',
    usesSigningKey: true,
    usesManageLinkKey: true,
    handler: 'http/auth/activate-account',
  },
  { name: 'get-profile', method: 'GET', path: '/api/auth/profile', auth: 'user', access: 'read', handler: 'http/auth/get-profile' },
  { name: 'update-profile', method: 'PUT', path: '/api/auth/profile', auth: 'user', access: 'write', handler: 'http/auth/update-profile' },

  // Villa types: the kinds of stay guests choose, each with its units (docs/product.md#villa-types-tab)
  { name: 'list-stay-types', method: 'GET', path: '/api/admin/stay-types', auth: 'manager', access: 'read', handler: 'http/admin/stay-types/list-stay-types' },
  {
    name: 'create-stay-type',
    method: 'POST',
    path: '/api/admin/stay-types',
    auth: 'manager',
    access: 'write',
    handler: 'http/admin/stay-types/create-stay-type',
  },
  {
    name: 'update-stay-type',
    method: 'PUT',
    path: '/api/admin/stay-types/{id}',
    auth: 'manager',
    access: 'write',
    handler: 'http/admin/stay-types/update-stay-type',
  },
  {
    name: 'create-image-upload',
    method: 'POST',
    path: '/api/admin/media',
    auth: 'manager',
    access: 'read',
    partitions: ['accounts'],
    uploadsMedia: true,
    handler: 'http/admin/media/create-image-upload',
  },

  // Cottages
  {
    name: 'list-cottages',
    method: 'GET',
    path: '/api/cottages',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    handler: 'http/cottages/list-cottages',
  },
  {
    name: 'get-cottage',
    method: 'GET',
    path: '/api/cottages/{id}',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    handler: 'http/cottages/get-cottage',
  },
  {
    name: 'check-availability',
    method: 'POST',
    path: '/api/cottages/{id}/availability',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    updates: ['activity'],
    handler: 'http/cottages/check-availability',
  },
  {
    name: 'get-availability-calendar',
    method: 'GET',
    path: '/api/cottages/{id}/availability',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    handler: 'http/cottages/get-availability-calendar',
  },
  {
    name: 'list-all-cottages',
    method: 'GET',
    path: '/api/cottages/admin/all',
    auth: 'manager',
    access: 'read',
    handler: 'http/cottages/list-all-cottages',
  },
  { name: 'create-cottage', method: 'POST', path: '/api/cottages/admin/create', auth: 'manager', access: 'write', handler: 'http/cottages/create-cottage' },
  { name: 'update-cottage', method: 'PUT', path: '/api/cottages/admin/update/{id}', auth: 'manager', access: 'write', handler: 'http/cottages/update-cottage' },
  {
    name: 'delete-cottage',
    method: 'DELETE',
    path: '/api/cottages/admin/delete/{id}',
    auth: 'manager',
    access: 'write',
    handler: 'http/cottages/delete-cottage',
  },
  {
    name: 'set-cottage-pricing',
    method: 'PATCH',
    path: '/api/cottages/{id}/pricing',
    auth: 'manager',
    access: 'write',
    handler: 'http/cottages/set-cottage-pricing',
  },

  // Packages
  {
    name: 'list-packages',
    method: 'GET',
    path: '/api/packages',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    handler: 'http/packages/list-packages',
  },
  {
    name: 'get-package',
    method: 'GET',
    path: '/api/packages/{id}',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    handler: 'http/packages/get-package',
  },
  {
    name: 'calculate-package-pricing',
    method: 'POST',
    path: '/api/packages/calculate-pricing',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    handler: 'http/packages/calculate-pricing',
  },
  { name: 'list-all-packages', method: 'GET', path: '/api/packages/admin/all', auth: 'manager', access: 'read', handler: 'http/packages/list-all-packages' },
  { name: 'create-package', method: 'POST', path: '/api/packages/admin', auth: 'manager', access: 'write', handler: 'http/packages/create-package' },
  { name: 'update-package', method: 'PUT', path: '/api/packages/admin/{id}', auth: 'manager', access: 'write', handler: 'http/packages/update-package' },
  { name: 'delete-package', method: 'DELETE', path: '/api/packages/admin/{id}', auth: 'manager', access: 'write', handler: 'http/packages/delete-package' },
  { name: 'get-package-stats', method: 'GET', path: '/api/packages/admin/stats', auth: 'manager', access: 'read', handler: 'http/packages/get-package-stats' },

  // Safaris
  {
    name: 'list-safaris',
    method: 'GET',
    path: '/api/safaris',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    handler: 'http/safaris/list-safaris',
  },
  {
    name: 'get-safari',
    method: 'GET',
    path: '/api/safaris/{id}',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    handler: 'http/safaris/get-safari',
  },
  {
    name: 'get-safari-available-dates',
    method: 'GET',
    path: '/api/safaris/{id}/available-dates',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    handler: 'http/safaris/get-available-dates',
  },
  {
    name: 'get-safari-slots',
    method: 'GET',
    path: '/api/safaris/{id}/slots/{date}',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    handler: 'http/safaris/get-slots',
  },
  {
    name: 'validate-safari-selection',
    method: 'POST',
    path: '/api/safaris/validate-selection',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    handler: 'http/safaris/validate-selection',
  },
  { name: 'list-all-safaris', method: 'GET', path: '/api/safaris/admin/all', auth: 'manager', access: 'read', handler: 'http/safaris/list-all-safaris' },
  { name: 'create-safari', method: 'POST', path: '/api/safaris/admin', auth: 'manager', access: 'write', handler: 'http/safaris/create-safari' },
  { name: 'update-safari', method: 'PUT', path: '/api/safaris/admin/{id}', auth: 'manager', access: 'write', handler: 'http/safaris/update-safari' },
  { name: 'delete-safari', method: 'DELETE', path: '/api/safaris/admin/{id}', auth: 'manager', access: 'write', handler: 'http/safaris/delete-safari' },
  { name: 'get-safari-stats', method: 'GET', path: '/api/safaris/admin/stats', auth: 'manager', access: 'read', handler: 'http/safaris/get-safari-stats' },

  // Bookings (GET /api/bookings is the admin list and, with ?stats, the dashboard figures)
  {
    name: 'create-booking',
    method: 'POST',
    path: '/api/bookings',
    auth: 'optional',
    access: 'write',
    usesSigningKey: true,
    class: 'booking',
    handler: 'http/bookings/create-booking',
  },
  { name: 'list-bookings', method: 'GET', path: '/api/bookings', auth: 'staff', access: 'read', handler: 'http/bookings/list-bookings' },
  {
    name: 'create-staff-booking',
    method: 'POST',
    path: '/api/bookings/admin',
    auth: 'staff',
    access: 'write',
    class: 'booking',
    handler: 'http/bookings/create-staff-booking',
  },
  {
    name: 'get-booking-details',
    method: 'GET',
    path: '/api/bookings/{id}/details',
    auth: 'staff',
    access: 'read',
    handler: 'http/bookings/get-booking-details',
  },
  {
    name: 'get-booking-by-reference',
    method: 'GET',
    path: '/api/bookings/reference/{reference}',
    auth: 'public',
    access: 'read',
    partitions: ['booking-lookup'],
    updates: ['lookup-limits'],
    usesManageLinkKey: true,
    handler: 'http/bookings/get-booking-by-reference',
  },
  {
    name: 'cancel-booking-by-reference',
    method: 'PUT',
    path: '/api/bookings/reference/{reference}/cancel',
    auth: 'public',
    access: 'write',
    // The booking and its reference, and the nights and seats it frees (villas' and safaris' partitions).
    partitions: ['booking-lookup', 'catalogue'],
    // Its rate limit, and the owners' unpaid holds and stays it leaves (functions/lib/db/unpaid-owners.ts).
    updates: ['lookup-limits', 'open-holds'],
    usesManageLinkKey: true,
    handler: 'http/bookings/cancel-booking-by-reference',
  },
  { name: 'list-my-bookings', method: 'GET', path: '/api/bookings/my-bookings', auth: 'user', access: 'read', handler: 'http/bookings/list-my-bookings' },
  { name: 'get-booking', method: 'GET', path: '/api/bookings/{id}', auth: 'user', access: 'read', handler: 'http/bookings/get-booking' },
  { name: 'cancel-booking', method: 'PUT', path: '/api/bookings/{id}/cancel', auth: 'user', access: 'write', handler: 'http/bookings/cancel-booking' },
  // Staff check guests in and out; confirming and cancelling take a manager (shared/booking-admin.ts).
  {
    name: 'update-booking-status',
    method: 'PATCH',
    path: '/api/bookings/{id}/status',
    auth: 'staff',
    access: 'write',
    handler: 'http/bookings/update-booking-status',
  },
  {
    name: 'update-booking-payment',
    method: 'PATCH',
    path: '/api/bookings/{id}/payment',
    auth: 'manager',
    access: 'write',
    handler: 'http/bookings/update-booking-payment',
  },

  // Payments (issue 9): Razorpay, or its built-in test stand-in; the payment functions alone read its secrets.
  {
    name: 'create-payment-order',
    method: 'POST',
    path: '/api/payments/create-order',
    auth: 'public',
    access: 'write',
    usesPaymentSecrets: true,
    class: 'booking',
    partitions: ['booking-lookup', 'payments'],
    handler: 'http/payments/create-order',
  },
  {
    name: 'verify-payment',
    method: 'POST',
    path: '/api/payments/verify-payment',
    auth: 'public',
    access: 'write',
    usesPaymentSecrets: true,
    class: 'booking',
    partitions: ['booking-lookup', 'payments', 'catalogue'],
    // The owners' unpaid holds a paid booking leaves (functions/lib/db/unpaid-owners.ts).
    updates: ['open-holds'],
    handler: 'http/payments/verify-payment',
  },
  {
    name: 'test-checkout',
    method: 'POST',
    path: '/api/payments/test-checkout',
    auth: 'public',
    access: 'write',
    usesPaymentSecrets: true,
    partitions: ['booking-lookup', 'payments', 'catalogue'],
    handler: 'http/payments/test-checkout',
  },
  {
    name: 'record-offline-payment',
    method: 'POST',
    path: '/api/payments/offline-payment',
    auth: 'public',
    access: 'write',
    usesManageLinkKey: true,
    // The booking, its nights (no longer expiring) and the owners' unpaid holds it leaves; the lookup's rate limit.
    partitions: ['booking-lookup', 'catalogue'],
    updates: ['lookup-limits', 'open-holds'],
    handler: 'http/payments/record-offline-payment',
  },
  {
    name: 'list-booking-payments',
    method: 'GET',
    path: '/api/payments/booking/{bookingId}',
    auth: 'optional',
    access: 'read',
    usesManageLinkKey: true,
    partitions: ['booking-lookup'],
    handler: 'http/payments/list-booking-payments',
  },
  {
    name: 'payment-webhook',
    method: 'POST',
    path: '/api/payments/webhook',
    auth: 'public',
    access: 'write',
    usesPaymentSecrets: true,
    partitions: ['booking-lookup', 'payments', 'catalogue'],
    updates: ['open-holds'],
    handler: 'http/payments/payment-webhook',
  },
  { name: 'list-payments', method: 'GET', path: '/api/payments/admin', auth: 'manager', access: 'read', handler: 'http/payments/list-payments' },
  { name: 'get-payment-stats', method: 'GET', path: '/api/payments/admin/stats', auth: 'manager', access: 'read', handler: 'http/payments/get-payment-stats' },

  // Pricing and reports
  { name: 'list-pricing-rules', method: 'GET', path: '/api/admin/pricing', auth: 'manager', access: 'read', handler: 'http/admin/pricing/list-pricing-rules' },
  {
    name: 'create-pricing-rule',
    method: 'POST',
    path: '/api/admin/pricing',
    auth: 'manager',
    access: 'write',
    handler: 'http/admin/pricing/create-pricing-rule',
  },
  {
    name: 'update-pricing-rule',
    method: 'PUT',
    path: '/api/admin/pricing/{id}',
    auth: 'manager',
    access: 'write',
    handler: 'http/admin/pricing/update-pricing-rule',
  },
  {
    name: 'delete-pricing-rule',
    method: 'DELETE',
    path: '/api/admin/pricing/{id}',
    auth: 'manager',
    access: 'write',
    handler: 'http/admin/pricing/delete-pricing-rule',
  },
  {
    name: 'bulk-update-pricing',
    method: 'POST',
    path: '/api/admin/pricing/bulk-update',
    auth: 'manager',
    access: 'write',
    handler: 'http/admin/pricing/bulk-update-pricing',
  },
  {
    name: 'get-revenue-report',
    method: 'GET',
    path: '/api/admin/reports/revenue',
    auth: 'manager',
    access: 'read',
    handler: 'http/admin/reports/get-revenue-report',
  },
  {
    name: 'get-occupancy-report',
    method: 'GET',
    path: '/api/admin/reports/occupancy',
    auth: 'manager',
    access: 'read',
    handler: 'http/admin/reports/get-occupancy-report',
  },
  {
    name: 'list-report-exports',
    method: 'GET',
    path: '/api/admin/reports/exports',
    auth: 'manager',
    access: 'read',
    handler: 'http/admin/reports/list-report-exports',
  },
  {
    name: 'create-report-export',
    method: 'POST',
    path: '/api/admin/reports/exports',
    auth: 'manager',
    access: 'write',
    handler: 'http/admin/reports/create-report-export',
  },
  { name: 'list-audit-log', method: 'GET', path: '/api/admin/audit', auth: 'manager', access: 'read', handler: 'http/admin/audit/list-audit-log' },

  // The inventory calendar (tape chart): every unit's nights over a range (docs/product.md#inventory-calendar)
  { name: 'get-inventory', method: 'GET', path: '/api/admin/inventory', auth: 'staff', access: 'read', handler: 'http/admin/inventory/get-inventory' },

  // Date blocks: nights of a unit taken off sale, claimed like a booking's (docs/product.md#date-blocks)
  { name: 'list-blocks', method: 'GET', path: '/api/admin/blocks', auth: 'staff', access: 'read', handler: 'http/admin/blocks/list-blocks' },
  { name: 'create-block', method: 'POST', path: '/api/admin/blocks', auth: 'manager', access: 'write', handler: 'http/admin/blocks/create-block' },
  { name: 'delete-block', method: 'DELETE', path: '/api/admin/blocks/{id}', auth: 'manager', access: 'write', handler: 'http/admin/blocks/delete-block' },

  // Calendar sync with the booking channels (iCalendar): each unit's own feed, and the feeds it imports (docs/product.md#calendar-sync)
  {
    name: 'get-ical-feed',
    method: 'GET',
    path: '/api/ical/{feed}',
    auth: 'public',
    access: 'read',
    partitions: ['catalogue'],
    usesManageLinkKey: true,
    handler: 'http/channels/get-ical-feed',
  },
  {
    name: 'list-channels',
    method: 'GET',
    path: '/api/admin/channels',
    auth: 'manager',
    access: 'read',
    usesManageLinkKey: true,
    linksToSite: true,
    handler: 'http/admin/channels/list-channels',
  },
  {
    name: 'rotate-ical-feed',
    method: 'POST',
    path: '/api/admin/channels/feeds/{cottageId}/rotate',
    auth: 'manager',
    access: 'write',
    usesManageLinkKey: true,
    linksToSite: true,
    handler: 'http/admin/channels/rotate-ical-feed',
  },
  { name: 'create-channel', method: 'POST', path: '/api/admin/channels', auth: 'manager', access: 'write', handler: 'http/admin/channels/create-channel' },
  {
    name: 'delete-channel',
    method: 'DELETE',
    path: '/api/admin/channels/{id}',
    auth: 'manager',
    access: 'write',
    handler: 'http/admin/channels/delete-channel',
  },
  {
    name: 'sync-channel',
    method: 'POST',
    path: '/api/admin/channels/{id}/sync',
    auth: 'manager',
    // The job's function does the sync's reads and writes; this one reads only the caller's account.
    access: 'read',
    partitions: ['accounts'],
    class: 'worker',
    invokesJob: 'sync-channels',
    handler: 'http/admin/channels/sync-channel',
  },

  // Users (admin only: accounts, roles, password resets, sign-in lockouts)
  { name: 'list-users', method: 'GET', path: '/api/admin/users', auth: 'admin', access: 'read', handler: 'http/admin/users/list-users' },
  { name: 'create-user', method: 'POST', path: '/api/admin/users', auth: 'admin', access: 'write', class: 'sign-in', handler: 'http/admin/users/create-user' },
  { name: 'update-user', method: 'PUT', path: '/api/admin/users/{id}', auth: 'admin', access: 'write', handler: 'http/admin/users/update-user' },
  { name: 'delete-user', method: 'DELETE', path: '/api/admin/users/{id}', auth: 'admin', access: 'write', handler: 'http/admin/users/delete-user' },
  {
    name: 'reset-user-password',
    method: 'POST',
    path: '/api/admin/users/{id}/reset-password',
    auth: 'admin',
    access: 'write',
    class: 'sign-in',
    handler: 'http/admin/users/reset-user-password',
  },
  { name: 'unlock-user', method: 'POST', path: '/api/admin/users/{id}/unlock', auth: 'admin', access: 'write', handler: 'http/admin/users/unlock-user' },
] as const satisfies readonly HttpRoute[];

export type HttpRouteName = (typeof httpRoutes)[number]['name'];

/** The WebSocket API's routes (route selection on `$request.body.action`, all handled by $default). */
export type WsRoute = { name: string; routeKey: '$connect' | '$disconnect' | '$default'; handler: string };

export const wsRoutes = [
  { name: 'ws-connect', routeKey: '$connect', handler: 'ws/connect' },
  { name: 'ws-disconnect', routeKey: '$disconnect', handler: 'ws/disconnect' },
  { name: 'ws-default', routeKey: '$default', handler: 'ws/default' },
] as const satisfies readonly WsRoute[];

export const isImplemented = (route: HttpRoute): boolean => route.handler !== undefined;

/** The module a route runs: its own handler, or the 501 handler while it is planned. */
export const handlerModule = (route: HttpRoute): string => route.handler ?? NOT_IMPLEMENTED_HANDLER;

export const routeKey = (route: HttpRoute): string => `${route.method} ${route.path}`;
/**
 * `METHOD /path` -> auth level for each of `routes` (all by default) that is not admin-only: what
 * the HTTP middleware enforces (see functions/lib/http/route-auth.ts). A route missing from the map
 * is admin-only (the strictest level), as is any route key the map does not know: the map can only
 * ever open less.
 */
export const routeAuthLevelsFromTable = (routes: readonly HttpRoute[] = httpRoutes): Record<string, AuthLevel> =>
  Object.fromEntries(routes.filter((route) => route.auth !== 'admin').map((route) => [routeKey(route), route.auth]));

export const routeClassOf = (route: HttpRoute): RouteClass => route.class ?? 'standard';

/** Routes whose function needs the JWT signing key: any that checks a sign-in, or signs or verifies tokens itself. */
export const needsSigningKey = (route: HttpRoute): boolean => route.auth !== 'public' || route.usesSigningKey === true;

/** Jobs run on a schedule (EventBridge on AWS, a timer under npm start). */
export const jobs = [
  { name: 'release-expired-holds', handler: 'jobs/release-expired-holds', everyMinutes: 1, access: 'write', notifies: false },
  // Every channel calendar a unit imports (docs/product.md#calendar-sync); also invoked by the sync-now route.
  { name: 'sync-channels', handler: 'jobs/sync-channels', everyMinutes: 15, access: 'write', notifies: false },
] as const;

export type JobName = (typeof jobs)[number]['name'];

/**
 * The one consumer of the table's stream (docs/architecture.md#4-writes-and-their-side-effects-the-table-stream): every side effect of a write (WebSocket
 * fan-out, e-mail, notification feed, report aggregates) is done here from the item's old and new
 * images, so request handlers only write and answer. Stream settings: functions/streams/stream-filter.ts.
 */
export const streamConsumers = [
  // It writes only what the stream causes: feed entries, report counters, its once-only marks, gone
  // connections, and a cancelled booking's refund (the booking's own partition); it reads the
  // payment secrets (refunds) and the manage-link key (the link in every e-mail).
  {
    name: 'table-events',
    handler: 'streams/table-events',
    access: 'write',
    partitions: ['feed', 'reports', 'effects', 'connections', 'booking-lookup'],
    notifies: true,
    sendsMail: true,
  },
] as const;

/**
 * Secrets Manager rotation functions (invoked by Secrets Manager on the secret's schedule, never on
 * a timer): the JWT signing key gets a fresh random key every `everyDays`, and tokens name the key
 * (`kid`) they were signed with, so the previous key keeps verifying until the next rotation.
 */
export const secretRotations = [{ name: 'rotate-signing-key', handler: 'jobs/rotate-signing-key', secret: 'jwt-signing-key', everyDays: 30 }] as const;
