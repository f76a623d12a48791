import * as z from 'zod/mini';
import { displayCurrenciesSchema } from './display-currency.ts';
import { DEFAULT_RESORT_CONTACT, resortContactSchema } from './resort-contact.ts';
import { minLength } from './validation.ts';

/** Every API answer uses one envelope: `{ success: true, data }` or `{ success: false, error, details? }`. */
export type ApiSuccess<T> = { success: true; data: T };
export type ApiFailure = { success: false; error: string; details?: Record<string, string[]> };
export type ApiResponse<T> = ApiSuccess<T> | ApiFailure;

export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  stage: z.string(),
  table: z.object({ reachable: z.boolean(), latencyMs: z.number().check(z.gte(0)) }),
  time: z.string(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * What the SPA reads from `/config.json` (beside its first render, never before it): where the API
 * and WebSocket live, how guests pay, the display currencies' rates and how guests reach the resort.
 */
export const siteConfigSchema = z.object({
  stage: z.string().check(minLength(1)),
  apiUrl: z.string().check(minLength(1)),
  wsUrl: z.string().check(minLength(1)),
  paymentMode: z.enum(['test', 'razorpay']),
  razorpayKeyId: z.optional(z.string()),
  /** Currencies the header may show approximate prices in: code -> rupees per unit (INR is what is charged). None if absent. */
  displayCurrencies: z._default(displayCurrenciesSchema, {}),
  /** The resort's phone and e-mail for guests; the sample resort's where absent. */
  contact: z._default(resortContactSchema, DEFAULT_RESORT_CONTACT),
});
export type SiteConfig = z.infer<typeof siteConfigSchema>;
