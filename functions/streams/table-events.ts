import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';

/** Placeholder while the consumer is written: reports no failures. */
export const handler = async (_event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => ({ batchItemFailures: [] });
