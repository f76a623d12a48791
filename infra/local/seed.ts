import { DeleteCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { cottageWrites, packageWrites, safariWrites } from '../../functions/lib/db/catalog-writes.ts';
import { documentClient, tableName } from '../../functions/lib/db/client.ts';
import { seedMarkerKeys } from '../../functions/lib/db/keys.ts';
import * as pricingRuleKeys from '../../functions/lib/db/keys/pricing-rule.ts';
import { getItem, queryAll, withoutStorageAttributes } from '../../functions/lib/db/query.ts';
import { transact, TransactionRefused } from '../../functions/lib/db/transactions.ts';
import { createUser, EmailTakenError, findUserByEmail } from '../../functions/lib/db/users.ts';
import { hashPassword } from '../../functions/lib/passwords.ts';
import { putPricingRule } from '../../functions/lib/db/pricing-rule-writes.ts';
import { SAMPLE_GUEST } from './environment.ts';
import { sampleCottages, samplePackages, samplePricingRules, sampleSafaris } from './sample-data.ts';

/**
 * Writes the sample catalogue on first start only: the marker is written last, so an interrupted
 * seed runs again, and a second start leaves the guests' and staff's changes alone.
 */
export async function seedSampleData(): Promise<boolean> {
  // The sample guest is checked on every start, so data seeded before it existed gains it too.
  await ensureSampleGuest();
  await moveLegacyPricingRules();
  if (await getItem(seedMarkerKeys, true)) return false;
  await Promise.all([
    ...sampleCottages.map((cottage) => cottageWrites.put(cottage)),
    ...samplePackages.map((stayPackage) => packageWrites.put(stayPackage)),
    ...sampleSafaris.map((safari) => safariWrites.put(safari)),
    ...samplePricingRules.map((rule) => putPricingRule(rule)),
  ]);
  await documentClient.send(new PutCommand({ TableName: tableName, Item: { ...seedMarkerKeys, entity: 'seed', seededAt: new Date().toISOString() } }));
  return true;
}

/** The local sample guest, kept like the admin: created whenever it is missing, even on older data. */
async function ensureSampleGuest(): Promise<void> {
  if (await findUserByEmail(SAMPLE_GUEST.email)) return;
  try {
    await createUser({ name: SAMPLE_GUEST.name, email: SAMPLE_GUEST.email, role: 'customer', passwordHash: await hashPassword(SAMPLE_GUEST.password) });
  } catch (error) {
    if (!(error instanceof EmailTakenError)) throw error;
  }
}

/**
 * Pricing rules once had a partition each, listed on gsi1; they now share one partition, read
 * strongly (functions/lib/db/keys/pricing-rule.ts). Local data written before is moved on start,
 * each rule in one transaction (the new item, only if absent, and the old one's delete).
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
