import * as v from 'valibot';
import { fields } from './validation.ts';

/** Every API answer uses one envelope: `{ success: true, data }` or `{ success: false, error, details? }`. */
export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = { success: false; error: string; details?: Record<string, string[]> };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export const healthSchema = fields({
  status: v.picklist(['ok', 'degraded']),
  stage: v.string(),
  table: fields({ reachable: v.boolean(), latencyMs: v.pipe(v.number(), v.minValue(0)) }),
  time: v.string(),
});
export type Health = v.InferOutput<typeof healthSchema>;

/** What the SPA reads from `/config.json` at boot: where the API and WebSocket live. */
export const siteConfigSchema = fields({
  stage: v.pipe(v.string(), v.minLength(1)),
  apiUrl: v.pipe(v.string(), v.minLength(1)),
  wsUrl: v.pipe(v.string(), v.minLength(1)),
  paymentMode: v.picklist(['test', 'razorpay']),
  razorpayKeyId: v.optional(v.string()),
});
export type SiteConfig = v.InferOutput<typeof siteConfigSchema>;
