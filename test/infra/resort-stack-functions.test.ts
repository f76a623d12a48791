import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { httpRoutes, isImplemented, jobs, routeClassOf, routeKey, type HttpRoute } from '../../functions/routes.ts';
import { routeClassSettings } from '../../infra/route-classes.ts';
import { webRoot } from '../../infra/local/web-build.ts';
import { ResortStack } from '../../infra/resort-stack.ts';
import { stageConfigFromContext } from '../../infra/stage-config.ts';
import {
  type Resource,
  dev,
  prod,
  devResources,
  prodResources,
  bundles,
  ofType,
  logicalIdOf,
  statementsByFunction,
  actionsOf,
  allFunctionNames,
  synthesizeResortStacks,
} from '../support/resort-stack-synth.ts';

/** Functions and their logs: one Lambda per route table entry, its bundle and log group, route classes, guest limits, scheduled jobs and key rotation. */
synthesizeResortStacks();

describe('stack size', () => {
  it('stays well under CloudFormation’s 500-resource limit, on dev and on prod', () => {
    expect(Object.keys(devResources).length).toBeLessThan(460);
    expect(Object.keys(prodResources).length).toBeLessThan(460);
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
    // CloudFormation's hard limit is 500 a stack. At about four resources a route, 460 leaves room
    // for ten more; past it, move a group of routes to a nested stack (docs/architecture.md#9-operations).
    expect(Object.keys(devResources).length).toBeLessThan(460);
    expect(perRoute.every((type) => ofType(type).length <= httpRoutes.length + 10)).toBe(true);
  });

  it('has no dependency cycle among its resources (CloudFormation refuses one only at deploy): functions may name the distribution', () => {
    const references = (value: unknown, found: Set<string>): Set<string> => {
      if (Array.isArray(value)) for (const item of value) references(item, found);
      else if (value && typeof value === 'object') {
        const node = value as Record<string, unknown>;
        if (typeof node.Ref === 'string' && node.Ref in devResources) found.add(node.Ref);
        const getAtt = node['Fn::GetAtt'];
        if (Array.isArray(getAtt) && typeof getAtt[0] === 'string' && getAtt[0] in devResources) found.add(getAtt[0]);
        const sub = node['Fn::Sub'];
        if (typeof sub === 'string')
          for (const match of sub.matchAll(/\$\{([A-Za-z0-9]+)(?:\.[A-Za-z]+)?\}/g)) if (match[1] && match[1] in devResources) found.add(match[1]);
        for (const child of Object.values(node)) references(child, found);
      }
      return found;
    };
    const edges = new Map(
      Object.entries(devResources).map(([id, resource]) => {
        const dependsOn = (resource as { DependsOn?: string | string[] }).DependsOn ?? [];
        return [id, new Set([...references(resource.Properties, new Set()), ...(Array.isArray(dependsOn) ? dependsOn : [dependsOn])])];
      }),
    );
    const state = new Map<string, 'visiting' | 'done'>();
    const cycle: string[] = [];
    const visit = (id: string, path: string[]): boolean => {
      if (state.get(id) === 'done') return false;
      if (state.get(id) === 'visiting') return (cycle.push(...path.slice(path.indexOf(id)), id), true);
      state.set(id, 'visiting');
      for (const next of edges.get(id) ?? []) if (visit(next, [...path, id])) return true;
      state.set(id, 'done');
      return false;
    };
    for (const id of edges.keys()) if (visit(id, [])) break;
    expect(cycle).toEqual([]);
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

  it('keeps every job’s failed run, or one EventBridge could not deliver, in the jobs’ one queue (one alarm watches it)', () => {
    const rules = ofType('AWS::Events::Rule');
    expect(rules).toHaveLength(2);
    const queues = new Set<string>();
    for (const [, rule] of rules) {
      const target = (rule.Properties.Targets as Array<{ DeadLetterConfig?: { Arn: unknown } }>)[0];
      queues.add(logicalIdOf(target?.DeadLetterConfig?.Arn));
    }
    for (const [, invokeConfig] of ofType('AWS::Lambda::EventInvokeConfig'))
      queues.add(logicalIdOf((invokeConfig.Properties.DestinationConfig as { OnFailure: { Destination: unknown } }).OnFailure.Destination));
    expect(queues.size).toBe(1);
    expect(devResources[[...queues][0] ?? '']?.Properties).toMatchObject({ QueueName: 'forest-resort-dev-jobs-failures', SqsManagedSseEnabled: true });
    dev.hasResourceProperties('AWS::Events::Rule', { ScheduleExpression: 'rate(15 minutes)' });
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
