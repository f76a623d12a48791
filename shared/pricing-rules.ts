/*
 * Applying pricing rules. Their schema (validating the portal's writes) is in pricing-rule-schema.ts,
 * so that quoting does not build it at import.
 */
import type { PricingRule } from './pricing-rule-schema.ts';

export type { PricingRule } from './pricing-rule-schema.ts';

/** Final price of a pricing row: base minus the percentage discount (docs/product.md#pricing-tab). */
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
