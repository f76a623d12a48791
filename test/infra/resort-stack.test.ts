import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes, isImplemented, jobs, needsSigningKey, routeClassOf, routeKey, wsRoutes, type HttpRoute } from '../../functions/routes.ts';
import { routeClassSettings } from '../../infra/route-classes.ts';
import { bundleFunctions } from '../../infra/bundle-functions.ts';
import { tableActions } from '../../infra/constructs/route-functions.ts';
import { webRoot } from '../../infra/local/web-build.ts';
import { ResortStack } from '../../infra/resort-stack.ts';
import { stageConfig, stageConfigFromContext } from '../../infra/stage-config.ts';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };

let dev: Template;
let prod: Template;
let devResources: Record<string, Resource>;
let assemblyDir: string;

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

beforeAll(() => {
  const bundles = bundleFunctions();
  const synth = (name: string) => {
    const app = new App();
    const stack = new ResortStack(app, `ForestResort-${name}`, { stage: stageConfig(name), bundles, webRoot });
    const template = Template.fromStack(stack);
    return { template, directory: app.synth().directory };
  };
  const devSynth = synth('dev');
  dev = devSynth.template;
  assemblyDir = devSynth.directory;
  prod = synth('prod').template;
  devResources = dev.toJSON().Resources as Record<string, Resource>;
});

const ofType = (type: string) => Object.entries(devResources).filter(([, resource]) => resource.Type === type);
const logicalIdOf = (value: unknown): string => {
  const ref = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  return ref.Ref ?? ref['Fn::GetAtt']?.[0] ?? '';
};

