import * as z from 'zod/mini';
import { isIsoDate } from './stay.ts';
import './zod-locale.ts';

const isoDate = z.string().check(z.refine(isIsoDate, 'Dates look like 2026-12-24'));

/**
 * A pricing rule staff set in the portal (admin section 3): a percentage off a service, valid for
 * dates, and only for stays of min..max nights. `applies_to` narrows it to one villa type, cottage,
 * package or safari; without it the rule covers the whole service type.
 */
export const pricingRuleSchema = z
  .object({
    id: z.string().check(z.minLength(1), z.maxLength(64)),
    service_name: z.string().check(z.minLength(1), z.maxLength(120)),
    service_type: z.enum(['cottage', 'safari', 'package', 'activity', 'meal']),
    applies_to: z.optional(z.string().check(z.minLength(1), z.maxLength(64))),
    currency: z._default(z.enum(['INR', 'USD', 'EUR', 'GBP']), 'INR'),
    season: z._default(z.enum(['all-year', 'peak', 'off-peak', 'monsoon', 'winter']), 'all-year'),
    discount_percentage: z.number().check(z.minimum(0), z.maximum(100)),
    valid_from: isoDate,
    valid_until: isoDate,
    min_stay: z._default(z.number().check(z.int(), z.minimum(1)), 1),
    max_stay: z._default(z.number().check(z.int(), z.minimum(1)), 30),
    description: z.string().check(z.minLength(1), z.maxLength(500)),
    status: z.enum(['active', 'inactive', 'seasonal', 'promotional']),
  })
  .check(
    z.refine((rule) => rule.valid_from <= rule.valid_until, { message: 'valid_until must not be before valid_from', path: ['valid_until'] }),
    z.refine((rule) => rule.min_stay <= rule.max_stay, { message: 'max_stay must not be below min_stay', path: ['max_stay'] }),
  );
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
