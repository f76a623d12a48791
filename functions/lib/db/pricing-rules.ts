import type { PricingRule } from '../../../shared/pricing-rules.ts';
import * as pricingRuleKeys from './keys/pricing-rule.ts';
import { queryAll, withoutStorageAttributes } from './query.ts';

/**
 * Pricing rules as the quote reads them. Reading trusts the items, as the catalogue's reads do:
 * every write goes through pricing-rule-writes.ts, which validates them, so the booking, quote and
 * calendar functions carry no rule schema.
 */
export async function listPricingRules(): Promise<PricingRule[]> {
  const items = await queryAll({
    IndexName: 'gsi1',
    KeyConditionExpression: 'gsi1pk = :pk',
    ExpressionAttributeValues: { ':pk': pricingRuleKeys.listPartition },
  });
  return items.map((item) => withoutStorageAttributes(item) as PricingRule);
}
