import { CfnResource, Duration, RemovalPolicy, Stack, type IAspect } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import {
  ApplicationLogLevel,
  Architecture,
  CfnFunction,
  Code,
  Function as LambdaFunction,
  LoggingFormat,
  Runtime,
  SystemLogLevel,
  Tracing,
} from 'aws-cdk-lib/aws-lambda';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct, type IConstruct } from 'constructs';
import type { TableAccess, TablePartition } from '../../functions/routes.ts';
import { partitionKeyPatterns } from '../route-classes.ts';
import { acknowledgeWildcard } from './nag.ts';

/** Every function's runtime: the newest Node.js Lambda offers, on Graviton. */
export const FUNCTION_RUNTIME = Runtime.NODEJS_24_X;

/** The DynamoDB actions each access class may use: no Scan, no table management, no wildcards. */
export const tableActions: Record<Exclude<TableAccess, 'none'>, string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  write: [
    'dynamodb:GetItem',
    'dynamodb:BatchGetItem',
    'dynamodb:Query',
    'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem',
    'dynamodb:UpdateItem',
    'dynamodb:DeleteItem',
    'dynamodb:BatchWriteItem',
  ],
};

/** The only action a route gets on its `updates` partitions (counters, aggregates). */
export const updateOnlyActions = ['dynamodb:UpdateItem'];

/** Reading the table's stream (the consumer), on that stream only. */
export const streamReadActions = ['dynamodb:DescribeStream', 'dynamodb:GetRecords', 'dynamodb:GetShardIterator', 'dynamodb:ListStreams'];

/** What rotating the signing key takes, on that secret only. */
export const rotationActions = [
  'secretsmanager:DescribeSecret',
  'secretsmanager:GetSecretValue',
  'secretsmanager:PutSecretValue',
  'secretsmanager:UpdateSecretVersionStage',
];

/** The condition that scopes a statement to some partitions: every leading key of the request must match. */
export const leadingKeysCondition = (partitions: readonly TablePartition[]) => ({
  'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': [...new Set(partitions.flatMap((partition) => partitionKeyPatterns[partition]))] },
});

/** What a function needs beyond running: the basis of its (shared) execution role. */
export type Needs = {
  access: TableAccess;
  /** Scopes `access` to these partitions (dynamodb:LeadingKeys); without it, the whole table. */
  partitions?: readonly TablePartition[];
  /** UpdateItem only, on these partitions. */
  updates?: readonly TablePartition[];
  /** Posts to WebSocket connections: the @connections endpoint and ManageConnections. */
  notifies: boolean;
  verifiesTokens: boolean;
  /** Reads the account behind a token on each signed-in request (functions/lib/account-state.ts): GetItem on users. */
  checksAccounts?: boolean;
  paymentSecrets?: boolean;
  /** Reads the manage-link key (e-mail links to a booking: functions/lib/bookings/manage-link.ts). */
  manageLinkKey?: boolean;
  sendsMail?: boolean;
  /** Answers links on the site's own address: gets SITE_URL (no permission). */
  siteUrl?: boolean;
  /** Signs uploads to the site bucket's `media/` (s3:PutObject there; MEDIA_BUCKET, MEDIA_UPLOAD_URL). */
  media?: boolean;
  /** Invokes this job's function (lambda:InvokeFunction on it alone; its name in <JOB>_FUNCTION). */
  invokes?: string;
  /** Reads the table's stream (the one consumer). */
  readsStream?: boolean;
  /** Secrets Manager's rotation steps on the JWT signing key (the rotation function). */
  rotatesSigningKey?: boolean;
  /** Checks CloudFront's origin-verify header (every HTTP route: functions/lib/http/origin-verify.ts). */
  originVerify?: boolean;
};

const roleKey = (needs: Needs) =>
  [
    needs.access,
    ...(needs.partitions?.length ? [...needs.partitions].sort() : []),
    ...(needs.updates?.length ? ['updates', ...[...needs.updates].sort()] : []),
    needs.notifies ? 'notify' : '',
    needs.verifiesTokens ? 'jwt' : '',
    needs.checksAccounts && needs.partitions?.length ? 'accounts' : '',
    needs.paymentSecrets ? 'payments' : '',
    needs.manageLinkKey ? 'links' : '',
    needs.sendsMail ? 'mail' : '',
    needs.readsStream ? 'stream' : '',
    needs.rotatesSigningKey ? 'rotate-key' : '',
    needs.originVerify ? 'origin' : '',
    needs.invokes ? `invoke-${needs.invokes}` : '',
    needs.media ? 'media' : '',
  ]
    .filter(Boolean)
    .join('-');
