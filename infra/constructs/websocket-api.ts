import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat, CfnAccount } from 'aws-cdk-lib/aws-apigateway';
import { LogGroupLogDestination, WebSocketApi, WebSocketStage, type CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { acknowledge } from './nag.ts';

/** One JSON line per connect, disconnect and message: who, which route, how it ended. No bodies, no tokens. */
const accessLogFormat = JSON.stringify({
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  eventType: '$context.eventType',
  routeKey: '$context.routeKey',
  connectionId: '$context.connectionId',
  status: '$context.status',
  integrationLatencyMs: '$context.integrationLatency',
  error: '$context.error.message',
});

export type RealtimeApiProps = {
  stageName: string;
  logRetentionDays: number;
  retainLogs: boolean;
  /**
   * API Gateway writes WebSocket (and REST) access logs through one role per account and region,
   * set in its account settings. The stage that owns account-wide settings (the one with account
   * alarms, prod by default) sets that role and logs its connections; on other stages the account
   * may have no such role, and a stage asking for access logs would fail to deploy.
   */
  ownsAccountSettings: boolean;
};

/** The WebSocket API for live notifications; its Lambdas are attached once they exist. */
export class RealtimeApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;

  constructor(scope: Construct, id: string, props: RealtimeApiProps) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `forest-resort-${props.stageName}-realtime`,
      routeSelectionExpression: '$request.body.action',
    });
    acknowledge(
      this.api,
      'AwsSolutions-APIG4',
      'Any browser may open a socket: $connect only registers it, customer channels are public by design, and join-admin and a user’s own channel are granted by $default only for a verified JWT (functions/ws/default.ts).',
    );

    let accessLogs: LogGroup | undefined;
    let account: CfnAccount | undefined;
    if (props.ownsAccountSettings) {
      // Kept when the stack goes: other stacks' REST and WebSocket APIs of the account log through it too.
      const role = new Role(this, 'ApiGatewayLogsRole', {
        assumedBy: new ServicePrincipal('apigateway.amazonaws.com'),
        description: 'API Gateway writes REST and WebSocket access logs of this account and region to CloudWatch Logs',
        managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AmazonAPIGatewayPushToCloudWatchLogs')],
      });
      role.applyRemovalPolicy(RemovalPolicy.RETAIN);
      acknowledge(
        role,
        'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
        'The account-wide role API Gateway logs through (one per account and region, for every API, so it cannot name log groups); AWS maintains its policy as API Gateway’s logging changes.',
      );
      account = new CfnAccount(this, 'ApiGatewayAccount', { cloudWatchRoleArn: role.roleArn });
      account.applyRemovalPolicy(RemovalPolicy.RETAIN);
      accessLogs = new LogGroup(this, 'AccessLogs', {
        logGroupName: `/aws/apigateway/forest-resort-${props.stageName}-realtime`,
        retention: props.logRetentionDays as RetentionDays,
        removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
      });
    }

    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: 'live',
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
      ...(accessLogs ? { accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: AccessLogFormat.custom(accessLogFormat) } } : {}),
    });
    if (account) this.stage.node.addDependency(account);
    if (!accessLogs) {
      const reason =
        'WebSocket access logs need API Gateway’s account-wide CloudWatch role, which the stage owning account settings (prod) sets up; a disposable stage in an account without it would fail to deploy. Its Lambda logs and the $connect/$disconnect/$default error alarms still cover it.';
      acknowledge(this.stage, 'AwsSolutions-APIG1', reason);
      acknowledge(this.stage, 'Serverless-APIGWAccessLogging', reason);
      acknowledge(this.stage, 'Serverless-APIGWStructuredLogging', reason);
    }
  }

  attach(handlers: Record<'$connect' | '$disconnect' | '$default', LambdaFunction>): void {
    for (const [routeKey, handler] of Object.entries(handlers)) {
      this.api.addRoute(routeKey, { integration: new WebSocketLambdaIntegration(`${routeKey.slice(1)}Integration`, handler) });
    }
  }

  /** `wss://…/live`, for browsers. */
  get url(): string {
    return this.stage.url;
  }

  /** `https://…/live`, the `@connections` endpoint for the management API client. */
  get managementEndpoint(): string {
    return this.stage.callbackUrl;
  }

  /** PostToConnection (POST) on any connection of the live stage: what a function that notifies may do. */
  get postToConnectionsArn(): string {
    return Stack.of(this).formatArn({ service: 'execute-api', resource: this.api.apiId, resourceName: `${this.stage.stageName}/POST/@connections/*` });
  }

  /** The stage resource, for tests and overrides. */
  get cfnStage(): CfnStage {
    return this.stage.node.defaultChild as CfnStage;
  }
}
