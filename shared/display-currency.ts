import * as z from 'zod/mini';
import './validation.ts';

/*
 * Display currencies: a guest may see an approximate price in a currency they know beside every
 * rupee amount. INR stays what is quoted and charged; the rates are the stage's (infra/stage-config.ts),
 * carried to the browser in /config.json, and only ever used to show 'approx. $596'.
 */

/** What the site charges in, always shown first. */
export const CHARGED_CURRENCY = 'INR';

/** An ISO 4217 code other than INR: 'USD', 'EUR', 'GBP'. */
export const displayCurrencyCodeSchema = z.string().check(
  z.regex(/^[A-Z]{3}$/, 'A display currency is a three-letter ISO 4217 code'),
  z.refine((code: string) => code !== CHARGED_CURRENCY, 'INR is what is charged, not a display currency'),
);

/** code -> rupees per one unit of that currency (USD: 84 means $1 = ₹84). */
export const displayCurrenciesSchema = z.record(displayCurrencyCodeSchema, z.number().check(z.gt(0, 'A rate is rupees per unit, above 0')));
export type DisplayCurrencies = z.infer<typeof displayCurrenciesSchema>;

/** The stages' rates unless a stage says otherwise: rupees per unit, rounded; approximations, never charged. */
export const DEFAULT_DISPLAY_CURRENCIES: DisplayCurrencies = { USD: 84, EUR: 91, GBP: 108 };

/** Rupees in another currency at `inrPerUnit` rupees per unit. */
export function convertFromInr(rupees: number, inrPerUnit: number): number {
  if (!(inrPerUnit > 0) || !Number.isFinite(inrPerUnit)) throw new RangeError(`Not a rate: ${inrPerUnit}`);
  return rupees / inrPerUnit;
}

// One formatter per currency, built on first use (building one loads locale data).
const formatters = new Map<string, Intl.NumberFormat>();

/** An amount in a foreign currency, whole units, with its usual symbol: '$596', '€548', '£463'. */
export function formatForeign(amount: number, code: string): string {
  let formatter = formatters.get(code);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: code, maximumFractionDigits: 0, minimumFractionDigits: 0 });
    formatters.set(code, formatter);
  }
  return formatter.format(amount);
}

/**
 * 'approx. $596' for a rupee amount in the chosen display currency, or undefined when there is
 * nothing to add: INR chosen, or no rate for the code (the stage dropped it).
 */
export function approxInCurrency(rupees: number, code: string, rates: DisplayCurrencies): string | undefined {
  if (code === CHARGED_CURRENCY) return undefined;
  const rate = rates[code];
  if (rate === undefined || !(rate > 0)) return undefined;
  return `approx. ${formatForeign(convertFromInr(rupees, rate), code)}`;
}
