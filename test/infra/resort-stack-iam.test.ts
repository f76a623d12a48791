import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  httpRoutes,
  isImplemented,
  jobs,
  needsSigningKey,
  secretRotations,
  streamConsumers,
  type HttpRoute,
  type TablePartition,
} from '../../functions/routes.ts';
import { rotationActions, streamReadActions, tableActions, updateOnlyActions } from '../../infra/constructs/route-functions.ts';
import { webRoot } from '../../infra/local/web-build.ts';
import { ResortStack } from '../../infra/resort-stack.ts';
import { stageConfig } from '../../infra/stage-config.ts';
import { ORIGIN_VERIFY_HEADER as SITE_ORIGIN_VERIFY_HEADER } from '../../infra/constructs/static-site.ts';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/http/origin-verify.ts';
import { stringLike } from '../support/iam.ts';
import {
  type Resource,
  dev,
  devResources,
  bundles,
  ofType,
  logicalIdOf,
  statementsByFunction,
  actionsOf,
  tableStatementsOf,
  leadingKeysOf,
  patternsOf,
  synthesizeResortStacks,
} from '../support/resort-stack-synth.ts';

/** What each function may do: table partitions, sockets, secrets, log groups and SES, and the origin-verify secret. */
synthesizeResortStacks();

describe('route functions', () => {
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

  it("gives the site's address (SITE_URL, the distribution's) to the routes that answer links on it, and the link key to the calendar feed routes", () => {
    const variablesOf = (name: string) =>
      (
        ofType('AWS::Lambda::Function').find(([, fn]) => fn.Properties.FunctionName === `forest-resort-dev-${name}`)?.[1].Properties.Environment as {
          Variables: Record<string, unknown>;
        }
      ).Variables;
    for (const name of ['list-channels', 'rotate-ical-feed']) {
      expect(JSON.stringify(variablesOf(name).SITE_URL), name).toMatch(/DomainName/);
      expect(variablesOf(name).MANAGE_LINK_KEY_ARN, name).toBeDefined();
    }
    expect(variablesOf('get-ical-feed').MANAGE_LINK_KEY_ARN).toBeDefined();
    for (const name of ['get-ical-feed', 'create-booking', 'list-blocks']) expect(variablesOf(name).SITE_URL, name).toBeUndefined();
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