/** Function name -> the IAM statements of the role it runs as. */
function statementsByFunction(): Map<string, Array<{ Action: string | string[]; Resource: unknown }>> {
  const byRole = new Map<string, Array<{ Action: string | string[]; Resource: unknown }>>();
  for (const [, policy] of ofType('AWS::IAM::Policy')) {
    const statements = (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement;
    for (const role of policy.Properties.Roles as unknown[]) byRole.set(logicalIdOf(role), [...(byRole.get(logicalIdOf(role)) ?? []), ...statements]);
  }
  const result = new Map<string, Array<{ Action: string | string[]; Resource: unknown }>>();
  for (const [, fn] of ofType('AWS::Lambda::Function')) {
    if (typeof fn.Properties.FunctionName !== 'string') continue;
    result.set(fn.Properties.FunctionName, byRole.get(logicalIdOf(fn.Properties.Role)) ?? []);
  }
  return result;
}
const actionsOf = (statements: Array<{ Action: string | string[] }>) => statements.flatMap((statement) => [statement.Action].flat());

describe('stack size', () => {
  it('stays well under CloudFormation’s 500-resource limit', () => {
    const count = Object.keys(devResources).length;
    expect(count).toBeLessThan(450);
  });
});

describe('route functions', () => {
  it('deploys one Lambda per route table entry (HTTP and WebSocket), Node 22 on arm64, ESM bundle', () => {
    const names = ofType('AWS::Lambda::Function')
      .map(([, fn]) => fn.Properties.FunctionName)
      .filter((name): name is string => typeof name === 'string' && name.startsWith('forest-resort-dev-'));
    expect(names.sort()).toEqual([...httpRoutes, ...wsRoutes, ...jobs].map((route) => `forest-resort-dev-${route.name}`).sort());
    for (const name of names) {
      dev.hasResourceProperties('AWS::Lambda::Function', {
        FunctionName: name,
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        LoggingConfig: { LogGroup: Match.anyValue() },
        Environment: { Variables: Match.objectLike({ STAGE: 'dev', TABLE_NAME: Match.anyValue(), NODE_OPTIONS: '--enable-source-maps' }) },
      });
    }
  });

  it('wires each HTTP API route to its own function', () => {
    const integrations = Object.fromEntries(ofType('AWS::ApiGatewayV2::Integration'));
    const functions = Object.fromEntries(ofType('AWS::Lambda::Function'));
    const routes = ofType('AWS::ApiGatewayV2::Route').filter(([, route]) => String(route.Properties.RouteKey).startsWith('/') === false && String(route.Properties.RouteKey).includes(' '));
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

  it('grants each function exactly the table, WebSocket and secret permissions its route needs', () => {
    const statements = statementsByFunction();
    const expectations = [
      ...(httpRoutes as readonly HttpRoute[]).map((route) => ({ name: route.name, access: route.access, notifies: route.notifies ?? false, secret: needsSigningKey(route), payments: route.usesPaymentSecrets ?? false })),
      { name: 'ws-connect', access: 'write' as const, notifies: false, secret: false, payments: false },
      { name: 'ws-disconnect', access: 'write' as const, notifies: false, secret: false, payments: false },
      { name: 'ws-default', access: 'write' as const, notifies: true, secret: true, payments: false },
      ...jobs.map((job) => ({ name: job.name, access: job.access, notifies: job.notifies, secret: false, payments: false })),
    ];
    for (const expected of expectations) {
      const actions = actionsOf(statements.get(`forest-resort-dev-${expected.name}`) ?? []);
      const tableActionsGranted = actions.filter((action) => action.startsWith('dynamodb:')).sort();
      expect(tableActionsGranted, expected.name).toEqual(expected.access === 'none' ? [] : [...tableActions[expected.access]].sort());
      expect(actions.includes('execute-api:ManageConnections'), `${expected.name} ManageConnections`).toBe(expected.notifies);
      const secretsRead = (statements.get(`forest-resort-dev-${expected.name}`) ?? [])
        .filter((statement) => [statement.Action].flat().some((action) => action.startsWith('secretsmanager:')))
        .map((statement) => logicalIdOf(statement.Resource).replace(/[A-F0-9]{8}$/, ''))
        .sort();
      expect(secretsRead, `${expected.name} secrets`).toEqual([...(expected.secret ? ['JwtSigningKey'] : []), ...(expected.payments ? ['PaymentSecrets'] : [])].sort());
    }
  });

  it('never grants a wildcard or a Scan on the table', () => {
    for (const [name, statements] of statementsByFunction()) {
      const actions = actionsOf(statements);
      expect(actions.filter((action) => action.includes('*')), name).toEqual([]);
      expect(actions, name).not.toContain('dynamodb:Scan');
    }
  });

  it('keeps secrets out of the template: functions get the secret ARN, never a key', () => {
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      const variables = (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      expect(Object.keys(variables)).not.toContain('JWT_SECRET');
      expect(JSON.stringify(variables)).not.toMatch(/rzp_|keySecret|webhookSecret/);
    }
    dev.hasResourceProperties('AWS::SecretsManager::Secret', { GenerateSecretString: Match.objectLike({ PasswordLength: 64 }) });
  });

  it('keeps prod logs once the stack exists, but not after a failed first create (the retry would collide)', () => {
    prod.hasResource('AWS::Logs::LogGroup', { DeletionPolicy: 'RetainExceptOnCreate', Properties: Match.objectLike({ LogGroupName: '/aws/lambda/forest-resort-prod-create-booking' }) });
    dev.hasResource('AWS::Logs::LogGroup', { DeletionPolicy: 'Delete', Properties: Match.objectLike({ LogGroupName: '/aws/lambda/forest-resort-dev-create-booking' }) });
  });

  it('gives every function its own log group with retention', () => {
    // One per function, plus the HTTP API's access log.
    expect(ofType('AWS::Logs::LogGroup').length).toBe(httpRoutes.length + wsRoutes.length + jobs.length + 1);
    dev.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/aws/lambda/forest-resort-dev-get-health', RetentionInDays: 7 });
    prod.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/aws/lambda/forest-resort-prod-get-health', RetentionInDays: 90 });
  });

  it('ships each implemented route its own bundle, and every planned route the shared 501 bundle', () => {
    const codeOf = Object.fromEntries(
      ofType('AWS::Lambda::Function').map(([, fn]) => [fn.Properties.FunctionName, JSON.stringify((fn.Properties.Code as { S3Key: unknown }).S3Key)]),
    );
    const planned = httpRoutes.filter((route) => !isImplemented(route)).map((route) => codeOf[`forest-resort-dev-${route.name}`]);
    expect(new Set(planned).size).toBe(1);
    const implemented = httpRoutes.filter(isImplemented).map((route) => codeOf[`forest-resort-dev-${route.name}`]);
    expect(new Set(implemented).size).toBe(implemented.length);
    expect(implemented).not.toContain(planned[0]);
  });
});

describe('route classes', () => {
  it('sizes each function by its route class: sign-in and booking get the memory scrypt and transactions want', () => {
    const byName = Object.fromEntries(ofType('AWS::Lambda::Function').map(([, fn]) => [fn.Properties.FunctionName, fn.Properties]));
    for (const route of httpRoutes as readonly HttpRoute[]) {
      const settings = routeClassSettings[routeClassOf(route)];
      expect(byName[`forest-resort-dev-${route.name}`], route.name).toMatchObject({ MemorySize: settings.memoryMb, Timeout: settings.timeoutSeconds });
    }
    expect(byName['forest-resort-dev-auth']?.MemorySize).toBe(1024);
    expect(byName['forest-resort-dev-release-expired-holds']?.Timeout).toBe(60);
  });

  it('throttles sign-in and booking routes harder than the rest, and logs every request as JSON', () => {
    const stageResource = ofType('AWS::ApiGatewayV2::Stage').find(([, resource]) => resource.Properties.StageName === '$default')?.[1] as (Resource & { DependsOn?: string[] }) | undefined;
    const stage = stageResource?.Properties;
    // Route settings may only name routes that already exist: the stage waits for every route.
    const routeIds = ofType('AWS::ApiGatewayV2::Route').filter(([, route]) => String(route.Properties.RouteKey).includes(' ')).map(([id]) => id);
    expect(stageResource?.DependsOn).toEqual(expect.arrayContaining(routeIds));
    expect(stage?.DefaultRouteSettings).toEqual({ ThrottlingRateLimit: routeClassSettings.standard.rateLimit, ThrottlingBurstLimit: routeClassSettings.standard.burstLimit });
    const expected = Object.fromEntries(
      (httpRoutes as readonly HttpRoute[]).filter((route) => routeClassOf(route) !== 'standard').map((route) => [routeKey(route), { ThrottlingRateLimit: routeClassSettings[routeClassOf(route)].rateLimit, ThrottlingBurstLimit: routeClassSettings[routeClassOf(route)].burstLimit }]),
    );
    expect(stage?.RouteSettings).toEqual(expected);
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['POST /api/auth', 'POST /api/auth/admin-login', 'POST /api/bookings']));
    expect((stage?.RouteSettings as Record<string, { ThrottlingRateLimit: number }>)['POST /api/auth']?.ThrottlingRateLimit).toBeLessThan(routeClassSettings.standard.rateLimit);
    const format = JSON.parse(String((stage?.AccessLogSettings as { Format: string }).Format)) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status', routeKey: '$context.routeKey' });
    dev.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/aws/apigateway/forest-resort-dev-http', RetentionInDays: 7 });
  });
});

describe('alarms', () => {
  const alarmNames = () => ofType('AWS::CloudWatch::Alarm').map(([, alarm]) => String(alarm.Properties.AlarmName));

  it('watches the 5xx rate, background function errors, Lambda throttles and DynamoDB throttles, all to one SNS topic', () => {
    expect(alarmNames().sort()).toEqual(
      (['forest-resort-dev-http-5xx-rate', 'forest-resort-dev-dynamodb-throttles', 'forest-resort-dev-WsDefault-errors', 'forest-resort-dev-WsConnect-errors', 'forest-resort-dev-WsDisconnect-errors', 'forest-resort-dev-ReleaseExpiredHolds-errors']).sort(),
    );
    const topics = ofType('AWS::SNS::Topic');
    expect(topics).toHaveLength(1);
    const topicId = topics[0]?.[0];
    for (const [, alarm] of ofType('AWS::CloudWatch::Alarm')) {
      expect((alarm.Properties.AlarmActions as unknown[]).map(logicalIdOf)).toEqual([topicId]);
    }
  });

  it('watches Lambda throttles account-wide from prod only, and keeps the whole set inside the free ten alarm metrics', () => {
    prod.hasResourceProperties('AWS::CloudWatch::Alarm', { AlarmName: 'forest-resort-prod-lambda-throttles', Namespace: 'AWS/Lambda', MetricName: 'Throttles', Threshold: 1 });
    expect(alarmNames()).not.toContain('forest-resort-dev-lambda-throttles');
    const metricsBilled = ofType('AWS::CloudWatch::Alarm').reduce(
      (sum, [, alarm]) => sum + (alarm.Properties.Metrics ? (alarm.Properties.Metrics as Array<{ MetricStat?: unknown }>).filter((metric) => metric.MetricStat).length : 1),
      0,
    );
    expect(metricsBilled).toBeLessThanOrEqual(10);
  });

  it('subscribes the stage’s alarm e-mail when one is given', () => {
    const app = new App();
    const stack = new ResortStack(app, 'ForestResort-ops', { stage: stageConfig('ops', { alarmEmail: 'oncall@resort.in' }), bundles: bundleFunctions(), webRoot });
    Template.fromStack(stack).hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'oncall@resort.in' });
    dev.resourceCountIs('AWS::SNS::Subscription', 0);
  });
});

