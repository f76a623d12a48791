import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { streamFilterPatterns, streamSettings } from '../../functions/streams/stream-filter.ts';
import {
  httpRoutes,
  isImplemented,
  jobs,
  needsSigningKey,
  routeClassOf,
  routeKey,
  secretRotations,
  streamConsumers,
  wsRoutes,
  type HttpRoute,
  type TablePartition,
} from '../../functions/routes.ts';
import { partitionKeyPatterns, routeClassSettings } from '../../infra/route-classes.ts';
import { rotationActions, streamReadActions, tableActions, updateOnlyActions } from '../../infra/constructs/route-functions.ts';
import { webRoot } from '../../infra/local/web-build.ts';
import { bundleStackFunctions, ResortStack } from '../../infra/resort-stack.ts';
import { stageConfig, stageConfigFromContext } from '../../infra/stage-config.ts';
import { ORIGIN_VERIFY_HEADER as SITE_ORIGIN_VERIFY_HEADER } from '../../infra/constructs/static-site.ts';
import { OVERRIDDEN_TO_COUNT, RATE_WINDOW_SECONDS, webAclRules } from '../../infra/edge-stack.ts';
import { addResortStage, EDGE_REGION } from '../../infra/resort-app.ts';
import { MAX_BODY_BYTES } from '../../functions/lib/http/handler.ts';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/http/origin-verify.ts';
import { stringLike } from '../support/iam.ts';

type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, string[]>> };

let dev: Template;
let prod: Template;
let devResources: Record<string, Resource>;
let prodResources: Record<string, Resource>;
let assemblyDir: string;
let bundles: Record<string, string>;

const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

beforeAll(() => {
  bundles = bundleStackFunctions();
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
  prodResources = prod.toJSON().Resources as Record<string, Resource>;
});

const ofType = (type: string, resources = devResources) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
const logicalIdOf = (value: unknown): string => {
  const ref = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  return ref.Ref ?? ref['Fn::GetAtt']?.[0] ?? '';
};

/** Function name -> the IAM statements of the role it runs as. */
function statementsByFunction(resources = devResources): Map<string, Statement[]> {
  const byRole = new Map<string, Statement[]>();
  for (const [, policy] of ofType('AWS::IAM::Policy', resources)) {
    const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
    for (const role of policy.Properties.Roles as unknown[]) byRole.set(logicalIdOf(role), [...(byRole.get(logicalIdOf(role)) ?? []), ...statements]);
  }
  const result = new Map<string, Statement[]>();
  for (const [, fn] of ofType('AWS::Lambda::Function', resources)) {
    if (typeof fn.Properties.FunctionName !== 'string') continue;
    result.set(fn.Properties.FunctionName, byRole.get(logicalIdOf(fn.Properties.Role)) ?? []);
  }
  return result;
}
const actionsOf = (statements: Array<{ Action: string | string[] }>) => statements.flatMap((statement) => [statement.Action].flat());
const tableStatementsOf = (statements: Statement[]) =>
  statements.filter((statement) => actionsOf([statement]).some((action) => action.startsWith('dynamodb:')));
