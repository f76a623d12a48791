import { Duration } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { EventSourceMapping, FilterCriteria, StartingPosition, type Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { SqsDlq } from 'aws-cdk-lib/aws-lambda-event-sources';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import type { TablePartition } from '../../functions/routes.ts';
import { streamFilterPatterns, streamSettings } from '../../functions/streams/stream-filter.ts';
import { acknowledge } from './nag.ts';
import type { RouteFunctions } from './route-functions.ts';

export type StreamConsumerProps = {
  stageName: string;
  table: Table;
  functions: RouteFunctions;
  /** The consumer's entry in functions/routes.ts (`streamConsumers`). */
  consumer: { name: string; partitions: readonly TablePartition[] };
  bundle: string;
};

/**
 * The one consumer of the table's stream (docs/architecture.md#4-writes-and-their-side-effects-the-table-stream): a Lambda fed by a DynamoDB Streams event
 * source mapping filtered to the item types it acts on, with partial batch responses, bisect on
 * error, bounded retries and record age, and an on-failure queue that keeps what it could not do
 * (the record's shard and sequence numbers, to replay from the stream). Its role reads this stream
 * only, writes the table (feed, aggregates, mail claims, gone connections), posts to WebSocket
 * connections, sends the stage's mail and sends to its own failure queue; nothing else.
 */
export class StreamConsumer extends Construct {
  readonly function: LambdaFunction;
  readonly failures: Queue;
  readonly mapping: EventSourceMapping;

  constructor(scope: Construct, id: string, props: StreamConsumerProps) {
    super(scope, id);
    const streamArn = props.table.tableStreamArn;
    if (!streamArn) throw new Error('The table needs its stream for the consumer');

    this.failures = new Queue(this, 'Failures', {
      queueName: `forest-resort-${props.stageName}-${props.consumer.name}-failures`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // Longer than the stream keeps records (24 h), so ops have the failure long after the record is gone.
      retentionPeriod: Duration.days(14),
    });
    const endOfLine =
      'This queue is itself the end of the line: the on-failure destination of the stream consumer’s event source mapping. Nothing consumes it automatically; it alarms on any message.';
    acknowledge(this.failures, 'AwsSolutions-SQS3', endOfLine);
    acknowledge(this.failures, 'Serverless-SQSRedrivePolicy', endOfLine);

    this.function = props.functions.add(props.consumer.name, {
      bundle: props.bundle,
      needs: {
        access: 'write',
        partitions: props.consumer.partitions,
        notifies: true,
        verifiesTokens: false,
        // A socket that joined as an account hears only while the account stands (functions/lib/realtime.ts).
        checksAccounts: true,
        sendsMail: true,
        readsStream: true,
        paymentSecrets: true,
        manageLinkKey: true,
      },
      // A batch of 25 records, each possibly one e-mail and a fan-out to every admin socket.
      timeoutSeconds: 60,
      memoryMb: 512,
    });
    const asyncOnly =
      'Invoked synchronously by its DynamoDB Streams event source mapping, never asynchronously: failed records go to the mapping’s on-failure queue, not to a Lambda DLQ or async destination.';
    acknowledge(this.function, 'Serverless-LambdaDLQ', asyncOnly);
    acknowledge(this.function, 'Serverless-LambdaAsyncFailureDestination', asyncOnly);

    this.mapping = new EventSourceMapping(this, 'Mapping', {
      target: this.function,
      eventSourceArn: streamArn,
      startingPosition: StartingPosition.TRIM_HORIZON,
      batchSize: streamSettings.batchSize,
      maxBatchingWindow: Duration.seconds(streamSettings.maxBatchingWindowSeconds),
      bisectBatchOnError: streamSettings.bisectBatchOnError,
      reportBatchItemFailures: streamSettings.reportBatchItemFailures,
      retryAttempts: streamSettings.retryAttempts,
      maxRecordAge: Duration.seconds(streamSettings.maxRecordAgeSeconds),
      filters: streamFilterPatterns.map((pattern) => FilterCriteria.filter(pattern)),
      onFailure: new SqsDlq(this.failures),
    });
  }
}
