import { Fn, RemovalPolicy } from 'aws-cdk-lib';
import { type CfnStage, HttpApi, HttpMethod, type HttpRoute as ApiRoute } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { handlerModule, httpRoutes, isImplemented, needsSigningKey, routeClassOf, routeKey, type HttpRoute } from '../../functions/routes.ts';
import { routeClassSettings } from '../route-classes.ts';
import { acknowledge, acknowledgeSynchronous } from './nag.ts';
import type { Needs, RouteFunctions } from './route-functions.ts';

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

/**
 * What a route's function may do, from the route table. Request functions only write and answer:
 * WebSocket fan-out and e-mail are the stream consumer's, so no route gets ManageConnections or SES
 * here. A planned route runs the shared 501 handler, which touches neither the table nor the
 * payment secrets: it gets its grants when its handler is written.
 */
export function routeNeeds(route: HttpRoute): Needs {
  const implemented = isImplemented(route);
  return {
    access: implemented ? route.access : 'none',
    ...(implemented && route.partitions ? { partitions: route.partitions } : {}),
    ...(implemented && route.updates ? { updates: route.updates } : {}),
    notifies: false,
    sendsMail: false,
    verifiesTokens: needsSigningKey(route),
    checksAccounts: route.auth !== 'public',
    paymentSecrets: implemented && (route.usesPaymentSecrets ?? false),
    manageLinkKey: implemented && (route.usesManageLinkKey ?? false),
    siteUrl: implemented && (route.linksToSite ?? false),
    ...(implemented && route.invokesJob ? { invokes: route.invokesJob } : {}),
    ...(implemented && route.uploadsMedia ? { media: true } : {}),
    // Every route, planned ones too: only CloudFront's requests are answered.
    originVerify: true,
  };
}

/** The HTTP API (payload 2.0), one route and one Lambda per entry of the route table. */
export class RoutesApi extends Construct {
  readonly api: HttpApi;

  constructor(
    scope: Construct,
    id: string,
    props: { stageName: string; functions: RouteFunctions; bundles: Record<string, string>; logRetentionDays: number; retainLogs: boolean },
  ) {
    super(scope, id);
    this.api = new HttpApi(this, 'Api', { apiName: `forest-resort-${props.stageName}-http`, createDefaultStage: true });
    acknowledge(
      this.api,
      'AwsSolutions-APIG4',
      'Authorization is enforced by the handler middleware from the route table’s auth level (public, optional, user, admin), so a handler cannot forget it and the local runtime enforces the same; an API Gateway authorizer would verify the same JWT a second time and cost a cold start per route.',
    );
    acknowledge(
      this.api,
      'Serverless-APIGWXrayEnabled',
      'HTTP APIs do not support X-Ray tracing; every function behind it traces actively, so each request still has its trace.',
    );
    const routes: ApiRoute[] = [];
    for (const route of httpRoutes as readonly HttpRoute[]) {
      const bundle = props.bundles[handlerModule(route)];
      if (!bundle) throw new Error(`No bundle for ${handlerModule(route)}`);
      const settings = routeClassSettings[routeClassOf(route)];
      const handler = props.functions.add(route.name, {
        bundle,
        needs: routeNeeds(route),
        memoryMb: settings.memoryMb,
        timeoutSeconds: settings.timeoutSeconds,
        sharedLogGroup: 'api',
      });
      acknowledgeSynchronous(handler);
      routes.push(
        ...this.api.addRoutes({
          path: route.path,
          methods: [HttpMethod[route.method]],
          integration: new HttpLambdaIntegration(`${route.name}-integration`, handler),
        }),
      );
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