describe('mail', () => {
  it('lets only the routes that send mail use SES, on the stage’s own identity, and prints its DKIM records', () => {
    const app = new App();
    const stack = new ResortStack(app, 'ForestResort-mail', { stage: stageConfig('mail', { emailSender: 'bookings@resort.in' }), bundles: bundleFunctions(), webRoot });
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'resort.in' });
    const resources = template.toJSON().Resources as Record<string, Resource>;
    const policies = Object.values(resources).filter((resource) => resource.Type === 'AWS::IAM::Policy');
    const sesStatements = policies.flatMap((policy) =>
      (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement.filter((statement) => [statement.Action].flat().some((action) => action.startsWith('ses:'))).map((statement) => ({ statement, roles: policy.Properties.Roles as unknown[] })),
    );
    expect(sesStatements.length).toBeGreaterThan(0);
    const mailRoles = new Set(sesStatements.flatMap(({ roles }) => roles.map(logicalIdOf)));
    const functionsWithSes = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::Lambda::Function' && mailRoles.has(logicalIdOf(resource.Properties.Role)))
      .map((resource) => String(resource.Properties.FunctionName).replace('forest-resort-mail-', ''))
      .sort();
    expect(functionsWithSes).toEqual((httpRoutes as readonly HttpRoute[]).filter((route) => route.sendsMail).map((route) => route.name).sort());
    for (const { statement } of sesStatements) {
      expect(JSON.stringify(statement.Resource)).toContain('identity/*');
      expect((statement as { Condition?: unknown }).Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'bookings@resort.in' } });
    }
    template.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'forest-resort-mail-create-booking', Environment: { Variables: Match.objectLike({ MAIL_FROM: 'bookings@resort.in' }) } });
    expect(Object.keys(template.toJSON().Outputs as Record<string, unknown>)).toEqual(expect.arrayContaining(['MailDkimRecord1', 'MailDkimRecord2', 'MailDkimRecord3']));
  });

  it('imports the sender identity another stage created, instead of creating it twice', () => {
    const app = new App();
    const stack = new ResortStack(app, 'ForestResort-mail2', { stage: stageConfig('mail2', { emailSender: 'bookings@resort.in', emailIdentity: 'import' }), bundles: bundleFunctions(), webRoot });
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    template.hasResourceProperties('AWS::Lambda::Function', { FunctionName: 'forest-resort-mail2-create-booking', Environment: { Variables: Match.objectLike({ MAIL_FROM: 'bookings@resort.in' }) } });
  });

  it('grants no SES at all to a stage without a sender', () => {
    dev.resourceCountIs('AWS::SES::EmailIdentity', 0);
    for (const [, statements] of statementsByFunction()) expect(actionsOf(statements).filter((action) => action.startsWith('ses:'))).toEqual([]);
  });
});

