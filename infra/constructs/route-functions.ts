import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, ManagedPolicy, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { TableAccess } from '../../functions/routes.ts';

/** The DynamoDB actions each access class may use: no Scan, no table management, no wildcards. */
export const tableActions: Record<Exclude<TableAccess, 'none'>, string[]> = {
  read: ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem'],
  write: [
    'dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:ConditionCheckItem',
    'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem',
  ],
};

/** What a function needs beyond running: the basis of its (shared) execution role. */
export type Needs = { access: TableAccess; notifies: boolean; verifiesTokens: boolean; paymentSecrets?: boolean; sendsMail?: boolean };

const roleKey = (needs: Needs) =>
  [needs.access, needs.notifies ? 'notify' : '', needs.verifiesTokens ? 'jwt' : '', needs.paymentSecrets ? 'payments' : '', needs.sendsMail ? 'mail' : ''].filter(Boolean).join('-');
const pascal = (name: string) => name.replace(/(^|[-/])(\w)/g, (_, __, letter: string) => letter.toUpperCase());

export type RouteFunctionsProps = {
  table: Table;
  stage: string;
  logRetentionDays: number;
  retainLogs: boolean;
  jwtSecret: ISecret;
  paymentSecret: ISecret;
  /** The stage's verified sender, when the stage sends mail. */
  mail?: { from: string };
  /** Set once the WebSocket API exists; functions that notify need it. */
  webSocket?: { managementEndpoint: string; grantManageConnections: (role: Role) => void };
};

/**
 * Makes the Lambda of each route with the project's defaults (Node 22 on arm64, ESM bundle with
 * source maps, its own log group). Execution roles are shared per class of needs, so sixty routes
 * cost a handful of roles, each holding exactly the permissions its class needs.
 */
export class RouteFunctions extends Construct {
  private readonly roles = new Map<string, Role>();

  constructor(scope: Construct, id: string, private readonly props: RouteFunctionsProps) {
    super(scope, id);
  }

  roleFor(needs: Needs): Role {
    const key = roleKey(needs);
    const existing = this.roles.get(key);
    if (existing) return existing;
    const { table } = this.props;
    const role = new Role(this, `${pascal(key)}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Lambda role for ${key} functions (${this.props.stage})`,
      managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
    });
    if (needs.access !== 'none') {
      role.addToPolicy(
        new PolicyStatement({ effect: Effect.ALLOW, actions: tableActions[needs.access], resources: [table.tableArn, `${table.tableArn}/index/*`] }),
      );
    }
    if (needs.notifies) {
      if (!this.props.webSocket) throw new Error('Functions that notify need the WebSocket API first');
      this.props.webSocket.grantManageConnections(role);
    }
    if (needs.verifiesTokens) this.props.jwtSecret.grantRead(role);
    if (needs.paymentSecrets) this.props.paymentSecret.grantRead(role);
    if (needs.sendsMail && this.props.mail) {
      // In the SES sandbox the recipient's identity is checked too, so the grant covers identities
      // but only for mail from the stage's own sender.
      role.addToPolicy(
        new PolicyStatement({
          effect: Effect.ALLOW,
          actions: ['ses:SendEmail', 'ses:SendRawEmail'],
          resources: [Stack.of(this).formatArn({ service: 'ses', resource: 'identity', resourceName: '*' })],
          conditions: { StringEquals: { 'ses:FromAddress': this.props.mail.from } },
        }),
      );
    }
    this.roles.set(key, role);
    return role;
  }

  add(name: string, options: { bundle: string; needs: Needs; memoryMb?: number; timeoutSeconds?: number }): LambdaFunction {
    const id = pascal(name);
    const logGroup = new LogGroup(this, `${id}Logs`, {
      logGroupName: `/aws/lambda/forest-resort-${this.props.stage}-${name}`,
      retention: this.props.logRetentionDays as RetentionDays,
      // Named log groups kept after a failed first create would block the retry: keep them only once the stack exists.
      removalPolicy: this.props.retainLogs ? RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE : RemovalPolicy.DESTROY,
    });
    const environment: Record<string, string> = {
      STAGE: this.props.stage,
      TABLE_NAME: this.props.table.tableName,
      NODE_OPTIONS: '--enable-source-maps',
    };
    if (options.needs.notifies && this.props.webSocket) environment.WS_MANAGEMENT_ENDPOINT = this.props.webSocket.managementEndpoint;
    if (options.needs.verifiesTokens) environment.JWT_SECRET_ARN = this.props.jwtSecret.secretArn;
    if (options.needs.paymentSecrets) environment.PAYMENT_SECRET_ARN = this.props.paymentSecret.secretArn;
    if (options.needs.sendsMail && this.props.mail) environment.MAIL_FROM = this.props.mail.from;
    return new LambdaFunction(this, id, {
      functionName: `forest-resort-${this.props.stage}-${name}`,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      handler: 'index.handler',
      code: Code.fromAsset(options.bundle),
      memorySize: options.memoryMb ?? 512,
      timeout: Duration.seconds(options.timeoutSeconds ?? 10),
      role: this.roleFor(options.needs),
      logGroup,
      environment,
      description: `${name} (${Stack.of(this).stackName})`,
    });
  }
}
