import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as v from 'valibot';
import { pricingRuleSchema, type PricingRule } from '../../../shared/pricing-rule-schema.ts';
import { documentClient, tableName } from './client.ts';
import { pricingRuleKeys } from './keys.ts';

/** Stores a pricing rule after validating it (with its defaults applied): the only way rules are written. */
export async function putPricingRule(rule: PricingRule): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...pricingRuleKeys.item(rule.id), ...pricingRuleKeys.listing(rule.id), entity: 'pricing-rule', ...v.parse(pricingRuleSchema, rule) },
    }),
  );
}