const pascal = (name: string) => name.replace(/(^|[-/])(\w)/g, (_, __, letter: string) => letter.toUpperCase());

export type RouteFunctionsProps = {
  table: Table;
  stage: string;
  logRetentionDays: number;
  retainLogs: boolean;
  jwtSecret: ISecret;
  paymentSecret: ISecret;
  manageLinkKey: ISecret;
  /** The value CloudFront sends in the origin-verify header: read by the HTTP routes' functions only. */
  originVerifySecret?: ISecret;
  /** Razorpay's public key id, when the stage takes real payments (else the test provider runs). */
  razorpayKeyId?: string;
  /** The site's address, for links in e-mails. */
  siteUrl?: string;
  /** The stage's verified sender, when the stage sends mail, and the front desk's address for staff mail. */
  mail?: { from: string; staffTo?: string };
  /** Set once the WebSocket API exists; functions that notify need it. */
  webSocket?: { managementEndpoint: string; postToConnectionsArn: string };
  /** Lines below this level are dropped by Lambda (the JSON log format's application log level); INFO when absent. */
  logLevel?: keyof typeof ApplicationLogLevel;
  /** The stage's guest limits as environment variables (infra/stage-config.ts `guestLimitEnvironment`); the product's defaults where absent. */
  guestLimits?: Record<string, string>;
};

/**
 * Makes the Lambda of each route with the project's defaults (Node 24 on arm64, ESM bundle with
 * its source map beside it (read only when an error is logged: functions/lib/readable-stack.ts, not
 * --enable-source-maps, which costs every cold start), active X-Ray tracing, its own log group). Execution roles are shared per class of
 * needs, so sixty routes cost a handful of roles, each holding exactly the permissions its class
 * needs, and the right to write only to the log groups of the functions that use it (no
 * AWSLambdaBasicExecutionRole: that one may create and write any log group of the account).
 */
