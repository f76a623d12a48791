import * as z from 'zod';
import { isIsoDate } from './stay.ts';

const isoDate = z.string().refine(isIsoDate, 'Dates look like 2026-12-24');

/**
 * A pricing rule staff set in the portal (admin section 3): a percentage off a service, valid for
 * dates, and only for stays of min..max nights. `applies_to` narrows it to one villa type, cottage,
 * package or safari; without it the rule covers the whole service type.
 */
export const pricingRuleSchema = z
  .object({
    id: z.string().min(1).max(64),
    service_name: z.string().min(1).max(120),
    service_type: z.enum(['cottage', 'safari', 'package', 'activity', 'meal']),
    applies_to: z.string().min(1).max(64).optional(),
    currency: z.enum(['INR', 'USD', 'EUR', 'GBP']).default('INR'),
    season: z.enum(['all-year', 'peak', 'off-peak', 'monsoon', 'winter']).default('all-year'),
    discount_percentage: z.number().min(0).max(100),
    valid_from: isoDate,
    valid_until: isoDate,
    min_stay: z.number().int().min(1).default(1),
    max_stay: z.number().int().min(1).default(30),
    description: z.string().min(1).max(500),
    status: z.enum(['active', 'inactive', 'seasonal', 'promotional']),
  })
  .refine((rule) => rule.valid_from <= rule.valid_until, { message: 'valid_until must not be before valid_from', path: ['valid_until'] })
  .refine((rule) => rule.min_stay <= rule.max_stay, { message: 'max_stay must not be below min_stay', path: ['max_stay'] });
export type PricingRule = z.infer<typeof pricingRuleSchema>;

/** Final price of a pricing row: base minus the percentage discount (admin section 5). */
export const discounted = (amount: number, percentage: number): number => Math.round(amount * (1 - percentage / 100));

/** The best (largest) discount among the rules that apply; rules never stack. */
export function bestRule(
  rules: readonly PricingRule[],
  filter: { serviceType: PricingRule['service_type']; targets: readonly string[]; date: string; nights: number },
): PricingRule | undefined {
  return rules
    .filter(
      (rule) =>
        rule.status !== 'inactive' &&
        rule.service_type === filter.serviceType &&
        (rule.applies_to === undefined || filter.targets.includes(rule.applies_to)) &&
        rule.valid_from <= filter.date &&
        filter.date <= rule.valid_until &&
        rule.min_stay <= filter.nights &&
        filter.nights <= rule.max_stay,
    )
    .sort((a, b) => b.discount_percentage - a.discount_percentage || a.id.localeCompare(b.id))[0];
}