/** The LeadingKeys patterns a statement is scoped to (undefined: the whole table). */
const leadingKeysOf = (statement: Statement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
const patternsOf = (partitions: readonly TablePartition[]) => [...new Set(partitions.flatMap((partition) => partitionKeyPatterns[partition]))];
const allFunctionNames = () => [...httpRoutes, ...wsRoutes, ...jobs, ...streamConsumers, ...secretRotations].map((entry) => entry.name);

describe('stack size', () => {
  it('stays well under CloudFormation’s 500-resource limit, on dev and on prod', () => {
    expect(Object.keys(devResources).length).toBeLessThan(450);
    expect(Object.keys(prodResources).length).toBeLessThan(450);
  });
});

describe('route functions', () => {
  it('deploys one Lambda per route table entry (HTTP, WebSocket, jobs, stream consumer, key rotation), Node 24 on arm64, traced, ESM bundle', () => {
    const names = ofType('AWS::Lambda::Function')
      .map(([, fn]) => fn.Properties.FunctionName)
      .filter((name): name is string => typeof name === 'string' && name.startsWith('forest-resort-dev-'));
    expect(names.sort()).toEqual(
      allFunctionNames()
        .map((name) => `forest-resort-dev-${name}`)
        .sort(),
    );
    for (const name of names) {
      dev.hasResourceProperties('AWS::Lambda::Function', {
        FunctionName: name,
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        TracingConfig: { Mode: 'Active' },
        LoggingConfig: { LogGroup: Match.anyValue() },
        Environment: { Variables: Match.objectLike({ STAGE: 'dev', TABLE_NAME: Match.anyValue() }) },
      });
    }
    // Source maps are read only when an error is logged (functions/lib/readable-stack.ts), never at every cold start.
    for (const [, fn] of ofType('AWS::Lambda::Function')) expect(JSON.stringify(fn.Properties?.Environment ?? {})).not.toContain('enable-source-maps');
  });

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

  it('grants each function exactly the table, WebSocket and secret permissions its route needs, scoped to its partitions', () => {
    const statements = statementsByFunction();
    type Expected = {
      name: string;
      access: 'none' | 'read' | 'write';
      partitions?: readonly TablePartition[];
      updates?: readonly TablePartition[];
      notifies: boolean;
      secret: boolean;
      payments: boolean;
      links?: boolean;
      stream?: boolean;
      rotates?: boolean;
      /** Reads the account behind a token (a scoped signed-in function gets GetItem on users). */
      accounts?: boolean;
      /** Checks CloudFront's origin-verify header (every HTTP route). */
      origin?: boolean;
    };
    const expectations: Expected[] = [
      // Request functions never post to sockets or send mail (the stream consumer does); a planned route runs the 501 handler and touches no table.
      ...(httpRoutes as readonly HttpRoute[]).map((route) => ({
        name: route.name,
        access: isImplemented(route) ? route.access : ('none' as const),
        ...(route.partitions ? { partitions: route.partitions } : {}),
        ...(route.updates ? { updates: route.updates } : {}),
        notifies: false,
        secret: needsSigningKey(route),
        payments: isImplemented(route) && (route.usesPaymentSecrets ?? false),
        links: isImplemented(route) && (route.usesManageLinkKey ?? false),
        accounts: route.auth !== 'public',
        origin: true,
      })),
      // $default replies on its own socket; all three reach only the connection registry.
      { name: 'ws-connect', access: 'write', partitions: ['connections'], notifies: false, secret: false, payments: false },
      { name: 'ws-disconnect', access: 'write', partitions: ['connections'], notifies: false, secret: false, payments: false },
      { name: 'ws-default', access: 'write', partitions: ['connections'], notifies: true, secret: true, payments: false, accounts: true },
      ...jobs.map((job) => ({ name: job.name, access: job.access, notifies: job.notifies, secret: false, payments: false })),
      ...streamConsumers.map((consumer) => ({
        name: consumer.name,
        access: consumer.access,
        partitions: consumer.partitions,
        notifies: consumer.notifies,
        secret: false,
        // Refunds of cancelled bookings, and the manage link in every e-mail.
        payments: true,
        links: true,
        stream: true,
        accounts: true,
      })),
      ...secretRotations.map((rotation) => ({ name: rotation.name, access: 'none' as const, notifies: false, secret: false, payments: false, rotates: true })),
    ];
    for (const expected of expectations) {
      const own = statements.get(`forest-resort-dev-${expected.name}`) ?? [];
      const tableStatements = tableStatementsOf(own);
      const dataActions = expected.access === 'none' ? [] : tableActions[expected.access];
      const granted = tableStatements.filter((statement) => !actionsOf([statement]).some((action) => streamReadActions.includes(action)));
      // The data statement: the access class's actions, on the table and its indexes, within the route's partitions.
      const data = granted.find(
        (statement) => actionsOf([statement]).length === dataActions.length && dataActions.every((action) => actionsOf([statement]).includes(action)),
      );
      expect(Boolean(data), `${expected.name} table actions`).toBe(dataActions.length > 0);
      if (data) expect(leadingKeysOf(data), `${expected.name} partitions`).toEqual(expected.partitions ? patternsOf(expected.partitions) : undefined);
      const updates = granted.filter((statement) => statement !== data);
      expect(
        updates.map((statement) => ({ actions: actionsOf([statement]), keys: leadingKeysOf(statement) })),
        `${expected.name} update-only partitions`,
      ).toEqual([
        ...(expected.accounts && expected.partitions ? [{ actions: ['dynamodb:GetItem'], keys: patternsOf(['accounts']) }] : []),
        ...(expected.updates ? [{ actions: updateOnlyActions, keys: patternsOf(expected.updates) }] : []),
      ]);
      const streamStatements = tableStatements.filter((statement) => actionsOf([statement]).some((action) => streamReadActions.includes(action)));
      expect(
        streamStatements.map((statement) => ({ actions: actionsOf([statement]).sort(), on: logicalIdOf(statement.Resource) })),
        `${expected.name} stream`,
      ).toEqual(expected.stream ? [{ actions: [...streamReadActions].sort(), on: expect.stringMatching(/^DataTable/) }] : []);
      const actions = actionsOf(own);
      expect(actions.includes('execute-api:ManageConnections'), `${expected.name} ManageConnections`).toBe(expected.notifies);
      const secretStatements = own.filter((statement) => actionsOf([statement]).some((action) => action.startsWith('secretsmanager:')));
      const secretsRead = secretStatements
        .filter((statement) => !actionsOf([statement]).includes('secretsmanager:PutSecretValue'))
        .map((statement) => logicalIdOf(statement.Resource).replace(/[A-F0-9]{8}$/, ''))
        .sort();
      expect(secretsRead, `${expected.name} secrets`).toEqual(
        [
          ...(expected.secret ? ['JwtSigningKey'] : []),
          ...(expected.payments ? ['PaymentSecrets'] : []),
          ...(expected.links ? ['ManageLinkKey'] : []),
          ...(expected.origin ? ['OriginVerifySecret'] : []),
        ].sort(),
      );
      const rotations = secretStatements.filter((statement) => actionsOf([statement]).includes('secretsmanager:PutSecretValue'));
      expect(
        rotations.map((statement) => ({ actions: actionsOf([statement]), on: logicalIdOf(statement.Resource).replace(/[A-F0-9]{8}$/, '') })),
        `${expected.name} rotation`,
      ).toEqual(expected.rotates ? [{ actions: rotationActions, on: 'JwtSigningKey' }] : []);
    }
  });

  it('keeps every public route but sign-in out of user, e-mail and login-counter partitions', () => {
    const statements = statementsByFunction();
    const userPartitions = [
      'USER#u-1',
      'USER#u-1#BOOKINGS',
      'USERS',
      'EMAIL#guest@example.com',
      'LOGIN#guest@example.com',
      'IDEMPOTENCY#create-booking#k',
      'AUDIT#2026-01',
    ];
    // Signing in reads the account by e-mail and counts failed attempts, and an activation link
    // activates its account and signs in: those three must reach users.
    const signIn = new Set(['auth', 'admin-login', 'activate-account']);
    const publicRoutes = (httpRoutes as readonly HttpRoute[]).filter((route) => route.auth === 'public' && !signIn.has(route.name));
    expect(publicRoutes.map((route) => route.name)).toEqual(
      expect.arrayContaining([
        'list-cottages',
        'check-availability',
        'get-availability-calendar',
        'calculate-package-pricing',
        'get-safari-slots',
        'get-booking-by-reference',
      ]),
    );
    for (const route of publicRoutes) {
      for (const statement of tableStatementsOf(statements.get(`forest-resort-dev-${route.name}`) ?? [])) {
        const patterns = leadingKeysOf(statement);
        expect(patterns, `${route.name} is scoped to partitions`).toBeDefined();
        for (const key of userPartitions)
          expect(
            patterns?.some((pattern) => stringLike(pattern, key)),
            `${route.name} may reach ${key}`,
          ).toBe(false);
      }
    }
    // ...while the catalogue routes can still reach everything they read.
    const catalogue = statementsByFunction().get('forest-resort-dev-check-availability') ?? [];
    const reachable = (key: string) => tableStatementsOf(catalogue).some((statement) => leadingKeysOf(statement)?.some((pattern) => stringLike(pattern, key)));
    for (const key of [
      'COTTAGE#hornbill-1',
      'COTTAGES',
      'PACKAGE#honeymoon',
      'PACKAGES',
      'SAFARI#jeep',
      'SAFARIS',
      'PRICING_RULES',
      'ACTIVITY#availability-check',
    ])
      expect(reachable(key), key).toBe(true);
  });

  it('lets each role write only to the log groups of its own functions (the API routes share one), with no managed policy', () => {
    const logGroups = Object.fromEntries(ofType('AWS::Logs::LogGroup'));
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      const name = fn.Properties.FunctionName;
      if (typeof name !== 'string') continue;
      const role = devResources[logicalIdOf(fn.Properties.Role)];
      expect(role?.Properties.ManagedPolicyArns, `${name} managed policies`).toBeUndefined();
      const logStatements = (statementsByFunction().get(name) ?? []).filter((statement) => actionsOf([statement]).some((action) => action.startsWith('logs:')));
      expect(logStatements.map((statement) => actionsOf([statement]).sort())).toEqual([['logs:CreateLogStream', 'logs:PutLogEvents']]);
      const groups = [logStatements[0]?.Resource].flat().map((resource) => logGroups[logicalIdOf(resource)]?.Properties.LogGroupName);
      const ownGroup = logGroups[logicalIdOf((fn.Properties.LoggingConfig as { LogGroup: unknown }).LogGroup)]?.Properties.LogGroupName;
      expect(groups, name).toContain(ownGroup);
      for (const group of groups) expect(String(group), name).toMatch(/^\/aws\/lambda\/forest-resort-dev-|^\/forest-resort\/dev\/api$/);
      expect(new Set(groups).size, `${name}: each group once`).toBe(groups.length);
    }
  });

  it('never grants a wildcard or a Scan on the table', () => {
    for (const [name, statements] of statementsByFunction()) {
      const actions = actionsOf(statements);
      expect(
        actions.filter((action) => action.includes('*')),
        name,
      ).toEqual([]);
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
    prod.hasResource('AWS::Logs::LogGroup', {
      DeletionPolicy: 'RetainExceptOnCreate',
      Properties: Match.objectLike({ LogGroupName: '/forest-resort/prod/api' }),
    });
    dev.hasResource('AWS::Logs::LogGroup', {
      DeletionPolicy: 'Delete',
      Properties: Match.objectLike({ LogGroupName: '/forest-resort/dev/api' }),
    });
    prod.hasResource('AWS::Logs::LogGroup', {
      DeletionPolicy: 'RetainExceptOnCreate',
      Properties: Match.objectLike({ LogGroupName: '/aws/lambda/forest-resort-prod-release-expired-holds' }),
    });
  });

  it('logs the API routes into one group, every other function into its own, all with retention', () => {
    // The API's route functions share one (streams are named by function); one per other function;
    // plus the HTTP API's access log (and on prod the WebSocket API's).
    const others = allFunctionNames().length - httpRoutes.length;
    expect(ofType('AWS::Logs::LogGroup').length).toBe(others + 1 + 1);
    expect(ofType('AWS::Logs::LogGroup', prodResources).length).toBe(others + 1 + 2);
    dev.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/forest-resort/dev/api', RetentionInDays: 7 });
    prod.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/forest-resort/prod/api', RetentionInDays: 90 });
    dev.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/aws/lambda/forest-resort-dev-table-events', RetentionInDays: 7 });
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      const name = String(fn.Properties.FunctionName);
      if (!name.startsWith('forest-resort-dev-')) continue;
      const group = devResources[logicalIdOf((fn.Properties.LoggingConfig as { LogGroup: unknown }).LogGroup)]?.Properties.LogGroupName;
      const isRoute = httpRoutes.some((route) => name === `forest-resort-dev-${route.name}`);
      expect(group, name).toBe(isRoute ? '/forest-resort/dev/api' : `/aws/lambda/${name}`);
    }
  });

  it('stays well under 500 resources with every route written: four per route (function, permission, integration, route)', () => {
    const perRoute = ['AWS::Lambda::Function', 'AWS::Lambda::Permission', 'AWS::ApiGatewayV2::Integration', 'AWS::ApiGatewayV2::Route'];
    expect(ofType('AWS::ApiGatewayV2::Route').length).toBeGreaterThanOrEqual(httpRoutes.length);
    expect(Object.keys(devResources).length).toBeLessThan(400);
    expect(perRoute.every((type) => ofType(type).length <= httpRoutes.length + 10)).toBe(true);
  });

  it('ships each implemented route its own bundle, and every planned route the shared 501 bundle', () => {
    const codeOf = Object.fromEntries(
      ofType('AWS::Lambda::Function').map(([, fn]) => [fn.Properties.FunctionName, JSON.stringify((fn.Properties.Code as { S3Key: unknown }).S3Key)]),
    );
    const planned = httpRoutes.filter((route) => !isImplemented(route)).map((route) => codeOf[`forest-resort-dev-${route.name}`]);
    // Once every route is written there is no planned one left to share it.
    expect(new Set(planned).size).toBe(planned.length ? 1 : 0);
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
    const stageResource = ofType('AWS::ApiGatewayV2::Stage').find(([, resource]) => resource.Properties.StageName === '$default')?.[1] as
      (Resource & { DependsOn?: string[] }) | undefined;
    const stage = stageResource?.Properties;
    // Route settings may only name routes that already exist: the stage waits for every route.
    const routeIds = ofType('AWS::ApiGatewayV2::Route')
      .filter(([, route]) => String(route.Properties.RouteKey).includes(' '))
      .map(([id]) => id);
    expect(stageResource?.DependsOn).toEqual(expect.arrayContaining(routeIds));
    expect(stage?.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: routeClassSettings.standard.rateLimit,
      ThrottlingBurstLimit: routeClassSettings.standard.burstLimit,
    });
    const expected = Object.fromEntries(
      (httpRoutes as readonly HttpRoute[])
        .filter((route) => routeClassOf(route) !== 'standard')
        .map((route) => [
          routeKey(route),
          { ThrottlingRateLimit: routeClassSettings[routeClassOf(route)].rateLimit, ThrottlingBurstLimit: routeClassSettings[routeClassOf(route)].burstLimit },
        ]),
    );
    expect(stage?.RouteSettings).toEqual(expected);
    expect(Object.keys(expected)).toEqual(expect.arrayContaining(['POST /api/auth', 'POST /api/auth/admin-login', 'POST /api/bookings']));
    expect((stage?.RouteSettings as Record<string, { ThrottlingRateLimit: number }>)['POST /api/auth']?.ThrottlingRateLimit).toBeLessThan(
      routeClassSettings.standard.rateLimit,
    );
    const format = JSON.parse(String((stage?.AccessLogSettings as { Format: string }).Format)) as Record<string, string>;
    expect(format).toMatchObject({ requestId: '$context.requestId', status: '$context.status', routeKey: '$context.routeKey' });
    dev.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/aws/apigateway/forest-resort-dev-http', RetentionInDays: 7 });
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
        'forest-resort-dev-ReleaseExpiredHolds-errors',
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

describe('guest limits', () => {
  it("carries a stage's own limits of unpaid holds, stays, nights and sign-ups to the functions, and none by default", () => {
    const config = stageConfigFromContext((key) => ({ stage: 'limits', guestLimits: 'openHolds=3,unpaidStays=5,unpaidNights=45,signUpsPerHour=12' })[key]);
    expect(config.guestLimits).toEqual({ openHolds: 3, unpaidStays: 5, unpaidNights: 45, signUpsPerHour: 12 });
    expect(() => stageConfigFromContext((key) => ({ stage: 'limits', guestLimits: 'openHolds=0' })[key])).toThrow();
    const app = new App();
    const template = Template.fromStack(new ResortStack(app, 'ForestResort-limits', { stage: config, bundles, webRoot }));
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'forest-resort-limits-create-booking',
      Environment: {
        Variables: Match.objectLike({ OPEN_HOLD_LIMIT: '3', UNPAID_STAY_LIMIT: '5', UNPAID_NIGHT_LIMIT: '45', SIGNUP_LIMIT: '12' }),
      },
    });
    const variables = Object.values(devResources)
      .filter((resource) => resource.Type === 'AWS::Lambda::Function')
      .flatMap((resource) => Object.keys((resource.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {}));
    expect(variables.filter((name) => /LIMIT$/.test(name))).toEqual([]);
  });
});

describe('mail', () => {
  it('lets only the stream consumer use SES, on the stage’s own identity, and prints its DKIM records', () => {
    const app = new App();
    const stack = new ResortStack(app, 'ForestResort-mail', { stage: stageConfig('mail', { emailSender: 'bookings@resort.in' }), bundles, webRoot });
    const template = Template.fromStack(stack);
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'resort.in' });
    const resources = template.toJSON().Resources as Record<string, Resource>;
    const policies = Object.values(resources).filter((resource) => resource.Type === 'AWS::IAM::Policy');
    const sesStatements = policies.flatMap((policy) =>
      (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement.filter((statement) =>
        [statement.Action].flat().some((action) => action.startsWith('ses:')),
      ).map((statement) => ({ statement, roles: policy.Properties.Roles as unknown[] })),
    );
    expect(sesStatements.length).toBeGreaterThan(0);
    const mailRoles = new Set(sesStatements.flatMap(({ roles }) => roles.map(logicalIdOf)));
    const functionsWithSes = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::Lambda::Function' && mailRoles.has(logicalIdOf(resource.Properties.Role)))
      .map((resource) => String(resource.Properties.FunctionName).replace('forest-resort-mail-', ''))
      .sort();
    expect(functionsWithSes).toEqual(
      streamConsumers
        .filter((consumer) => consumer.sendsMail)
        .map((consumer) => consumer.name)
        .sort(),
    );
    for (const { statement } of sesStatements) {
      expect(JSON.stringify(statement.Resource)).toContain('identity/*');
      expect((statement as { Condition?: unknown }).Condition).toEqual({ StringEquals: { 'ses:FromAddress': 'bookings@resort.in' } });
    }
    const withSender = Object.values(resources)
      .filter(
        (resource) =>
          resource.Type === 'AWS::Lambda::Function' &&
          (resource.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables?.MAIL_FROM === 'bookings@resort.in',
      )
      .map((resource) => resource.Properties.FunctionName);
    expect(withSender).toEqual(['forest-resort-mail-table-events']);
    expect(Object.keys(template.toJSON().Outputs as Record<string, unknown>)).toEqual(
      expect.arrayContaining(['MailDkimRecord1', 'MailDkimRecord2', 'MailDkimRecord3']),
    );
  });

  it('imports the sender identity another stage created, instead of creating it twice', () => {
    const app = new App();
    const stack = new ResortStack(app, 'ForestResort-mail2', {
      stage: stageConfig('mail2', { emailSender: 'bookings@resort.in', emailIdentity: 'import' }),
      bundles,
      webRoot,
    });
    const template = Template.fromStack(stack);
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    template.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'forest-resort-mail2-table-events',
      Environment: { Variables: Match.objectLike({ MAIL_FROM: 'bookings@resort.in' }) },
    });
  });

  it('grants no SES at all to a stage without a sender', () => {
    dev.resourceCountIs('AWS::SES::EmailIdentity', 0);
    for (const [, statements] of statementsByFunction()) expect(actionsOf(statements).filter((action) => action.startsWith('ses:'))).toEqual([]);
  });
});

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

