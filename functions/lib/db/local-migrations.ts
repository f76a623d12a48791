import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import * as pricingRuleKeys from './keys/pricing-rule.ts';
import { queryAll, withoutStorageAttributes } from './query.ts';
import { transact, TransactionRefused } from './transactions.ts';

/**
 * Moves of data that an older version of this code wrote, run by `npm start` on the local table
 * (infra/local/seed.ts) before anything reads it. Each is safe to run again and to interrupt.
 */

/**
 * Pricing rules once had a partition each, listed on gsi1; they now share one partition, read
 * strongly (functions/lib/db/keys/pricing-rule.ts). Each rule moves in one transaction (the new
 * item, only if absent, and the old one's delete). Answers how many were moved.
 */
export async function moveLegacyPricingRules(): Promise<number> {
  const legacy = (
    await queryAll({ IndexName: 'gsi1', KeyConditionExpression: 'gsi1pk = :pk', ExpressionAttributeValues: { ':pk': pricingRuleKeys.listPartition } })
  ).filter((item) => String(item.pk).startsWith(pricingRuleKeys.legacyItem('').pk));
  for (const item of legacy) {
    const rule = withoutStorageAttributes(item);
    await transact([
      {
        Put: {
          TableName: tableName,
          Item: { ...pricingRuleKeys.item(String(rule.id)), entity: 'pricing-rule', ...rule },
          ConditionExpression: 'attribute_not_exists(pk)',
        },
      },
      { Delete: { TableName: tableName, Key: { pk: String(item.pk), sk: String(item.sk) } } },
    ]).catch((error: unknown) => {
      // Moved already by a start that stopped before the delete: only the old copy goes.
      if (!(error instanceof TransactionRefused)) throw error;
      return documentClient.send(new DeleteCommand({ TableName: tableName, Key: { pk: String(item.pk), sk: String(item.sk) } }));
    });
  }
  return legacy.length;
}
