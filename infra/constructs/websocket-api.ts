import { WebSocketApi, WebSocketStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { WebSocketLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';

/** The WebSocket API for live notifications; its Lambdas are attached once they exist. */
export class RealtimeApi extends Construct {
  readonly api: WebSocketApi;
  readonly stage: WebSocketStage;

  constructor(scope: Construct, id: string, props: { stageName: string }) {
    super(scope, id);
    this.api = new WebSocketApi(this, 'Api', {
      apiName: `forest-resort-${props.stageName}-realtime`,
      routeSelectionExpression: '$request.body.action',
    });
    this.stage = new WebSocketStage(this, 'Stage', {
      webSocketApi: this.api,
      stageName: 'live',
      autoDeploy: true,
      throttle: { rateLimit: 50, burstLimit: 100 },
    });
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
}
