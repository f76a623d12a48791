import * as v from 'valibot';
import { displayCurrenciesSchema } from './display-currency.ts';
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

/**
 * What the SPA reads from `/config.json` (beside its first render, never before it): where the API
 * and WebSocket live, how guests pay, and the display currencies' rates.
 */
export const siteConfigSchema = fields({
  stage: v.pipe(v.string(), v.minLength(1)),
  apiUrl: v.pipe(v.string(), v.minLength(1)),
  wsUrl: v.pipe(v.string(), v.minLength(1)),
  paymentMode: v.picklist(['test', 'razorpay']),
  razorpayKeyId: v.optional(v.string()),
  /** Currencies the header may show approximate prices in: code -> rupees per unit (INR is what is charged). None if absent. */
  displayCurrencies: v.optional(displayCurrenciesSchema, {}),
});
export type SiteConfig = v.InferOutput<typeof siteConfigSchema>;