describe('table', () => {
  it('is on-demand with PITR, TTL on expiresAt and the two GSIs', () => {
    dev.hasResourceProperties('AWS::DynamoDB::Table', {
      BillingMode: 'PAY_PER_REQUEST',
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
      TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }, { AttributeName: 'sk', KeyType: 'RANGE' }],
      GlobalSecondaryIndexes: [Match.objectLike({ IndexName: 'gsi1' }), Match.objectLike({ IndexName: 'gsi2' })],
    });
  });

  it('is retained and deletion-protected on prod, disposable elsewhere', () => {
    prod.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Retain', UpdateReplacePolicy: 'Retain', Properties: Match.objectLike({ DeletionProtectionEnabled: true }) });
    prod.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Retain' });
    dev.hasResource('AWS::DynamoDB::Table', { DeletionPolicy: 'Delete', Properties: Match.objectLike({ DeletionProtectionEnabled: false }) });
    dev.hasResource('AWS::S3::Bucket', { DeletionPolicy: 'Delete' });
  });
});

describe('site', () => {
  it('serves a private bucket through CloudFront with origin access control and the edge rewrite', () => {
    dev.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    dev.hasResourceProperties('AWS::S3::Bucket', { PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true } });
    dev.hasResourceProperties('AWS::CloudFront::Function', { FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }), FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'") });
    dev.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          ViewerProtocolPolicy: 'redirect-to-https',
          FunctionAssociations: [Match.objectLike({ EventType: 'viewer-request' })],
          ResponseHeadersPolicyId: Match.anyValue(),
        }),
      }),
    });
  });

  it('sends /api/* to the HTTP API uncached with the viewer headers, and never caches /config.json', () => {
    const distribution = ofType('AWS::CloudFront::Distribution')[0]?.[1];
    const behaviors = (distribution?.Properties.DistributionConfig as { CacheBehaviors: Array<Record<string, unknown>> }).CacheBehaviors;
    const api = behaviors.find((behavior) => behavior.PathPattern === '/api/*');
    expect(api).toMatchObject({ CachePolicyId: CACHING_DISABLED, OriginRequestPolicyId: ALL_VIEWER_EXCEPT_HOST, ViewerProtocolPolicy: 'https-only' });
    expect(api?.AllowedMethods).toEqual(['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE']);
    expect(behaviors.find((behavior) => behavior.PathPattern === '/config.json')).toMatchObject({ CachePolicyId: CACHING_DISABLED });
  });

  it('sends security headers: CSP allowing only Razorpay from outside, HSTS, frame and content-type options', () => {
    dev.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.anyValue(), Override: true },
          StrictTransportSecurity: Match.objectLike({ AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true }),
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
        }),
      }),
    });
    const policy = JSON.stringify(ofType('AWS::CloudFront::ResponseHeadersPolicy')[0]?.[1].Properties);
    expect(policy).toContain("script-src 'self' https://checkout.razorpay.com");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it('deploys the SPA with a year of caching for hashed assets, and a fresh config.json telling the API and WebSocket URLs', () => {
    dev.hasResourceProperties('Custom::CDKBucketDeployment', { Prune: false, SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
    dev.hasResourceProperties('Custom::CDKBucketDeployment', { SystemMetadata: { 'cache-control': 'no-cache' }, DistributionPaths: ['/index.html', '/config.json'] });
    const shell = ofType('Custom::CDKBucketDeployment').find(([, resource]) => resource.Properties.SourceMarkers);
    const keys = (shell?.[1].Properties.SourceObjectKeys ?? []) as string[];
    const markers = (shell?.[1].Properties.SourceMarkers ?? []) as Array<Record<string, unknown>>;
    const index = keys.findIndex((key) => existsSync(join(assemblyDir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json')));
    expect(index).toBeGreaterThanOrEqual(0);
    const raw = readFileSync(join(assemblyDir, `asset.${keys[index]?.replace(/\.zip$/, '')}`, 'config.json'), 'utf8');
    const config = JSON.parse(raw) as Record<string, string>;
    expect(config).toMatchObject({ stage: 'dev', apiUrl: '/api', paymentMode: 'test' });
    // The WebSocket URL is filled in at deploy time from the WebSocket API's id.
    const wsMarker = /<<marker:0xbaba:\d+>>/.exec(config.wsUrl ?? '')?.[0] ?? '';
    expect(config.wsUrl).toMatch(/^wss:\/\/.*\/live$/);
    expect(logicalIdOf(markers[index]?.[wsMarker])).toMatch(/^RealtimeApi/);
  });
});

describe('WebSocket API', () => {
  it('has $connect, $disconnect and $default routes and a throttled live stage', () => {
    dev.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'WEBSOCKET', RouteSelectionExpression: '$request.body.action' });
    for (const key of ['$connect', '$disconnect', '$default']) dev.hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: key });
    dev.hasResourceProperties('AWS::ApiGatewayV2::Stage', { StageName: 'live', AutoDeploy: true, DefaultRouteSettings: Match.objectLike({ ThrottlingRateLimit: 50 }) });
  });
});

