import * as z from 'zod/mini';
import './zod-locale.ts';

/** Every API answer uses one envelope: `{ success: true, data }` or `{ success: false, error, details? }`. */
export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = { success: false; error: string; details?: Record<string, string[]> };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  stage: z.string(),
  table: z.object({ reachable: z.boolean(), latencyMs: z.number().check(z.nonnegative()) }),
  time: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/** What the SPA reads from `/config.json` at boot: where the API and WebSocket live. */
export const siteConfigSchema = z.object({
  stage: z.string().check(z.minLength(1)),
  apiUrl: z.string().check(z.minLength(1)),
  wsUrl: z.string().check(z.minLength(1)),
  paymentMode: z.enum(['test', 'razorpay']),
  razorpayKeyId: z.optional(z.string()),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
