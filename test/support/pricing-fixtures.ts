import type { PricingRule } from '../../shared/pricing-rules.ts';

/** A pricing rule active through January 2027 (10% off 'Winter Escape' on villas), with `overrides`. */
export const pricingRule = (overrides: Partial<PricingRule> = {}): PricingRule => ({
  id: 'r1',
  service_name: 'Winter Escape',
  service_type: 'cottage',
  currency: 'INR',
  season: 'winter',
  discount_percentage: 10,
  valid_from: '2027-01-01',
  valid_until: '2027-01-31',
  min_stay: 1,
  max_stay: 30,
  description: 'x',
  status: 'active',
  ...overrides,
});
