import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { createTableInput, tableShape } from '../../functions/lib/db/table.ts';

/** Creates the single table (same shape as the stack's) unless it exists; returns whether it made it. */
export async function ensureTable(endpoint: string, tableName: string): Promise<boolean> {
  const client = new DynamoDBClient({ endpoint, region: 'local', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  try {
    try {
      await client.send(new DescribeTableCommand({ TableName: tableName }));
      return false;
    } catch (error) {
      if (!(error instanceof ResourceNotFoundException)) throw error;
    }
    await client.send(new CreateTableCommand(createTableInput(tableName)));
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: { AttributeName: tableShape.timeToLiveAttribute, Enabled: true },
      }),
    );
    return true;
  } finally {
    client.destroy();
  }
}
