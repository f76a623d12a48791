import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { httpRoutes, routeClassOf, routeKey, type HttpRoute } from '../../functions/routes.ts';
import { routeClassSettings } from '../../infra/route-classes.ts';
import {
  type Resource,
  dev,
  prod,
  devResources,
  prodResources,
  ofType,
  logicalIdOf,
  statementsByFunction,
  actionsOf,
  synthesizeResortStacks,
} from '../support/resort-stack-synth.ts';

/** The HTTP and WebSocket APIs: routes wired to their functions, the README's route classes, the WebSocket stage and the outputs. */
synthesizeResortStacks();

describe('route functions', () => {
  it('wires each HTTP API route to its own function', () => {
    const integrations = Object.fromEntries(ofType('AWS::ApiGatewayV2::Integration'));
    const functions = Object.fromEntries(ofType('AWS::Lambda::Function'));
    const routes = ofType('AWS::ApiGatewayV2::Route').filter(
      ([, route]) => String(route.Properties.RouteKey).startsWith('/') === false && String(route.Properties.RouteKey).includes(' '),
    );
    const wired = Object.fromEntries(
      routes.map(([, route]) => {
        const target = route.Properties.Target as { 'Fn::Join': [string, unknown[]] };
        const integration = integrations[logicalIdOf(target['Fn::Join'][1][1])];
        const fn = functions[logicalIdOf(integration?.Properties.IntegrationUri)];
        return [route.Properties.RouteKey, fn?.Properties.FunctionName];
      }),
    );
    expect(wired).toEqual(Object.fromEntries(httpRoutes.map((route) => [routeKey(route), `forest-resort-dev-${route.name}`])));
    dev.hasResourceProperties('AWS::ApiGatewayV2::Integration', { IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
  });
});

describe('README', () => {
  it('states the route classes’ memory and throttles the stack deploys', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8').replace(/\s+/g, ' ');
    const stated = (pattern: RegExp) => {
      const match = pattern.exec(readme);
      expect(match, String(pattern)).not.toBeNull();
      return { memoryMb: Number(match?.[1]), rateLimit: Number(match?.[2]), burstLimit: Number(match?.[3]) };
    };
    const { memoryMb, rateLimit, burstLimit } = routeClassSettings['sign-in'];
    expect(stated(/sign-in \(`auth`, `admin-login`\) (\d+) MB at (\d+) req\/s \(burst (\d+)\)/)).toEqual({ memoryMb, rateLimit, burstLimit });
    expect(stated(/booking creation and payment orders and verification (\d+) MB at (\d+) req\/s \(burst (\d+)\)/)).toEqual({
      memoryMb: routeClassSettings.booking.memoryMb,
      rateLimit: routeClassSettings.booking.rateLimit,
      burstLimit: routeClassSettings.booking.burstLimit,
    });
    expect(stated(/every other route (\d+) MB at (\d+) req\/s \(burst (\d+)\)/)).toEqual({
      memoryMb: routeClassSettings.standard.memoryMb,
      rateLimit: routeClassSettings.standard.rateLimit,
      burstLimit: routeClassSettings.standard.burstLimit,
    });
    const bookingClass = (httpRoutes as readonly HttpRoute[])
      .filter((route) => routeClassOf(route) === 'booking')
      .map((route) => route.name)
      .sort();
    expect(bookingClass).toEqual(['create-booking', 'create-payment-order', 'create-staff-booking', 'verify-payment']);
    expect(
      (httpRoutes as readonly HttpRoute[])
        .filter((route) => routeClassOf(route) === 'sign-in')
        .map((route) => route.name)
        .sort(),
    ).toEqual(['admin-login', 'auth', 'create-user', 'reset-user-password']);
  });
});

describe('WebSocket API', () => {
  it('has $connect, $disconnect and $default routes and a throttled live stage', () => {
    dev.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
    for (const key of ['$connect', '$disconnect', '$default']) dev.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: key });
    dev.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: 'live',
      AutoDeploy: true,
      DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 50 }),
    });
  });

  it('logs every connection and message as JSON on the stage that sets API Gateway’s account logging role (prod), and not elsewhere', () => {
    const live = (resources: Record<string, Resource>) =>
      ofType('AWS::ApiGatewayV2::Stage', resources).find(([, stage]) => stage.Properties.StageName === 'live');
    const [, prodStage] = live(prodResources) ?? [];
    const settings = prodStage?.Properties.AccessLogSettings as { DestinationArn: unknown; Format: string };
    expect(JSON.parse(settings.Format)).toMatchObject({
      requestId: '$context.requestId',
      eventType: '$context.eventType',
      connectionId: '$context.connectionId',
      status: '$context.status',
    });
    expect(prodResources[logicalIdOf(settings.DestinationArn)]?.Properties.LogGroupName).toBe('/aws/apigateway/forest-resort-prod-realtime');
    prod.hasResource('AWS::ApiGateway::Account', { DeletionPolicy: 'Retain' });
    expect((prodStage as Resource & { DependsOn?: string[] }).DependsOn).toEqual(
      expect.arrayContaining([ofType('AWS::ApiGateway::Account', prodResources)[0]?.[0]]),
    );
    expect(live(devResources)?.[1].Properties.AccessLogSettings).toBeUndefined();
    dev.resourceCountIs('AWS::ApiGateway::Account', 0);
  });

  it('lets functions that notify post to connections of the live stage only', () => {
    const statement = (statementsByFunction().get('forest-resort-dev-ws-default') ?? []).find((candidate) =>
      actionsOf([candidate]).includes('execute-api:ManageConnections'),
    );
    expect(JSON.stringify(statement?.Resource)).toMatch(/\/live\/POST\/@connections\/\*"/);
  });
});

describe('outputs', () => {
  it('names the site, API and WebSocket URLs', () => {
    const outputs = Object.keys(dev.toJSON().Outputs as Record<string, unknown>);
    expect(outputs).toEqual(
      expect.arrayContaining(['SiteUrl', 'ApiUrl', 'WebSocketUrl', 'TableName', 'AlarmTopicArn', 'PaymentSecretArn', 'StreamFailuresQueueUrl']),
    );
  });
});
