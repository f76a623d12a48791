import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { streamFilterPatterns, streamSettings } from '../../functions/streams/stream-filter.ts';
import { webRoot } from '../../infra/local/web-build.ts';
import { ResortStack } from '../../infra/resort-stack.ts';
import { stageConfig } from '../../infra/stage-config.ts';
import {
  dev,
  prod,
  devResources,
  bundles,
  ofType,
  logicalIdOf,
  statementsByFunction,
  actionsOf,
  synthesizeResortStacks,
} from '../support/resort-stack-synth.ts';

/** The table, its stream consumer and the alarms. */
synthesizeResortStacks();

describe('table', () => {
  it('is on-demand with PITR, TTL on expiresAt, the two GSIs and a stream of old and new images', () => {
    dev.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'gsi1' }), Match.objectLike({ IndexName: 'gsi2' })],
    });
  });

  it('is retained and deletion-protected on prod, disposable elsewhere', () => {
    prod.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({ DeletionProtectionEnabled: true }),
    });
    prod.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
    dev.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', Properties: Match.objectLike({ DeletionProtectionEnabled: false }) });
    dev.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
  });
});

describe('table stream consumer', () => {
  const mapping = () => ofType('AWS::Lambda::EventSourceMapping')[0]?.[1];

  it('reads the table’s stream from the start with the shared settings and filter', () => {
    expect(ofType('AWS::Lambda::EventSourceMapping')).toHaveLength(1);
    const properties = mapping()?.Properties ?? {};
    expect(logicalIdOf(properties.EventSourceArn)).toMatch(/^DataTable/);
    expect((properties.EventSourceArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][1]).toBe('StreamArn');
    expect(properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: streamSettings.batchSize,
      MaximumBatchingWindowInSeconds: streamSettings.maxBatchingWindowSeconds,
      BisectBatchOnFunctionError: streamSettings.bisectBatchOnError,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      MaximumRetryAttempts: streamSettings.retryAttempts,
      MaximumRecordAgeInSeconds: streamSettings.maxRecordAgeSeconds,
    });
    const filters = (properties.FilterCriteria as { Filters: Array<{ Pattern: string }> }).Filters.map((filter) => JSON.parse(filter.Pattern));
    expect(filters).toEqual(JSON.parse(JSON.stringify(streamFilterPatterns)));
    const functions = Object.fromEntries(ofType('AWS::Lambda::Function'));
    expect(functions[logicalIdOf(properties.FunctionName)]?.Properties.FunctionName).toBe('forest-resort-dev-table-events');
  });

  it('keeps what it gives up on in an encrypted, TLS-only queue that alarms on any message', () => {
    const destination = (mapping()?.Properties.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination;
    const queueId = logicalIdOf(destination);
    expect(devResources[queueId]?.Properties).toMatchObject({ SqsManagedSseEnabled: true, QueueName: 'forest-resort-dev-table-events-failures' });
    dev.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId }],
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      }),
    });
    const sends = (statementsByFunction().get('forest-resort-dev-table-events') ?? []).filter((statement) =>
      actionsOf([statement]).includes('sqs:SendMessage'),
    );
    expect(sends.map((statement) => logicalIdOf(statement.Resource))).toEqual([queueId]);
    const alarm = ofType('AWS::CloudWatch::Alarm').find(([, candidate]) => candidate.Properties.AlarmName === 'forest-resort-dev-stream-failed-records')?.[1];
    expect(alarm?.Properties).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Namespace: 'AWS/SQS',
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
    });
    expect(JSON.stringify(alarm?.Properties.Dimensions)).toContain(queueId);
  });

  it('alarms when the consumer falls more than five minutes behind the table', () => {
    dev.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'forest-resort-dev-stream-iterator-age',
      MetricName: 'IteratorAge',
      Namespace: 'AWS/Lambda',
      Statistic: 'Maximum',
      Threshold: 300_000,
    });
  });

  it('gives the consumer the WebSocket endpoint, the table and the stage, and request functions neither the endpoint nor a sender', () => {
    dev.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'forest-resort-dev-table-events',
      Timeout: 60,
      Environment: { Variables: Match.objectLike({ WS_MANAGEMENT_ENDPOINT: Match.anyValue(), TABLE_NAME: Match.anyValue(), STAGE: 'dev' }) },
    });
    const withEndpoint = ofType('AWS::Lambda::Function')
      .filter(([, fn]) => (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.WS_MANAGEMENT_ENDPOINT)
      .map(([, fn]) => fn.Properties.FunctionName)
      .sort();
    expect(withEndpoint).toEqual(['forest-resort-dev-table-events', 'forest-resort-dev-ws-default']);
  });
});

describe('alarms', () => {
  const alarmNames = () => ofType('AWS::CloudWatch::Alarm').map(([, alarm]) => String(alarm.Properties.AlarmName));

  it('watches the 5xx rate, background function errors, the stream consumer, Lambda throttles and DynamoDB throttles, all to one SNS topic', () => {
    expect(alarmNames().sort()).toEqual(
      [
        'forest-resort-dev-http-5xx-rate',
        'forest-resort-dev-dynamodb-throttles',
        'forest-resort-dev-WsDefault-errors',
        'forest-resort-dev-WsConnect-errors',
        'forest-resort-dev-WsDisconnect-errors',
        'forest-resort-dev-jobs-failed-runs',
        'forest-resort-dev-stream-failed-records',
        'forest-resort-dev-stream-iterator-age',
      ].sort(),
    );
    const topics = ofType('AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    const topicId = topics[0]?.[0];
    for (const [, alarm] of ofType('AWS::CloudWatch::Alarm')) {
      expect((alarm.Properties.AlarmActions as unknown[]).map(logicalIdOf)).toEqual([topicId]);
    }
  });

  it('accepts publishers on the alarm topic over TLS only', () => {
    dev.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: Match.objectLike({
        Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Action: 'sns:Publish', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]),
      }),
    });
  });

  it('watches Lambda throttles account-wide from prod only, and keeps the whole set inside the free ten alarm metrics', () => {
    prod.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: 'forest-resort-prod-lambda-throttles',
      Namespace: 'AWS/Lambda',
      MetricName: 'Throttles',
      Threshold: 1,
    });
    expect(alarmNames()).not.toContain('forest-resort-dev-lambda-throttles');
    const metricsBilled = ofType('AWS::CloudWatch::Alarm').reduce(
      (sum, [, alarm]) =>
        sum + (alarm.Properties.Metrics ? (alarm.Properties.Metrics as Array<{ MetricStat?: unknown }>).filter((metric) => metric.MetricStat).length : 1),
      0,
    );
    expect(metricsBilled).toBeLessThanOrEqual(10);
  });

  it('subscribes the stage’s alarm e-mail when one is given', () => {
    const app = new App();
    const stack = new ResortStack(app, 'ForestResort-ops', { stage: stageConfig('ops', { alarmEmail: 'oncall@resort.in' }), bundles, webRoot });
    Template.fromStack(stack).hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@resort.in' });
    dev.resourceCountIs('AWS::SNS::Subscription', 0);
  });
});