describe('scheduled jobs', () => {
  it('runs the hold sweeper every minute from EventBridge', () => {
    const functions = Object.fromEntries(ofType('AWS::Lambda::Function'));
    const rules = ofType('AWS::Events::Rule');
    expect(rules).toHaveLength(jobs.length);
    const [, rule] = rules[0] ?? [];
    expect(rule?.Properties.ScheduleExpression).toBe('rate(1 minute)');
    const target = (rule?.Properties.Targets as Array<{ Arn: unknown }>)[0];
    expect(functions[logicalIdOf(target?.Arn)]?.Properties.FunctionName).toBe('forest-resort-dev-release-expired-holds');
    // The next minute's run is the retry: no Lambda retries, no runs queued behind a failure.
    dev.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 120 });
  });
});

describe('outputs', () => {
  it('names the site, API and WebSocket URLs', () => {
    const outputs = Object.keys(dev.toJSON().Outputs as Record<string, unknown>);
    expect(outputs).toEqual(expect.arrayContaining(['SiteUrl', 'ApiUrl', 'WebSocketUrl', 'TableName', 'AlarmTopicArn', 'PaymentSecretArn']));
  });
});

describe('stage config', () => {
  it('reads domain, certificate, alarm e-mail and Razorpay key id from context, and refuses half a domain', () => {
    const context: Record<string, string> = { stage: 'prod', domainName: 'stay.resort.in', certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/abc', alarmEmail: 'ops@resort.in', razorpayKeyId: 'rzp_live_AbC123' };
    expect(stageConfigFromContext((key) => context[key])).toMatchObject({ name: 'prod', retainData: true, domain: { name: 'stay.resort.in' }, alarmEmail: 'ops@resort.in', razorpayKeyId: 'rzp_live_AbC123' });
    expect(() => stageConfigFromContext((key) => ({ stage: 'dev', domainName: 'x.in' })[key as 'stage'])).toThrow('domainName and certificateArn go together');
    expect(() => stageConfigFromContext((key) => ({ stage: 'dev', certificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x', domainName: 'x.in' })[key as 'stage'])).toThrow();
  });

  it('serves a custom domain with its certificate and TLS 1.2 at the edge', () => {
    const app = new App();
    const stack = new ResortStack(app, 'ForestResort-live', { stage: stageConfig('live', { domain: { name: 'stay.resort.in', certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/abc' } }), bundles: bundleFunctions(), webRoot });
    Template.fromStack(stack).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Aliases: ['stay.resort.in'], ViewerCertificate: Match.objectLike({ MinimumProtocolVersion: 'TLSv1.2_2021', AcmCertificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/abc' }) }),
    });
  });

  it('knows prod and staging, treats other names as disposable dev stages, and refuses bad names', () => {
    expect(stageConfig('prod')).toMatchObject({ retainData: true, logRetentionDays: 90, accountAlarms: true });
    expect(stageConfig('alice')).toMatchObject({ name: 'alice', retainData: false, logRetentionDays: 7, accountAlarms: false });
    expect(() => stageConfig('Prod_1')).toThrow(/Stage names/);
  });
});
