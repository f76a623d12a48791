import type { RouteClass, TablePartition } from '../functions/routes.ts';
import {
  activityKeys,
  bookingKeys,
  connectionKeys,
  cottageKeys,
  effectKeys,
  feedKeys,
  healthKeys,
  lookupLimitKeys,
  openHoldKeys,
  paymentKeys,
  packageKeys,
  pricingRuleKeys,
  reportKeys,
  safariKeys,
  stayTypeKeys,
  userKeys,
} from '../functions/lib/db/keys.ts';

/**
 * What each class of route gets on AWS. Sign-in hashes with scrypt (128 MiB, CPU-bound: Lambda CPU
 * scales with memory); booking creation runs the big transaction; everything else reads.
 * HTTP API route limits are one bucket shared by every visitor, so they cap what the backend and
 * the bill take, not what one client may do: a low sign-in limit would let one client lock every
 * guest out. Brute force is stopped per address by the login lockout (and, per IP, by a WAF
 * rate rule where one is attached).
 */
export const routeClassSettings: Record<RouteClass, { memoryMb: number; timeoutSeconds: number; rateLimit: number; burstLimit: number }> = {
  standard: { memoryMb: 512, timeoutSeconds: 10, rateLimit: 200, burstLimit: 400 },
  'sign-in': { memoryMb: 1024, timeoutSeconds: 10, rateLimit: 50, burstLimit: 100 },
  booking: { memoryMb: 1024, timeoutSeconds: 15, rateLimit: 50, burstLimit: 100 },
  // Waits on a job's function (API Gateway's HTTP integrations end at 30 seconds); staff-only and rare.
  worker: { memoryMb: 256, timeoutSeconds: 29, rateLimit: 5, burstLimit: 10 },
};

const ANY = '*';

/**
 * The partition key values (IAM `StringLike` patterns on `dynamodb:LeadingKeys`) of each group of
 * partitions a route may be scoped to, spelled by the key design itself (functions/lib/db/keys.ts)
 * so the two cannot drift. For a Query on a GSI, LeadingKeys is the index's partition key value, so
 * the listing partitions (COTTAGES, PACKAGES, SAFARIS, PRICING_RULES, AUDIENCE#...) are here too.
 * None of them matches a user, e-mail, login-counter, idempotency or audit partition.
 */
export const partitionKeyPatterns: Record<TablePartition, readonly string[]> = {
  // Villas and their nights, packages, safaris and their seats, pricing rules: what guests browse.
  catalogue: [
    stayTypeKeys.item(ANY).pk,
    stayTypeKeys.listPartition,
    cottageKeys.item(ANY).pk,
    cottageKeys.listPartition,
    packageKeys.item(ANY).pk,
    packageKeys.listPartition,
    safariKeys.item(ANY).pk,
    safariKeys.listPartition,
    pricingRuleKeys.listPartition,
  ],
  health: [healthKeys.pk],
  // A booking (and its payments) and the reference pointing at it: the manage-booking lookup.
  'booking-lookup': [bookingKeys.item(ANY).pk, bookingKeys.reference(ANY).pk],
  // The lookup's per-client-address counters (its rate limit), updated only.
  'lookup-limits': [lookupLimitKeys.window(ANY, '').pk],
  activity: [activityKeys.minute(ANY, '').pk],
  feed: [feedKeys.partition(ANY as 'admin')],
  reports: [reportKeys.yearPartition(ANY)],
  effects: [effectKeys.mail(ANY).pk],
  // The provider's orders (pointing at their booking), which order each payment id settled, handled webhook events, and the staff's payments listing (gsi1).
  payments: [paymentKeys.order(ANY).pk, paymentKeys.paymentOrder(ANY).pk, paymentKeys.webhookEvent(ANY).pk, paymentKeys.listPartition],
  // What each e-mail, phone and address leaves unpaid (functions/lib/db/unpaid-owners.ts): released with the booking.
  'open-holds': [openHoldKeys.of(ANY).pk],
  // A connection's own rows, and the audience listings on gsi1 (fan-out).
  connections: [connectionKeys.partition(ANY), connectionKeys.audiencePartition(ANY as 'admin')],
  // The account behind a token (read only, by signed-in routes that are otherwise scoped): never an e-mail claim or a login counter.
  accounts: [userKeys.item(ANY).pk],
};
