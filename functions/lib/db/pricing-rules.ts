import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { pricingRuleSchema, type PricingRule } from '../../../shared/pricing-rules.ts';
import { documentClient, tableName } from './client.ts';
import { pricingRuleKeys } from './keys.ts';
import { queryAll, withoutStorageAttributes } from './query.ts';

export async function listPricingRules(): Promise<PricingRule[]> {
  const items = await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': 'PRICING_RULES' } });
  return items.map((item) => pricingRuleSchema.parse(withoutStorageAttributes(item)));
}

export async function putPricingRule(rule: PricingRule): Promise<void> {
  await documentClient.send(
    new PutCommand({
      TableName: tableName,
      Item: { ...pricingRuleKeys.item(rule.id), ...pricingRuleKeys.listing(rule.id), entity: 'pricing-rule', ...pricingRuleSchema.parse(rule) },
    }),
  );
}
