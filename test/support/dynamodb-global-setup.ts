import type { TestProject } from 'vitest/node';
import { startDynamoDbLocal } from '../../infra/local/dynamodb-local.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dynamodbEndpoint: string;
  }
}

/** One DynamoDB Local (in memory) per suite run; each test file gets its own table in it. */
export default async function setup(project: TestProject) {
  const database = await startDynamoDbLocal();
  project.provide('dynamodbEndpoint', database.endpoint);
  return () => database.stop();
}
