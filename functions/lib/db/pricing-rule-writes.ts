import { PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod/mini';
import { pricingRuleSchema, type PricingRule } from '../../../shared/pricing-rule-schema.ts';
import { documentClient, tableName } from './client.ts';
import * as pricingRuleKeys from './keys/pricing-rule.ts';
import { getItem, withoutStorageAttributes } from './query.ts';

/**
 * A rule as stored. The portal's writes (below) build it from a body their route has validated
 * (shared/admin-pricing.ts), which the property tests prove always yields a rule the schema accepts
 * unchanged (test/unit/stored-shapes.test.ts), so they parse nothing twice.
 */
const itemOf = (rule: PricingRule) => ({ ...pricingRuleKeys.item(rule.id), entity: 'pricing-rule', ...rule });

/** Stores a pricing rule after validating it (with its defaults applied): the seed's way; the portal's writes are conditioned (below). */
export async function putPricingRule(rule: z.input<typeof pricingRuleSchema>): Promise<void> {
  await documentClient.send(new PutCommand({ TableName: tableName, Item: itemOf(z.parse(pricingRuleSchema, rule)) }));
}

/** One rule, read strongly (an update is conditioned on what was read). */
export async function getPricingRule(id: string): Promise<PricingRule | undefined> {
  const item = await getItem(pricingRuleKeys.item(id), true);
  return item ? (withoutStorageAttributes(item) as PricingRule) : undefined;
}

/** The Put of a new rule, for a transaction: refused if the id is taken. */
export function createPricingRuleWrite(rule: PricingRule) {
  return { Put: { TableName: tableName, Item: itemOf(rule), ConditionExpression: 'attribute_not_exists(pk)' } };
}

/**
 * The Put replacing a rule, for a transaction: refused unless the rule still exists and is as it was
 * read (`updated_at` unchanged), so two staff editing at once cannot overwrite each other silently.
 */
export function replacePricingRuleWrite(rule: PricingRule, seen: PricingRule) {
  return {
    Put: {
      TableName: tableName,
      Item: itemOf(rule),
      ConditionExpression: seen.updated_at ? 'attribute_exists(pk) AND updated_at = :seen' : 'attribute_exists(pk) AND attribute_not_exists(updated_at)',
      ...(seen.updated_at ? { ExpressionAttributeValues: { ':seen': seen.updated_at } } : {}),
    },
  };
}

/** The Delete of a rule, for a transaction: refused if it is gone. */
export function deletePricingRuleWrite(id: string) {
  return { Delete: { TableName: tableName, Key: pricingRuleKeys.item(id), ConditionExpression: 'attribute_exists(pk)' } };
}
