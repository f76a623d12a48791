/**
 * The single table's physical shape, shared by the CDK stack and the local runtime so the two can
 * never drift. Key formats live in keys.ts; nothing else spells a key attribute.
 */
export const tableShape = {
  partitionKey: 'pk',
  sortKey: 'sk',
  timeToLiveAttribute: 'expiresAt',
  /** The stream feeds the one consumer of every write's side effects (functions/streams/). */
  streamViewType: 'NEW_AND_OLD_IMAGES',
  globalIndexes: [
    { indexName: 'gsi1', partitionKey: 'gsi1pk', sortKey: 'gsi1sk' },
    { indexName: 'gsi2', partitionKey: 'gsi2pk', sortKey: 'gsi2sk' },
  ],
} as const;

export type IndexName = (typeof tableShape.globalIndexes)[number]['indexName'];

/** CreateTable input for DynamoDB Local (on AWS the stack creates the table). */
export function createTableInput(tableName: string) {
  const keyAttributes = [tableShape.partitionKey, tableShape.sortKey, ...tableShape.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey])];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    StreamSpecification: { StreamEnabled: true, StreamViewType: tableShape.streamViewType },
    AttributeDefinitions: keyAttributes.map((name) => ({ AttributeName: name, AttributeType: 'S' as const })),
    KeySchema: [
      { AttributeName: tableShape.partitionKey, KeyType: 'HASH' as const },
      { AttributeName: tableShape.sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: tableShape.globalIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}
