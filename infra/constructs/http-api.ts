import { Fn, RemovalPolicy } from 'aws-cdk-lib';
import { CfnStage, HttpApi, HttpMethod, type HttpRoute as ApiRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerModule, httpRoutes, needsSigningKey, routeClassOf, routeKey, type HttpRoute } from '../../functions/routes.ts';
import { routeClassSettings } from '../route-classes.ts';
import type { RouteFunctions } from './route-functions.ts';

/** One JSON line per request: enough to trace a guest's problem without logging bodies or tokens. */
const accessLogFormat = JSON.stringify({
  requestId: '$context.requestId',
  time: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  method: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  latencyMs: '$context.responseLatency',
  integrationLatencyMs: '$context.integration.latency',
  integrationError: '$context.integrationErrorMessage',
  userAgent: '$context.identity.userAgent',
});

/** The HTTP API (payload 2.0), one route and one Lambda per entry of the route table. */
export class RoutesApi extends Construct {
  readonly api: HttpApi;

  constructor(scope: Construct, id: string, props: { stageName: string; functions: RouteFunctions; bundles: Record<string, string>; logRetentionDays: number; retainLogs: boolean }) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { apiName: `forest-resort-${props.stageName}-http`, createDefaultStage: true });
    const routes: ApiRoute[] = [];
    for (const route of httpRoutes as readonly HttpRoute[]) {
      const bundle = props.bundles[handlerModule(route)];
      if (!bundle) throw new Error(`No bundle for ${handlerModule(route)}`);
      const settings = routeClassSettings[routeClassOf(route)];
      const handler = props.functions.add(route.name, {
        bundle,
        needs: { access: route.access, notifies: route.notifies ?? false, verifiesTokens: needsSigningKey(route), paymentSecrets: route.usesPaymentSecrets ?? false, sendsMail: route.sendsMail ?? false },
        memoryMb: settings.memoryMb,
        timeoutSeconds: settings.timeoutSeconds,
      });
      routes.push(...this.api.addRoutes({ path: route.path, methods: [HttpMethod[route.method]], integration: new HttpLambdaIntegration(`${route.name}-integration`, handler) }));
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      logGroupName: `/aws/apigateway/forest-resort-${props.stageName}-http`,
      retention: props.logRetentionDays as RetentionDays,
      removalPolicy: props.retainLogs ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
    });
    const stage = this.api.defaultStage?.node.defaultChild as CfnStage;
    const standard = routeClassSettings.standard;
    stage.accessLogSettings = { destinationArn: accessLogs.logGroupArn, format: accessLogFormat };
    stage.defaultRouteSettings = { throttlingRateLimit: standard.rateLimit, throttlingBurstLimit: standard.burstLimit };
    // API Gateway refuses settings for routes that do not exist yet: create the routes first.
    for (const route of routes) stage.node.addDependency(route);
    stage.routeSettings = Object.fromEntries(
      (httpRoutes as readonly HttpRoute[])
        .filter((route) => routeClassOf(route) !== 'standard')
        .map((route) => {
          const settings = routeClassSettings[routeClassOf(route)];
          return [routeKey(route), { ThrottlingRateLimit: settings.rateLimit, ThrottlingBurstLimit: settings.burstLimit }];
        }),
    );
  }

  /** The API's host name, for CloudFront's origin (apiEndpoint is https://<id>.execute-api.<region>.amazonaws.com). */
  get domainName(): string {
    return Fn.select(2, Fn.split('/', this.api.apiEndpoint));
  }
}
