/**
 * What the generator cannot read from a built handler: the statuses a route answers beyond the
 * rules in build-document.ts, and the shape of `data` where shared/ has a schema for it. The
 * contract test (test/integration/sample-events.test.ts) fails when a route answers its sample
 * event with a status or a body this does not describe.
 */
import type * as z from 'zod/mini';
import type { HttpRouteName } from '../../functions/routes.ts';
import { healthSchema } from '../../shared/api.ts';

/** Success statuses other than 200: what the handler returns as `statusCode` (functions/lib/http/handler.ts RouteOutput). */
export const successStatuses: Partial<Record<HttpRouteName, readonly number[]>> = {
  // Sign-in answers 200; registration 202 with the same body whether or not the address has an account.
  auth: [200, 202],
  'create-booking': [201],
  'create-staff-booking': [201],
  'create-stay-type': [201],
  'create-image-upload': [201],
  'create-cottage': [201],
  'create-package': [201],
  'create-safari': [201],
  'create-pricing-rule': [201],
  'create-report-export': [201],
  'create-user': [201],
  'create-block': [201],
  'create-channel': [201],
};

/** Failures a route raises itself beyond the generic ones (always in the error envelope). */
export const routeErrorStatuses: Partial<Record<HttpRouteName, readonly number[]>> = {
  // An expired activation link.
  'activate-account': [410],
  // An Idempotency-Key reused for a different booking.
  'create-booking': [422],
  // The payment provider did not answer.
  'create-payment-order': [502],
  'verify-payment': [502],
  // The channel's calendar could not be fetched or read; one manual sync a minute per feed.
  'sync-channel': [429, 502],
};

/** The schema of `data` in a route's success envelope, where one exists; elsewhere `data` is left open. */
export const dataSchemas: Partial<Record<HttpRouteName, z.core.$ZodType>> = {
  'get-health': healthSchema,
};
