import type { RouteClass } from '../functions/routes.ts';

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
};
