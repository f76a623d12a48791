import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';

/**
 * The cold-start floor of this design (issue 7): a handler holding only the DynamoDB document
 * client and one GetCommand. `npm run bench` bundles it with the functions' own esbuild options
 * and measures every function against it in the same run. Nothing else belongs here.
 */
const client = DynamoDBDocumentClient.from(new DynamoDBClient({}));

export const handler = async (event: { pathParameters?: Record<string, string | undefined> }) => {
  const id = event.pathParameters?.id ?? '';
  const { Item } = await client.send(new GetCommand({ TableName: process.env.TABLE_NAME, Key: { pk: `COTTAGE#${id}`, sk: 'COTTAGE' } }));
  return { statusCode: Item ? 200 : 404, body: JSON.stringify(Item ?? null) };
};