export class RouteFunctions extends Construct {
  private readonly roles = new Map<string, Role>();
  private readonly logStatements = new Map<Role, PolicyStatement>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: RouteFunctionsProps,
  ) {
    super(scope, id);
    this.node.addValidation({
      validate: () => (this.mediaFunctions.length && !this.mediaBucket ? ['Functions that sign image uploads need useMediaBucket (the site bucket)'] : []),
    });
  }

  private readonly added = new Map<string, LambdaFunction>();
  private readonly mediaRoles = new Set<Role>();
  private readonly mediaFunctions: LambdaFunction[] = [];
  private mediaBucket: IBucket | undefined;

  roleFor(needs: Needs): Role {
    const key = roleKey(needs);
    const existing = this.roles.get(key);
    if (existing) return existing;
    const { table } = this.props;
    const role = new Role(this, `${pascal(key)}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Lambda role for ${key} functions (${this.props.stage})`,
    });
    const logs = new PolicyStatement({ effect: Effect.ALLOW, actions: ['logs:CreateLogStream', 'logs:PutLogEvents'] });
    role.addToPolicy(logs);
    this.logStatements.set(role, logs);
    const tableIndexes = `${table.tableArn}/index/*`;
    if (needs.access !== 'none') {
      role.addToPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: tableActions[needs.access],
          resources: [table.tableArn, tableIndexes],
          ...(needs.partitions?.length ? { conditions: leadingKeysCondition(needs.partitions) } : {}),
        }),
      );
      acknowledgeWildcard(
        role,
        tableIndexes,
        'Queries reach the indexes of this one table (gsi1, gsi2), each a different access pattern of the single-table design; the table and the actions are named.',
      );
    }
    if (needs.checksAccounts && needs.partitions?.length) {
      // A scoped role still reads the account behind a token (status, role, token version): that item only, read only.
      role.addToPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['dynamodb:GetItem'],
          resources: [table.tableArn],
          conditions: leadingKeysCondition(['accounts']),
        }),
      );
    }
    if (needs.updates?.length) {
      role.addToPolicy(
        new PolicyStatement({ effect: Effect.ALLOW, actions: updateOnlyActions, resources: [table.tableArn], conditions: leadingKeysCondition(needs.updates) }),
      );
    }
    if (needs.readsStream) {
      if (!table.tableStreamArn) throw new Error('The table has no stream');
      role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: streamReadActions, resources: [table.tableStreamArn] }));
    }
    if (needs.notifies) {
      if (!this.props.webSocket) throw new Error('Functions that notify need the WebSocket API first');
      // PostToConnection only (POST), on this API's live stage.
      const connections = this.props.webSocket.postToConnectionsArn;
      role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['execute-api:ManageConnections'], resources: [connections] }));
      acknowledgeWildcard(
        role,
        connections,
        'PostToConnection on @connections/* of this stage’s WebSocket API: connection ids are made by API Gateway when a browser connects, so they cannot be named in advance.',
      );
    }
    if (needs.verifiesTokens) this.props.jwtSecret.grantRead(role);
    if (needs.rotatesSigningKey) {
      // The four steps of a rotation, on this one secret (the new key comes from node:crypto: no GetRandomPassword on *).
      role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: rotationActions, resources: [this.props.jwtSecret.secretArn] }));
    }
    if (needs.paymentSecrets) this.props.paymentSecret.grantRead(role);
    if (needs.manageLinkKey) this.props.manageLinkKey.grantRead(role);
    if (needs.invokes)
      role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['lambda:InvokeFunction'], resources: [this.invoked(needs.invokes).functionArn] }));
    if (needs.media) this.mediaRoles.add(role);
    if (needs.originVerify) {
      if (!this.props.originVerifySecret) throw new Error('HTTP routes need the origin-verify secret');
      this.props.originVerifySecret.grantRead(role);
    }
    if (needs.sendsMail && this.props.mail) {
      // In the SES sandbox the recipient's identity is checked too, so the grant covers identities
      // but only for mail from the stage's own sender.
      const identities = Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' });
      role.addToPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [identities],
          conditions: { StringEquals: { 'ses:FromAddress': this.props.mail.from } },
        }),
      );
      acknowledgeWildcard(
        role,
        identities,
        'SES checks the recipient’s identity too while the account is in the sandbox, so SendEmail is granted on identity/*, but only From the stage’s own sender (ses:FromAddress condition).',
      );
    }
    // Lambda's active tracing: X-Ray's PutTraceSegments and PutTelemetryRecords have no resource-level permissions.
    acknowledgeWildcard(
      role,
      '*',
      'X-Ray PutTraceSegments and PutTelemetryRecords (active tracing) support no resource-level permissions; this is the only wildcard resource.',
    );
    this.roles.set(key, role);
    return role;
  }

  private readonly sharedLogGroups = new Map<string, LogGroup>();
  private readonly loggedTo = new Map<Role, Set<LogGroup>>();

  /** A log group for one function, or one shared by a family of functions (Lambda names each stream by its function). */
  private logGroupFor(name: string, shared: string | undefined): LogGroup {
    const existing = shared ? this.sharedLogGroups.get(shared) : undefined;
    if (existing) return existing;
    const logGroup = new LogGroup(this, shared ? `${pascal(shared)}SharedLogs` : `${pascal(name)}Logs`, {
      // A shared group's name may not start with /aws: Lambda only creates those itself.
      logGroupName: shared ? `/forest-resort/${this.props.stage}/${shared}` : `/aws/lambda/forest-resort-${this.props.stage}-${name}`,
      retention: this.props.logRetentionDays as RetentionDays,
      // Named log groups kept after a failed first create would block the retry: keep them only once the stack exists.
      removalPolicy: this.props.retainLogs ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
    });
    if (shared) this.sharedLogGroups.set(shared, logGroup);
    return logGroup;
  }

  add(
    name: string,
    options: {
      bundle: string;
      needs: Needs;
      memoryMb?: number;
      timeoutSeconds?: number;
      environment?: Record<string, string>;
      /**
       * Logs into this family's one log group (`/forest-resort/<stage>/<family>`, streams named
       * `yyyy/mm/dd/<function>[version]...`) instead of a group of its own: the HTTP API's route
       * functions share one, which keeps the stack well under CloudFormation's 500 resources.
       */
      sharedLogGroup?: string;
    },
  ): LambdaFunction {
    const id = pascal(name);
    const logGroup = this.logGroupFor(name, options.sharedLogGroup);
    const environment: Record<string, string> = {
      STAGE: this.props.stage,
      TABLE_NAME: this.props.table.tableName,
      ...this.props.guestLimits,
      ...options.environment,
    };
    if (options.needs.notifies && this.props.webSocket) environment.WS_MANAGEMENT_ENDPOINT = this.props.webSocket.managementEndpoint;
    if (options.needs.verifiesTokens) environment.JWT_SECRET_ARN = this.props.jwtSecret.secretArn;
    if (options.needs.paymentSecrets) {
      environment.PAYMENT_SECRET_ARN = this.props.paymentSecret.secretArn;
      if (this.props.razorpayKeyId) environment.RAZORPAY_KEY_ID = this.props.razorpayKeyId;
    }
    if (options.needs.manageLinkKey) environment.MANAGE_LINK_KEY_ARN = this.props.manageLinkKey.secretArn;
    if (options.needs.originVerify && this.props.originVerifySecret) environment.ORIGIN_VERIFY_SECRET_ARN = this.props.originVerifySecret.secretArn;
    if ((options.needs.sendsMail || options.needs.siteUrl) && this.props.siteUrl) environment.SITE_URL = this.props.siteUrl;
    if (options.needs.invokes)
      environment[`${options.needs.invokes.toUpperCase().replaceAll('-', '_')}_FUNCTION`] = this.invoked(options.needs.invokes).functionName;
    if (options.needs.sendsMail && this.props.mail) environment.MAIL_FROM = this.props.mail.from;
    if (options.needs.sendsMail && this.props.mail?.staffTo) environment.STAFF_MAIL_TO = this.props.mail.staffTo;
    const role = this.roleFor(options.needs);
    // The role may write to the log group of each function that runs as it, and to no other.
    const granted = this.loggedTo.get(role) ?? new Set<LogGroup>();
    if (!granted.has(logGroup)) this.logStatements.get(role)?.addResources(logGroup.logGroupArn);
    granted.add(logGroup);
    this.loggedTo.set(role, granted);
    const fn = new LambdaFunction(this, id, {
      functionName: `forest-resort-${this.props.stage}-${name}`,
      runtime: FUNCTION_RUNTIME,
      architecture: Architecture.ARM_64,
      handler: 'index.handler',
      code: Code.fromAsset(options.bundle),
      memorySize: options.memoryMb ?? 512,
      timeout: Duration.seconds(options.timeoutSeconds ?? 10),
      tracing: Tracing.ACTIVE,
      role,
      logGroup,
      // JSON lines that Logs Insights reads field by field (functions/lib/logger.ts writes its own in the same shape).
      loggingFormat: LoggingFormat.JSON,
      applicationLogLevelV2: ApplicationLogLevel[this.props.logLevel ?? 'INFO'],
      // START, END and REPORT (duration, memory, cold start) are INFO: keep them.
      systemLogLevelV2: SystemLogLevel.INFO,
      environment,
      description: `${name} (${Stack.of(this).stackName})`,
    });
    this.added.set(name, fn);
    if (options.needs.media) this.mediaFunctions.push(fn);
    return fn;
  }

  /**
   * Where staff's image uploads go: the site bucket, made after the functions (with the
   * distribution that serves it). Each signing role may PutObject under `media/` only (no read, no
   * delete); each signing function learns the bucket and its regional endpoint.
   */
  useMediaBucket(bucket: IBucket): void {
    this.mediaBucket = bucket;
    const media = bucket.arnForObjects('media/*');
    for (const role of this.mediaRoles) {
      role.addToPolicy(new PolicyStatement({ effect: Effect.ALLOW, actions: ['s3:PutObject'], resources: [media] }));
      acknowledgeWildcard(
        role,
        media,
        'PutObject under media/ of the site bucket: each image copy gets a new random key, signed into a POST policy that names that one key, its type and its size limit.',
      );
    }
    for (const fn of this.mediaFunctions) {
      fn.addEnvironment('MEDIA_BUCKET', bucket.bucketName);
      fn.addEnvironment('MEDIA_UPLOAD_URL', `https://${bucket.bucketRegionalDomainName}/`);
    }
  }

  /** A function added before, that another invokes. */
  private invoked(name: string): LambdaFunction {
    const target = this.added.get(name);
    if (!target) throw new Error(`${name} must be added before the functions that invoke it`);
    return target;
  }
}

/**
 * The JSON log format on the Lambdas CDK adds for itself (the SPA upload, emptying buckets on
 * delete), so every function of the stack logs alike. Our own functions have it already.
 */
export class JsonLogFormat implements IAspect {
  visit(node: IConstruct): void {
    if (node instanceof CfnFunction) {
      const config = node.loggingConfig;
      if (config && 'logFormat' in config && config.logFormat) return;
      node.addPropertyOverride('LoggingConfig.LogFormat', LoggingFormat.JSON);
    } else if (node instanceof CfnResource && node.cfnResourceType === 'AWS::Lambda::Function') {
      node.addPropertyOverride('LoggingConfig.LogFormat', LoggingFormat.JSON);
    }
  }
}
