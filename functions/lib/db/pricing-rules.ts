import type { PricingRule } from '../../../shared/pricing-rules.ts';
import * as pricingRuleKeys from './keys/pricing-rule.ts';
import { queryAll, withoutStorageAttributes } from './query.ts';

/**
 * Pricing rules as the quote reads them. Reading trusts the items, as the catalogue's reads do:
 * every write goes through pricing-rule-writes.ts, which validates them, so the booking, quote and
 * calendar functions carry no rule schema.
 */
export async function listPricingRules(): Promise<PricingRule[]> {
  // One partition, read strongly: the next quote after a rule is saved applies it.
  const items = await queryAll({
    KeyConditionExpression: 'pk = :pk AND begins_with(sk, :rule)',
    ExpressionAttributeValues: { ':pk': pricingRuleKeys.listPartition, ':rule': pricingRuleKeys.rulePrefix },
    ConsistentRead: true,
  });
  return items.map((item) => withoutStorageAttributes(item) as PricingRule);
}
