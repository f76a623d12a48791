import { Duration } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';

export type AlarmsProps = {
  stageName: string;
  httpApi: HttpApi;
  table: Table;
  /** Functions whose failures never reach a guest as a 5xx (the WebSocket handlers): watched one by one. */
  backgroundFunctions: LambdaFunction[];
  /** The scheduled jobs' one failure queue: their failed runs land there, watched together. */
  jobFailures?: Queue;
  /** The stream consumer: records it could not process (its on-failure queue) and records waiting too long (iterator age). */
  streamConsumer?: { function: LambdaFunction; failures: Queue };
  /** Also watch account-wide metrics (one stage per account should). */
  accountAlarms: boolean;
  email?: string;
};

const FIVE_MINUTES = Duration.minutes(5);
/** A record older than this in the stream means the consumer is stuck or falling behind (e-mail late). */
export const ITERATOR_AGE_ALARM = Duration.minutes(5);

/**
 * What pages the on-call: the API's 5xx rate (every HTTP route's unhandled error becomes a 500),
 * errors of background functions, stream records the consumer gave up on or is late with, Lambda
 * throttles and DynamoDB throttles. All go to one SNS topic, which accepts publishers over TLS only.
 * Per-route alarms would bill sixty alarm metrics and say nothing the 5xx rate does not: the whole
 * set is ten metrics, CloudWatch's free ten (eleven on the stage with account-wide throttles: $0.10).
 */
export class Alarms extends Construct {
  readonly topic: Topic;
  readonly alarms: Alarm[] = [];

  constructor(scope: Construct, id: string, props: AlarmsProps) {
    super(scope, id);
    this.topic = new Topic(this, 'Topic', { displayName: `forest-resort-${props.stageName} alarms`, enforceSSL: true });
    acknowledge(
      this.topic,
      'AwsSolutions-SNS2',
      'Alarm notifications carry alarm names and states, nothing confidential. CloudWatch alarms cannot publish to a topic encrypted with the AWS-managed SNS key, and a customer-managed key ($1 a month per stage, with a key policy for CloudWatch) would add over half of a quiet month’s bill for no confidentiality gain; publishing is TLS-only (enforceSSL).',
    );
    if (props.email) {
      const subscription = this.topic.addSubscription(new EmailSubscription(props.email));
      acknowledge(
        subscription,
        'Serverless-SNSRedrivePolicy',
        'An e-mail subscription: a message SNS cannot deliver after its retries has no consumer to replay it; the alarm’s state stays in CloudWatch.',
      );
    }
    const action = new SnsAction(this.topic);
    const add = (alarm: Alarm) => {
      alarm.addAlarmAction(action);
      alarm.addOkAction(action);
      this.alarms.push(alarm);
    };
    const prefix = `forest-resort-${props.stageName}`;

    add(
      new Alarm(this, 'Http5xxRate', {
        alarmName: `${prefix}-http-5xx-rate`,
        alarmDescription: 'More than 2% of API requests failed with a 5xx over 5 minutes (at least 5 requests).',
        metric: new MathExpression({
          expression: 'IF(requests >= 5, 100 * errors / requests, 0)',
          usingMetrics: {
            errors: props.httpApi.metricServerError({ period: FIVE_MINUTES, statistic: 'Sum' }),
            requests: props.httpApi.metricCount({ period: FIVE_MINUTES, statistic: 'Sum' }),
          },
          period: FIVE_MINUTES,
          label: '5xx %',
        }),
        threshold: 2,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );

    for (const fn of props.backgroundFunctions) {
      add(
        fn.metricErrors({ period: FIVE_MINUTES, statistic: 'Sum' }).createAlarm(this, `${fn.node.id}Errors`, {
          alarmName: `${prefix}-${fn.node.id}-errors`,
          alarmDescription: `${fn.node.id} failed at least twice in 5 minutes.`,
          threshold: 2,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    if (props.jobFailures)
      add(
        new Alarm(this, 'JobFailures', {
          alarmName: `${prefix}-jobs-failed-runs`,
          alarmDescription: `Scheduled jobs failed at least twice in 5 minutes: each failed run is in the queue ${props.jobFailures.queueName} with its error.`,
          metric: props.jobFailures.metricNumberOfMessagesSent({ period: FIVE_MINUTES, statistic: 'Sum' }),
          threshold: 2,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );

    if (props.streamConsumer) {
      const { function: consumer, failures } = props.streamConsumer;
      add(
        new Alarm(this, 'StreamFailures', {
          alarmName: `${prefix}-stream-failed-records`,
          alarmDescription: `The stream consumer gave up on records after its retries: they are in the queue ${failures.queueName} (shard and sequence numbers, to replay from the stream within 24 hours).`,
          metric: failures.metricApproximateNumberOfMessagesVisible({ period: FIVE_MINUTES, statistic: 'Maximum' }),
          threshold: 0,
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
      add(
        new Alarm(this, 'StreamIteratorAge', {
          alarmName: `${prefix}-stream-iterator-age`,
          alarmDescription: `The stream consumer is more than ${ITERATOR_AGE_ALARM.toMinutes()} minutes behind the table (e-mail and notifications late).`,
          metric: consumer.metric('IteratorAge', { period: FIVE_MINUTES, statistic: 'Maximum' }),
          threshold: ITERATOR_AGE_ALARM.toMilliseconds(),
          comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
          evaluationPeriods: 1,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );
    }

    // No function has reserved concurrency, so a throttle means the account's concurrency ran out:
    // one account-level metric says so (a per-function sum would bill ~60 alarm metrics a month).
    if (props.accountAlarms)
      add(
        new Alarm(this, 'LambdaThrottles', {
          alarmName: `${prefix}-lambda-throttles`,
          alarmDescription: 'Lambda throttled invocations in this account and region (concurrency exhausted).',
          metric: new Metric({ namespace: 'AWS/Lambda', metricName: 'Throttles', period: FIVE_MINUTES, statistic: 'Sum' }),
          threshold: 1,
          evaluationPeriods: 1,
          comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
          treatMissingData: TreatMissingData.NOT_BREACHING,
        }),
      );

    const tableMetric = (metricName: string) =>
      new Metric({ namespace: 'AWS/DynamoDB', metricName, dimensionsMap: { TableName: props.table.tableName }, period: FIVE_MINUTES, statistic: 'Sum' });
    add(
      new Alarm(this, 'DynamoThrottles', {
        alarmName: `${prefix}-dynamodb-throttles`,
        alarmDescription: 'DynamoDB throttled reads or writes on the table.',
        metric: new MathExpression({
          expression: 'reads + writes',
          usingMetrics: { reads: tableMetric('ReadThrottleEvents'), writes: tableMetric('WriteThrottleEvents') },
          period: FIVE_MINUTES,
        }),
        threshold: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        evaluationPeriods: 1,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      }),
    );
  }
}
