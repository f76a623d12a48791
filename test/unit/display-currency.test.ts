import * as z from 'zod/mini';
import { describe, expect, it } from 'vitest';
import { siteConfigSchema } from '../../shared/api.ts';
import { approxInCurrency, convertFromInr, DEFAULT_DISPLAY_CURRENCIES, displayCurrenciesSchema, formatForeign } from '../../shared/display-currency.ts';
import { formatInr } from '../../shared/money.ts';
import { siteConfigFor } from '../../infra/site-config.ts';
import { stageConfig } from '../../infra/stage-config.ts';

describe('display currencies', () => {
  it('converts rupees at rupees-per-unit rates and refuses a rate that is not one', () => {
    expect(convertFromInr(49_352, 84)).toBeCloseTo(587.52, 2);
    expect(convertFromInr(0, 91)).toBe(0);
    expect(() => convertFromInr(100, 0)).toThrow(RangeError);
    expect(() => convertFromInr(100, -84)).toThrow(RangeError);
    expect(() => convertFromInr(100, Number.NaN)).toThrow(RangeError);
  });

  it('formats whole units with the currency’s own symbol and Western grouping', () => {
    expect(formatForeign(596.4, 'USD')).toBe('$596');
    expect(formatForeign(547.6, 'EUR')).toBe('€548');
    expect(formatForeign(1_234_567, 'GBP')).toBe('£1,234,567');
    // A code without a narrow symbol stays unambiguous.
    expect(formatForeign(100, 'SGD')).toBe('SGD\u00a0100');
  });

  it("says 'approx.' beside INR, never for INR itself or for a currency without a rate", () => {
    const rates = { USD: 84, EUR: 91, GBP: 108 };
    expect(approxInCurrency(50_064, 'USD', rates)).toBe('approx. $596');
    expect(approxInCurrency(18_000, 'GBP', rates)).toBe('approx. £167');
    expect(approxInCurrency(18_000, 'INR', rates)).toBeUndefined();
    expect(approxInCurrency(18_000, 'JPY', rates)).toBeUndefined();
    // What is charged keeps Indian grouping.
    expect(formatInr(1_800_000)).toBe('₹18,00,000');
  });

  it('accepts only three-letter codes other than INR with positive rates', () => {
    expect(z.safeParse(displayCurrenciesSchema, { USD: 84, EUR: 91.5 }).success).toBe(true);
    expect(z.safeParse(displayCurrenciesSchema, {}).success).toBe(true);
    expect(z.safeParse(displayCurrenciesSchema, { INR: 1 }).success).toBe(false);
    expect(z.safeParse(displayCurrenciesSchema, { usd: 84 }).success).toBe(false);
    expect(z.safeParse(displayCurrenciesSchema, { USD: 0 }).success).toBe(false);
    expect(z.safeParse(displayCurrenciesSchema, { USD: Number.POSITIVE_INFINITY }).success).toBe(false);
  });
});

describe('the rates from the stage config to /config.json', () => {
  it('gives every stage display currencies, and lets a stage set its own', () => {
    for (const name of ['prod', 'staging', 'dev', 'feature-x']) expect(stageConfig(name).displayCurrencies).toEqual(DEFAULT_DISPLAY_CURRENCIES);
    expect(stageConfig('prod').displayCurrencies).toMatchObject({ USD: expect.any(Number), EUR: expect.any(Number), GBP: expect.any(Number) });
    expect(stageConfig('dev', { displayCurrencies: { USD: 83.5 } }).displayCurrencies).toEqual({ USD: 83.5 });
    expect(() => stageConfig('dev', { displayCurrencies: { INR: 1 } })).toThrow();
  });

  it('puts the stage’s rates in the deployed /config.json, which the SPA’s schema reads', () => {
    const config = siteConfigFor(stageConfig('prod', { razorpayKeyId: 'rzp_live_AbC123' }), 'wss://ws.example/live');
    expect(config).toEqual({
      stage: 'prod',
      apiUrl: '/api',
      wsUrl: 'wss://ws.example/live',
      paymentMode: 'razorpay',
      razorpayKeyId: 'rzp_live_AbC123',
      displayCurrencies: DEFAULT_DISPLAY_CURRENCIES,
      contact: { phone: '+91 80 4000 1234', email: 'stay@forest-resort.in' },
    });
    expect(z.parse(siteConfigSchema, JSON.parse(JSON.stringify(config)))).toEqual(config);
    // A /config.json from before display currencies still boots the site: none offered.
    const { displayCurrencies: _rates, ...older } = config;
    expect(z.parse(siteConfigSchema, older).displayCurrencies).toEqual({});
    expect(z.safeParse(siteConfigSchema, { ...config, displayCurrencies: { EUR: -1 } }).success).toBe(false);
  });
});
