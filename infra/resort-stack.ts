import { CfnOutput, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { Duration } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { jobs, wsRoutes } from '../functions/routes.ts';
import { Alarms } from './constructs/alarms.ts';
import { DataTable } from './constructs/data-table.ts';
import { RoutesApi } from './constructs/http-api.ts';
import { RouteFunctions } from './constructs/route-functions.ts';
import { StaticSite } from './constructs/static-site.ts';
import { RealtimeApi } from './constructs/websocket-api.ts';
import type { StageConfig } from './stage-config.ts';

export type ResortStackProps = StackProps & {
  stage: StageConfig;
  /** Handler module -> folder holding its index.mjs bundle (infra/bundle-functions.ts). */
  bundles: Record<string, string>;
  /** The built SPA (dist/web). */
  webRoot: string;
};

/** One stage of the resort: site, HTTP API, WebSocket API and table. */
export class ResortStack extends Stack {
  constructor(scope: Construct, id: string, props: ResortStackProps) {
    super(scope, id, props);
    const { stage, bundles } = props;
    const bundle = (module: string) => {
      const path = bundles[module];
      if (!path) throw new Error(`No bundle for ${module}`);
      return path;
    };

    const { table } = new DataTable(this, 'Data', { retainData: stage.retainData });

    // The signing key never appears in the template or a bundle: generated here, read at cold start.
    const jwtSecret = new Secret(this, 'JwtSigningKey', {
      description: `JWT signing key for forest-resort-${stage.name}`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // Razorpay's key secret and webhook secret: created empty-ish here, filled by ops (README), read at cold start.
    const paymentSecret = new Secret(this, 'PaymentSecrets', {
      description: `Razorpay key secret and webhook secret for forest-resort-${stage.name}: {"keySecret":"...","webhookSecret":"..."}`,
      generateSecretString: { secretStringTemplate: JSON.stringify({ keySecret: '' }), generateStringKey: 'webhookSecret', excludePunctuation: true },
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // Mail is sent from the stage's domain once it is verified in SES (three DKIM CNAMEs, printed below).
    const senderDomain = stage.emailSender?.split('@')[1];
    const mailIdentity = senderDomain && stage.emailIdentity === 'create' ? new EmailIdentity(this, 'MailIdentity', { identity: Identity.domain(senderDomain) }) : undefined;

    const realtime = new RealtimeApi(this, 'Realtime', { stageName: stage.name });
    const functions = new RouteFunctions(this, 'Functions', {
      table,
      stage: stage.name,
      logRetentionDays: stage.logRetentionDays,
      retainLogs: stage.retainData,
      jwtSecret,
      paymentSecret,
      ...(stage.emailSender ? { mail: { from: stage.emailSender } } : {}),
      webSocket: { managementEndpoint: realtime.managementEndpoint, grantManageConnections: (role) => realtime.api.grantManageConnections(role) },
    });

    const wsHandler = (routeKey: '$connect' | '$disconnect' | '$default') => {
      const route = wsRoutes.find((candidate) => candidate.routeKey === routeKey);
      if (!route) throw new Error(`No WebSocket route ${routeKey}`);
      // $default replies on the socket and verifies admin tokens; $connect must never post.
      const isDefault = routeKey === '$default';
      return functions.add(route.name, { bundle: bundle(route.handler), needs: { access: 'write', notifies: isDefault, verifiesTokens: isDefault } });
    };
    const wsFunctions = { $connect: wsHandler('$connect'), $disconnect: wsHandler('$disconnect'), $default: wsHandler('$default') };
    realtime.attach(wsFunctions);

    const jobFunctions = jobs.map((job) => {
      const handler = functions.add(job.name, { bundle: bundle(job.handler), needs: { access: job.access, notifies: job.notifies, verifiesTokens: false }, timeoutSeconds: 60 });
      // The next scheduled run is the retry: no Lambda retries or queued runs piling up behind it.
      handler.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(2) });
      new Rule(this, `${job.name}-schedule`, { schedule: Schedule.rate(Duration.minutes(job.everyMinutes)), targets: [new LambdaTarget(handler, { retryAttempts: 0 })] });
      return handler;
    });

    const http = new RoutesApi(this, 'Http', { stageName: stage.name, functions, bundles, logRetentionDays: stage.logRetentionDays, retainLogs: stage.retainData });

    const alarms = new Alarms(this, 'Alarms', {
      stageName: stage.name,
      httpApi: http.api,
      table,
      backgroundFunctions: [...Object.values(wsFunctions), ...jobFunctions],
      accountAlarms: stage.accountAlarms,
      ...(stage.alarmEmail ? { email: stage.alarmEmail } : {}),
    });

    const site = new StaticSite(this, 'Site', {
      stage,
      webRoot: props.webRoot,
      apiDomainName: http.domainName,
      webSocketUrl: realtime.url,
      webSocketOrigin: realtime.api.apiEndpoint,
    });

    new CfnOutput(this, 'SiteUrl', { value: stage.domain ? `https://${stage.domain.name}` : `https://${site.distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiUrl', { value: `${http.api.apiEndpoint}/api` });
    new CfnOutput(this, 'WebSocketUrl', { value: realtime.url });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
    new CfnOutput(this, 'PaymentSecretArn', { value: paymentSecret.secretArn });
    if (mailIdentity) {
      const records = [
        [mailIdentity.dkimDnsTokenName1, mailIdentity.dkimDnsTokenValue1],
        [mailIdentity.dkimDnsTokenName2, mailIdentity.dkimDnsTokenValue2],
        [mailIdentity.dkimDnsTokenName3, mailIdentity.dkimDnsTokenValue3],
      ];
      records.forEach(([name, value], index) => new CfnOutput(this, `MailDkimRecord${index + 1}`, { value: `${name} CNAME ${value}` }));
    }
  }
}
