/**
 * The item types the table-events consumer reads from the table's stream. The CDK event source
 * mapping filters on exactly these (so Lambda is never invoked for inventory, connection or feed
 * writes), and the local stream reader applies the same filter before invoking the same handler.
 */
export const streamEntities = ['booking', 'payment', 'cottage', 'package', 'safari', 'pricing-rule', 'activity', 'signup', 'block', 'channel'] as const;
export type StreamEntity = (typeof streamEntities)[number];

/**
 * Lambda event filter patterns (OR-ed): an insert or change carries the entity in its new image,
 * a delete or TTL expiry only in its old image.
 */
export const streamFilterPatterns = [
  { dynamodb: { NewImage: { entity: { S: [...streamEntities] } } } },
  { eventName: ['REMOVE'], dynamodb: { OldImage: { entity: { S: [...streamEntities] } } } },
] as const;

/** The same test the filter patterns make, for the local stream reader. */
export function matchesStreamFilter(record: {
  eventName?: string;
  dynamodb?: { NewImage?: Record<string, { S?: string }>; OldImage?: Record<string, { S?: string }> };
}): boolean {
  const entities: readonly string[] = streamEntities;
  const newEntity = record.dynamodb?.NewImage?.entity?.S;
  if (newEntity !== undefined && entities.includes(newEntity)) return true;
  const oldEntity = record.dynamodb?.OldImage?.entity?.S;
  return record.eventName === 'REMOVE' && oldEntity !== undefined && entities.includes(oldEntity);
}

/** Event source mapping settings, shared by the stack and the local reader. */
export const streamSettings = {
  batchSize: 25,
  maxBatchingWindowSeconds: 1,
  /** After this many attempts a failing record goes to the on-failure queue (its effects are then replayed by ops). */
  retryAttempts: 8,
  maxRecordAgeSeconds: 6 * 60 * 60,
  bisectBatchOnError: true,
  reportBatchItemFailures: true,
} as const;
