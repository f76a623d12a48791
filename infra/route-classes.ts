import type { RouteClass } from '../functions/routes.ts';

/**
 * What each class of route gets on AWS. Sign-in hashes with scrypt (128 MiB, CPU-bound: Lambda CPU
 * scales with memory) and is the brute-force target, so it is rate-limited hard; booking creation
 * runs the big transaction and is the scalping target; everything else reads.
 */
export const routeClassSettings: Record<RouteClass, { memoryMb: number; timeoutSeconds: number; rateLimit: number; burstLimit: number }> = {
  standard: { memoryMb: 512, timeoutSeconds: 10, rateLimit: 200, burstLimit: 400 },
  'sign-in': { memoryMb: 1024, timeoutSeconds: 10, rateLimit: 5, burstLimit: 10 },
  booking: { memoryMb: 1024, timeoutSeconds: 15, rateLimit: 20, burstLimit: 40 },
};
