import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from './client.ts';
import { seedMarkerKeys } from './keys.ts';
import { getItem } from './query.ts';

/** Whether the local sample data was written (infra/local/seed.ts): a second `npm start` keeps the data as it is. */
export const isSeeded = async (): Promise<boolean> => (await getItem(seedMarkerKeys, true)) !== undefined;

/** Written last by the seed, so an interrupted seed runs again. */
export async function markSeeded(): Promise<void> {
  await documentClient.send(new PutCommand({ TableName: tableName, Item: { ...seedMarkerKeys, entity: 'seed', seeded_at: new Date().toISOString() } }));
}