describe('site', () => {
  it('serves a private bucket through CloudFront with origin access control and the edge rewrite', () => {
    dev.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    dev.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    dev.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      FunctionCode: Match.stringLikeRegexp("request.uri = '/index.html'"),
    });
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

  it('logs CloudFront requests and the site bucket’s access to a private, TLS-only logs bucket that expires them', () => {
    const distribution = ofType('AWS::CloudFront::Distribution')[0]?.[1];
    const logging = (distribution?.Properties.DistributionConfig as { Logging: { Bucket: unknown; Prefix: string } }).Logging;
    expect(logging.Prefix).toBe('cloudfront/');
    const logsBucketId = logicalIdOf(logging.Bucket);
    const logsBucket = devResources[logsBucketId]?.Properties;
    // CloudFront standard logs are written with an ACL: ACLs stay enabled, owned by the bucket owner.
    expect(logsBucket).toMatchObject({
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerPreferred' }] },
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
      LifecycleConfiguration: { Rules: [{ ExpirationInDays: 7, Status: 'Enabled' }] },
    });
    const siteBucket = ofType('AWS::S3::Bucket').find(([, bucket]) => bucket.Properties.LoggingConfiguration)?.[1];
    expect(siteBucket?.Properties.LoggingConfiguration).toEqual({ DestinationBucketName: { Ref: logsBucketId }, LogFilePrefix: 's3/site/' });
    for (const [, policy] of ofType('AWS::S3::BucketPolicy')) {
      expect(JSON.stringify(policy.Properties.PolicyDocument)).toContain('"aws:SecureTransport":"false"');
    }
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

  it('deploys the SPA with a year of caching for hashed assets, and a fresh config.json telling the API and WebSocket URLs and the display currencies', () => {
    dev.hasResourceProperties('Custom::CDKBucketDeployment', { Prune: false, SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' } });
    dev.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': 'no-cache' },
      DistributionPaths: ['/index.html', '/config.json'],
    });
    const shell = ofType('Custom::CDKBucketDeployment').find(([, resource]) => resource.Properties.SourceMarkers);
    const keys = (shell?.[1].Properties.SourceObjectKeys ?? []) as string[];
    const markers = (shell?.[1].Properties.SourceMarkers ?? []) as Array<Record<string, unknown>>;
    const index = keys.findIndex((key) => existsSync(join(assemblyDir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json')));
    expect(index).toBeGreaterThanOrEqual(0);
    const raw = readFileSync(join(assemblyDir, `asset.${keys[index]?.replace(/\.zip$/, '')}`, 'config.json'), 'utf8');
    const config = JSON.parse(raw) as Record<string, string>;
    expect(config).toMatchObject({ stage: 'dev', apiUrl: '/api', paymentMode: 'test' });
    // The stage's display currencies, rupees per unit, for the header's approximate prices.
    expect(config.displayCurrencies).toEqual(stageConfig('dev').displayCurrencies);
    expect(Object.keys(config.displayCurrencies ?? {})).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP']));
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

describe('signing key rotation', () => {
  it('rotates the JWT signing key every 30 days with its own function, never on deploy', () => {
    const [[, schedule] = []] = ofType('AWS::SecretsManager::RotationSchedule');
    expect(logicalIdOf(schedule?.Properties.SecretId)).toMatch(/^JwtSigningKey/);
    expect(schedule?.Properties).toMatchObject({ RotationRules: { ScheduleExpression: 'rate(30 days)' }, RotateImmediatelyOnUpdate: false });
    const functions = Object.fromEntries(ofType('AWS::Lambda::Function'));
    expect(functions[logicalIdOf(schedule?.Properties.RotationLambdaARN)]?.Properties.FunctionName).toBe('forest-resort-dev-rotate-signing-key');
    dev.hasResourceProperties('AWS::Lambda::Permission', {
      Principal: 'secretsmanager.amazonaws.com',
      Action: 'lambda:InvokeFunction',
      SourceAccount: { Ref: 'AWS::AccountId' },
    });
    // The new key comes from node:crypto: no GetRandomPassword (a * resource) anywhere.
    for (const [, statements] of statementsByFunction()) expect(actionsOf(statements)).not.toContain('secretsmanager:GetRandomPassword');
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

  it('keeps a failed run, or one EventBridge could not deliver, in the job’s own queue', () => {
    const [, rule] = ofType('AWS::Events::Rule')[0] ?? [];
    const target = (rule?.Properties.Targets as Array<{ DeadLetterConfig?: { Arn: unknown }; RetryPolicy?: unknown }>)[0];
    const queueId = logicalIdOf(target?.DeadLetterConfig?.Arn);
    expect(devResources[queueId]?.Properties).toMatchObject({ QueueName: 'forest-resort-dev-release-expired-holds-failures', SqsManagedSseEnabled: true });
    const invokeConfig = ofType('AWS::Lambda::EventInvokeConfig')[0]?.[1];
    expect(logicalIdOf((invokeConfig?.Properties.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination)).toBe(queueId);
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

describe('stage config', () => {
  it('reads domain, certificate, alarm e-mail and Razorpay key id from context, and refuses half a domain', () => {
    const context: Record<string, string> = {
      stage: 'prod',
      domainName: 'stay.resort.in',
      certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/abc',
      alarmEmail: 'ops@resort.in',
      razorpayKeyId: 'rzp_live_AbC123',
    };
    expect(stageConfigFromContext((key) => context[key])).toMatchObject({
      name: 'prod',
      retainData: true,
      domain: { name: 'stay.resort.in' },
      alarmEmail: 'ops@resort.in',
      razorpayKeyId: 'rzp_live_AbC123',
    });
    expect(() => stageConfigFromContext((key) => ({ stage: 'dev', domainName: 'x.in' })[key as 'stage'])).toThrow('domainName and certificateArn go together');
    expect(() =>
      stageConfigFromContext((key) => ({ stage: 'dev', certificateArn: 'arn:aws:acm:eu-west-1:1:certificate/x', domainName: 'x.in' })[key as 'stage']),
    ).toThrow();
  });

  it('serves a custom domain with its certificate and TLS 1.2 at the edge', () => {
    const app = new App();
    const stack = new ResortStack(app, 'ForestResort-live', {
      stage: stageConfig('live', { domain: { name: 'stay.resort.in', certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/abc' } }),
      bundles,
      webRoot,
    });
    Template.fromStack(stack).hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Aliases: ['stay.resort.in'],
        ViewerCertificate: Match.objectLike({
          MinimumProtocolVersion: 'TLSv1.2_2021',
          AcmCertificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/abc',
        }),
      }),
    });
  });

  it('knows prod and staging, treats other names as disposable dev stages, and refuses bad names', () => {
    expect(stageConfig('prod')).toMatchObject({ retainData: true, logRetentionDays: 90, accountAlarms: true });
    expect(stageConfig('alice')).toMatchObject({ name: 'alice', retainData: false, logRetentionDays: 7, accountAlarms: false });
    expect(() => stageConfig('Prod_1')).toThrow(/Stage names/);
  });
});

describe('origin verify (CloudFront -> API)', () => {
  const secretId = () => {
    const ids = ofType('AWS::SecretsManager::Secret')
      .map(([id]) => id)
      .filter((id) => id.startsWith('OriginVerifySecret'));
    expect(ids).toHaveLength(1);
    return ids[0] ?? '';
  };

  it('generates the secret at deploy time: the template holds no value', () => {
    const secret = devResources[secretId()]?.Properties ?? {};
    expect(secret.GenerateSecretString).toMatchObject({ PasswordLength: 64, ExcludePunctuation: true });
    expect(secret.SecretString).toBeUndefined();
  });

  it('has CloudFront add the header on the /api/* origin from the secret by a dynamic reference, and on no other origin', () => {
    expect(SITE_ORIGIN_VERIFY_HEADER).toBe(ORIGIN_VERIFY_HEADER);
    const config = ofType('AWS::CloudFront::Distribution')[0]?.[1].Properties.DistributionConfig as {
      Origins: Array<{ Id: string; OriginCustomHeaders?: unknown; CustomOriginConfig?: unknown }>;
      CacheBehaviors: Array<{ PathPattern: string; TargetOriginId: string }>;
    };
    const apiOriginId = config.CacheBehaviors.find((behavior) => behavior.PathPattern === '/api/*')?.TargetOriginId;
    const apiOrigin = config.Origins.find((origin) => origin.Id === apiOriginId);
    expect(apiOrigin?.CustomOriginConfig).toMatchObject({ OriginProtocolPolicy: 'https-only' });
    expect(apiOrigin?.OriginCustomHeaders).toEqual([
      {
        HeaderName: ORIGIN_VERIFY_HEADER,
        HeaderValue: { 'Fn::Join': ['', ['{{resolve:secretsmanager:', { Ref: secretId() }, ':SecretString:::}}']] },
      },
    ]);
    for (const origin of config.Origins.filter((candidate) => candidate.Id !== apiOriginId)) expect(origin.OriginCustomHeaders).toBeUndefined();
  });

  it('gives every HTTP function, and no other, the secret’s ARN and the right to read that secret only', () => {
    const httpNames = new Set(httpRoutes.map((route) => `forest-resort-dev-${route.name}`));
    const statements = statementsByFunction();
    let checked = 0;
    for (const [, fn] of ofType('AWS::Lambda::Function')) {
      const name = fn.Properties.FunctionName;
      if (typeof name !== 'string') continue;
      const variables = (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      const reads = (statements.get(name) ?? []).filter((statement) => logicalIdOf(statement.Resource) === secretId());
      if (httpNames.has(name)) {
        checked += 1;
        expect(variables.ORIGIN_VERIFY_SECRET_ARN, name).toEqual({ Ref: secretId() });
        expect(
          reads.map((statement) => actionsOf([statement]).sort()),
          name,
        ).toEqual([['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue']]);
      } else {
        expect(variables.ORIGIN_VERIFY_SECRET_ARN, name).toBeUndefined();
        expect(reads, name).toEqual([]);
      }
    }
    expect(checked).toBe(httpRoutes.length);
  });
});

/** A WAF statement's verdict on a request, for the statement kinds the web ACL uses. */
type WafStatement = {
  ByteMatchStatement?: {
    FieldToMatch: { UriPath?: object; Method?: object };
    SearchString: string;
    PositionalConstraint: string;
    TextTransformations: Array<{ Type: string }>;
  };
  AndStatement?: { Statements: WafStatement[] };
};
function wafMatches(statement: WafStatement, request: { method: string; path: string }): boolean {
  if (statement.AndStatement) return statement.AndStatement.Statements.every((inner) => wafMatches(inner, request));
  const match = statement.ByteMatchStatement;
  if (!match) throw new Error(`Unexpected statement ${JSON.stringify(statement)}`);
  let value = match.FieldToMatch.UriPath ? request.path : request.method;
  for (const { Type } of match.TextTransformations) {
    if (Type === 'URL_DECODE') value = decodeURIComponent(value);
    else if (Type === 'LOWERCASE') value = value.toLowerCase();
    else if (Type !== 'NONE') throw new Error(`Unexpected transformation ${Type}`);
  }
  if (match.PositionalConstraint === 'EXACTLY') return value === match.SearchString;
  if (match.PositionalConstraint === 'STARTS_WITH') return value.startsWith(match.SearchString);
  throw new Error(`Unexpected constraint ${match.PositionalConstraint}`);
}

describe('WAF web ACL (prod only)', () => {
  const cdkContext = (JSON.parse(readFileSync(join(import.meta.dirname, '../../cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;
  const limits = stageConfig('prod').webAcl;
  let prodApp: ReturnType<typeof addResortStage>;
  let edge: Template;
  let resort: Template;
  type Rule = { Name: string; Priority: number; Action?: unknown; OverrideAction?: unknown; Statement: Record<string, unknown>; VisibilityConfig: unknown };
  const webAcl = () => {
    const acls = Object.values(edge.findResources('AWS::WAFv2::WebACL'));
    expect(acls).toHaveLength(1);
    return acls[0]?.Properties as { Scope: string; DefaultAction: unknown; VisibilityConfig: unknown; Rules: Rule[] };
  };
  const rule = (name: string) => webAcl().Rules.find((candidate) => candidate.Name === name);
  const rateRule = (name: string) =>
    rule(name)?.Statement.RateBasedStatement as { AggregateKeyType: string; Limit: number; EvaluationWindowSec: number; ScopeDownStatement: WafStatement };

  beforeAll(() => {
    // As `cdk synth -c stage=prod` builds it (cdk.json's context: weak cross-stack references), in a region that is not us-east-1.
    prodApp = addResortStage(new App({ context: { ...cdkContext } }), stageConfig('prod'), { bundles, webRoot, env: { region: 'ap-south-1' } });
    if (!prodApp.edge) throw new Error('prod has no edge stack');
    edge = Template.fromStack(prodApp.edge);
    resort = Template.fromStack(prodApp.resort);
  });

  it('lives in its own stack in us-east-1, scoped to CloudFront, with metrics and sampled requests for the ACL and every rule', () => {
    expect(prodApp.edge?.stackName).toBe('ForestResortEdge-prod');
    expect(prodApp.edge?.region).toBe(EDGE_REGION);
    expect(prodApp.resort.region).toBe('ap-south-1');
    const acl = webAcl();
    expect(acl).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    for (const visibility of [acl.VisibilityConfig, ...acl.Rules.map((candidate) => candidate.VisibilityConfig)])
      expect(visibility).toMatchObject({ CloudWatchMetricsEnabled: true, SampledRequestsEnabled: true, MetricName: expect.any(String) });
    expect(acl.Rules.map((candidate) => candidate.Name)).toEqual([webAclRules.signInRate, webAclRules.bookingRate, webAclRules.common]);
    expect(new Set(acl.Rules.map((candidate) => candidate.Priority)).size).toBe(acl.Rules.length);
  });

  it('blocks an address that signs in more than the stage allows in 5 minutes: every /api/auth route, nothing else', () => {
    expect(limits?.authRequestsPer5Min).toBe(100);
    expect(rule(webAclRules.signInRate)?.Action).toEqual({ Block: {} });
    const rate = rateRule(webAclRules.signInRate);
    expect(rate).toMatchObject({ AggregateKeyType: 'IP', Limit: limits?.authRequestsPer5Min, EvaluationWindowSec: RATE_WINDOW_SECONDS });
    expect(RATE_WINDOW_SECONDS).toBe(300);
    const counted = (httpRoutes as readonly HttpRoute[]).filter((route) => wafMatches(rate.ScopeDownStatement, { method: route.method, path: route.path }));
    expect(counted.map((route) => route.name)).toEqual(expect.arrayContaining(['auth', 'admin-login']));
    for (const route of counted) expect(route.path.startsWith('/api/auth'), route.name).toBe(true);
    for (const path of ['/api/auth', '/api/auth/admin-login', '/API/Auth/admin-login', '/api/%61uth/admin-login'])
      expect(wafMatches(rate.ScopeDownStatement, { method: 'POST', path }), path).toBe(true);
    expect(wafMatches(rate.ScopeDownStatement, { method: 'POST', path: '/api/bookings' })).toBe(false);
  });

  it('blocks an address that creates more bookings than the stage allows in 5 minutes: POST /api/bookings only', () => {
    expect(limits?.bookingRequestsPer5Min).toBe(300);
    expect(rule(webAclRules.bookingRate)?.Action).toEqual({ Block: {} });
    const rate = rateRule(webAclRules.bookingRate);
    expect(rate).toMatchObject({ AggregateKeyType: 'IP', Limit: limits?.bookingRequestsPer5Min, EvaluationWindowSec: RATE_WINDOW_SECONDS });
    const counted = (httpRoutes as readonly HttpRoute[]).filter((route) => wafMatches(rate.ScopeDownStatement, { method: route.method, path: route.path }));
    expect(counted.map((route) => route.name)).toEqual(['create-booking']);
    for (const request of [
      { method: 'GET', path: '/api/bookings' },
      { method: 'POST', path: '/api/bookings/reference/ABC/cancel' },
      { method: 'POST', path: '/api/auth' },
    ])
      expect(wafMatches(rate.ScopeDownStatement, request), JSON.stringify(request)).toBe(false);
  });

  it('runs AWS’s common rule set, counting (not blocking) its 8 KB body rule, since the API takes bodies up to 64 KB', () => {
    const common = rule(webAclRules.common);
    expect(common?.OverrideAction).toEqual({ None: {} });
    expect(common?.Statement.ManagedRuleGroupStatement).toEqual({
      VendorName: 'AWS',
      Name: 'AWSManagedRulesCommonRuleSet',
      RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }],
    });
    expect(OVERRIDDEN_TO_COUNT).toEqual(['SizeRestrictions_BODY']);
    expect(MAX_BODY_BYTES).toBeGreaterThan(8 * 1024);
  });

  it('is attached to the distribution from the edge stack’s output, which is the web ACL’s ARN', () => {
    const [distribution] = Object.values(resort.findResources('AWS::CloudFront::Distribution'));
    const webAclId = (distribution?.Properties as { DistributionConfig: { WebACLId?: unknown } }).DistributionConfig.WebACLId as {
      'Fn::GetStackOutput': { StackName: string; Region: string; OutputName: string };
    };
    expect(webAclId['Fn::GetStackOutput']).toMatchObject({ StackName: 'ForestResortEdge-prod', Region: EDGE_REGION });
    const outputs = edge.toJSON().Outputs as Record<string, { Value: unknown }>;
    const [aclId] = Object.keys(edge.findResources('AWS::WAFv2::WebACL'));
    expect(outputs[webAclId['Fn::GetStackOutput'].OutputName]?.Value).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    // Deployed first: `cdk deploy --all` (or naming the stage's stack) deploys the edge stack before it.
    expect(prodApp.resort.dependencies).toContain(prodApp.edge);
  });

  it('gives every other stage no web ACL (dev is synthesized above), and refuses a stage with one but no region', () => {
    expect(stageConfig('staging').webAcl).toBeUndefined();
    expect(stageConfig('dev').webAcl).toBeUndefined();
    dev.resourceCountIs('AWS::WAFv2::WebACL', 0);
    const [, distribution] = ofType('AWS::CloudFront::Distribution')[0] ?? [];
    expect((distribution?.Properties.DistributionConfig as { WebACLId?: unknown }).WebACLId).toBeUndefined();
    const devApp = new App();
    const devStage = addResortStage(devApp, stageConfig('alice'), { bundles, webRoot });
    expect(devStage.edge).toBeUndefined();
    expect(devApp.node.children.map((child) => child.node.id)).toEqual(['ForestResort-alice']);
    expect(() => addResortStage(new App(), stageConfig('prod'), { bundles, webRoot })).toThrow(/region/);
  });

  it('is described in the README with the limits the stage deploys', () => {
    const readme = readFileSync(join(import.meta.dirname, '../../README.md'), 'utf8').replace(/\s+/g, ' ');
    for (const stated of [
      `per client address, ${limits?.authRequestsPer5Min} requests per 5 minutes to \`/api/auth\``,
      `and ${limits?.bookingRequestsPer5Min} to \`POST /api/bookings\``,
      '`SizeRestrictions_BODY` rule counted',
    ])
      expect(readme.includes(stated), stated).toBe(true);
  });
});

describe('function logs', () => {
  it('gives every Lambda of the stack, CDK’s own included, the JSON log format', () => {
    for (const resources of [devResources, prodResources]) {
      const functions = ofType('AWS::Lambda::Function', resources);
      expect(functions.length).toBeGreaterThan(allFunctionNames().length);
      for (const [id, fn] of functions) expect((fn.Properties.LoggingConfig as { LogFormat?: string } | undefined)?.LogFormat, id).toBe('JSON');
    }
  });

  it('keeps system logs (START, END, REPORT) and filters application logs at the stage’s level: DEBUG on dev, INFO on prod', () => {
    for (const [resources, stage, level] of [
      [devResources, 'dev', 'DEBUG'],
      [prodResources, 'prod', 'INFO'],
    ] as const) {
      const ours = ofType('AWS::Lambda::Function', resources).filter(([, fn]) => String(fn.Properties.FunctionName).startsWith(`forest-resort-${stage}-`));
      expect(ours.map(([, fn]) => fn.Properties.FunctionName).sort()).toEqual(
        allFunctionNames()
          .map((name) => `forest-resort-${stage}-${name}`)
          .sort(),
      );
      for (const [, fn] of ours)
        expect(fn.Properties.LoggingConfig, String(fn.Properties.FunctionName)).toEqual({
          LogGroup: expect.anything(),
          LogFormat: 'JSON',
          ApplicationLogLevel: level,
          SystemLogLevel: 'INFO',
        });
    }
  });
});
