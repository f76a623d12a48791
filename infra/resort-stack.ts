import { join, resolve } from 'node:path';
import { Aspects, CfnOutput, DefaultStackSynthesizer, Duration, Lazy, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction as LambdaTarget } from 'aws-cdk-lib/aws-events-targets';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { CfnRotationSchedule, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct, IConstruct } from 'constructs';
import { jobs, secretRotations, streamConsumers, wsRoutes } from '../functions/routes.ts';
import { bundleDir, bundleFunctions, buildBundles } from './bundle-functions.ts';
import { Alarms } from './constructs/alarms.ts';
import { DataTable } from './constructs/data-table.ts';
import { RoutesApi } from './constructs/http-api.ts';
import { acknowledge, acknowledgeSynchronous, acknowledgeWildcard } from './constructs/nag.ts';
import { JsonLogFormat, RouteFunctions } from './constructs/route-functions.ts';
import { StaticSite } from './constructs/static-site.ts';
import { StreamConsumer } from './constructs/stream-consumer.ts';
import { RealtimeApi } from './constructs/websocket-api.ts';
import { functionLogLevel, guestLimitEnvironment, type StageConfig } from './stage-config.ts';

export type ResortStackProps = StackProps & {
  stage: StageConfig;
  /** Handler module -> folder holding its index.mjs bundle (infra/bundle-functions.ts). */
  bundles: Record<string, string>;
  /** The built SPA (dist/web). */
  webRoot: string;
  /** The stage's WAF web ACL for CloudFront (infra/edge-stack.ts, us-east-1), when it has one. */
  webAclArn?: string;
};

const root = resolve(import.meta.dirname, '..');

/**
 * Every bundle the stack deploys: bundleFunctions()'s, plus the secret rotation functions while
 * deployedModules() does not list `secretRotations` yet (built the same way, beside them).
 */
export function bundleStackFunctions(outdir = bundleDir): Record<string, string> {
  const bundles = bundleFunctions(outdir);
  const missing = secretRotations.map((rotation) => rotation.handler).filter((module) => !bundles[module]);
  if (missing.length === 0) return bundles;
  const extraDir = `${outdir}-rotations`;
  buildBundles(Object.fromEntries(missing.map((module) => [`${module}/index`, join(root, 'functions', `${module}.ts`)])), extraDir);
  return { ...bundles, ...Object.fromEntries(missing.map((module) => [module, join(extraDir, module)])) };
}

/** One stage of the resort: site, HTTP API, WebSocket API, table and its stream consumer. */
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
    Aspects.of(this).add(new JsonLogFormat());

    // The signing key never appears in the template or a bundle: generated here, rotated every
    // 30 days by the rotation function below, read at cold start (tokens name their key: `kid`).
    const jwtSecret = new Secret(this, 'JwtSigningKey', {
      description: `JWT signing key for forest-resort-${stage.name} (rotated; tokens carry the version id as kid)`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // Razorpay's key secret and webhook secret: created empty-ish here, filled by ops (README), read at cold start.
    const paymentSecret = new Secret(this, 'PaymentSecrets', {
      description: `Razorpay key secret and webhook secret for forest-resort-${stage.name}: {"keySecret":"...","webhookSecret":"..."}`,
      generateSecretString: { secretStringTemplate: JSON.stringify({ keySecret: '' }), generateStringKey: 'webhookSecret', excludePunctuation: true },
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(
      paymentSecret,
      'AwsSolutions-SMG4',
      'Razorpay issues these keys in its dashboard; they are rotated there and put here by ops (README), so Secrets Manager has nothing it could rotate itself.',
    );

    // The key of the manage-booking links in e-mails (functions/lib/bookings/manage-link.ts).
    const manageLinkKey = new Secret(this, 'ManageLinkKey', {
      description: `Key of the manage-booking links in e-mails for forest-resort-${stage.name} (never rotated: a guest's link must work for the booking's life)`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    acknowledge(
      manageLinkKey,
      'AwsSolutions-SMG4',
      'The links it signs sit in guests’ e-mails and must open their booking until the stay is over; rotating the key would break every link already sent. It signs nothing else.',
    );

    // What CloudFront sends the API in the origin-verify header: generated at deploy time, put in
    // CloudFront's origin by a dynamic reference, read by the HTTP functions (functions/lib/http/origin-verify.ts).
    const originVerifySecret = new Secret(this, 'OriginVerifySecret', {
      description: `Origin-verify header CloudFront adds to /api/* requests for forest-resort-${stage.name}`,
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    acknowledge(
      originVerifySecret,
      'AwsSolutions-SMG4',
      'CloudFront reads it only when the distribution is deployed, and each function once per container: a scheduled rotation would refuse every request between the two. It proves a request came through CloudFront; it grants nothing else.',
    );

    // Mail is sent from the stage's domain once it is verified in SES (three DKIM CNAMEs, printed below).
    const senderDomain = stage.emailSender?.split('@')[1];
    const mailIdentity =
      senderDomain && stage.emailIdentity === 'create' ? new EmailIdentity(this, 'MailIdentity', { identity: Identity.domain(senderDomain) }) : undefined;

    const realtime = new RealtimeApi(this, 'Realtime', {
      stageName: stage.name,
      logRetentionDays: stage.logRetentionDays,
      retainLogs: stage.retainData,
      ownsAccountSettings: stage.accountAlarms,
    });
    let siteUrl = '';
    const functions = new RouteFunctions(this, 'Functions', {
      table,
      stage: stage.name,
      logRetentionDays: stage.logRetentionDays,
      retainLogs: stage.retainData,
      jwtSecret,
      paymentSecret,
      manageLinkKey,
      originVerifySecret,
      ...(stage.razorpayKeyId ? { razorpayKeyId: stage.razorpayKeyId } : {}),
      guestLimits: guestLimitEnvironment(stage.guestLimits),
      logLevel: functionLogLevel(stage.name),
      // The site's address is known once the distribution exists (below); the consumer's links use it.
      siteUrl: Lazy.string({ produce: () => siteUrl }),
      ...(stage.emailSender ? { mail: { from: stage.emailSender, ...(stage.staffEmail ? { staffTo: stage.staffEmail } : {}) } } : {}),
      webSocket: { managementEndpoint: realtime.managementEndpoint, postToConnectionsArn: realtime.postToConnectionsArn },
    });

    const wsHandler = (routeKey: '$connect' | '$disconnect' | '$default') => {
      const route = wsRoutes.find((candidate) => candidate.routeKey === routeKey);
      if (!route) throw new Error(`No WebSocket route ${routeKey}`);
      // $default replies on its own socket and verifies admin tokens; $connect must never post.
      // All three touch only the connection registry.
      const isDefault = routeKey === '$default';
      const handler = functions.add(route.name, {
        bundle: bundle(route.handler),
        needs: { access: 'write', partitions: ['connections'], notifies: isDefault, verifiesTokens: isDefault, checksAccounts: isDefault },
      });
      acknowledgeSynchronous(handler);
      return handler;
    };
    const wsFunctions = { $connect: wsHandler('$connect'), $disconnect: wsHandler('$disconnect'), $default: wsHandler('$default') };
    realtime.attach(wsFunctions);

    // A job's run that fails, or that EventBridge could not deliver, is kept here with its error:
    // one queue for every job, so one alarm watches them all (the free ten alarm metrics).
    const jobFailures = new Queue(this, 'jobs-failures', {
      queueName: `forest-resort-${stage.name}-jobs-failures`,
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(4),
    });
    const endOfLine =
      "The failure destination of the scheduled jobs (their async invocations and their EventBridge targets): the end of the line. The next scheduled run is the retry; the jobs' alarm pages.";
    acknowledge(jobFailures, 'AwsSolutions-SQS3', endOfLine);
    acknowledge(jobFailures, 'Serverless-SQSRedrivePolicy', endOfLine);
    jobs.forEach((job) => {
      const handler = functions.add(job.name, {
        bundle: bundle(job.handler),
        needs: { access: job.access, notifies: job.notifies, verifiesTokens: false },
        timeoutSeconds: 60,
      });
      // The next scheduled run is the retry: no Lambda retries or queued runs piling up behind it.
      handler.configureAsyncInvoke({ retryAttempts: 0, maxEventAge: Duration.minutes(2), onFailure: new SqsDestination(jobFailures) });
      acknowledge(
        handler,
        'Serverless-LambdaDLQ',
        'Failed runs go to the async on-failure destination (EventInvokeConfig), the successor of the DLQ, with the error attached.',
      );
      new Rule(this, `${job.name}-schedule`, {
        schedule: Schedule.rate(Duration.minutes(job.everyMinutes)),
        targets: [new LambdaTarget(handler, { retryAttempts: 0, deadLetterQueue: jobFailures })],
      });
    });

    // Every side effect of a write (fan-out, e-mail, feed, aggregates) happens here, from the stream.
    const [consumer] = streamConsumers;
    const streamConsumer = new StreamConsumer(this, 'TableEvents', { stageName: stage.name, table, functions, consumer, bundle: bundle(consumer.handler) });

    // The signing key's rotation: Secrets Manager calls the function through its four steps.
    for (const rotation of secretRotations) {
      const rotator = functions.add(rotation.name, {
        bundle: bundle(rotation.handler),
        needs: { access: 'none', notifies: false, verifiesTokens: false, rotatesSigningKey: true },
        timeoutSeconds: 30,
      });
      rotator.addPermission('SecretsManagerInvoke', { principal: new ServicePrincipal('secretsmanager.amazonaws.com'), sourceAccount: this.account });
      const schedule = new CfnRotationSchedule(this, `${rotation.name}-schedule`, {
        secretId: jwtSecret.secretArn,
        rotationLambdaArn: rotator.functionArn,
        rotationRules: { scheduleExpression: `rate(${rotation.everyDays} days)` },
        // A deploy never rotates by itself: the first rotation comes one period after the schedule is set.
        rotateImmediatelyOnUpdate: false,
      });
      // Secrets Manager checks it may invoke the function when the schedule is created.
      schedule.node.addDependency(rotator);
      const drivenBySecretsManager =
        'Secrets Manager drives the rotation and keeps its state on the secret: a failed step leaves AWSCURRENT as it was (tokens keep working) and the rotation is retried at the next window, so there is no event to keep.';
      acknowledge(rotator, 'Serverless-LambdaDLQ', drivenBySecretsManager);
      acknowledge(rotator, 'Serverless-LambdaAsyncFailureDestination', drivenBySecretsManager);
    }

    const http = new RoutesApi(this, 'Http', {
      stageName: stage.name,
      functions,
      bundles,
      logRetentionDays: stage.logRetentionDays,
      retainLogs: stage.retainData,
    });

    const alarms = new Alarms(this, 'Alarms', {
      stageName: stage.name,
      httpApi: http.api,
      table,
      backgroundFunctions: Object.values(wsFunctions),
      jobFailures,
      streamConsumer: { function: streamConsumer.function, failures: streamConsumer.failures },
      accountAlarms: stage.accountAlarms,
      ...(stage.alarmEmail ? { email: stage.alarmEmail } : {}),
    });

    const site = new StaticSite(this, 'Site', {
      stage,
      webRoot: props.webRoot,
      apiDomainName: http.domainName,
      webSocketUrl: realtime.url,
      webSocketOrigin: realtime.api.apiEndpoint,
      originVerifySecret,
      ...(props.webAclArn ? { webAclArn: props.webAclArn } : {}),
    });

    functions.useMediaBucket(site.bucket);
    acknowledgeCdkInternals(this, site.bucket.bucketArn);

    siteUrl = stage.domain ? `https://${stage.domain.name}` : `https://${site.distribution.distributionDomainName}`;
    new CfnOutput(this, 'SiteUrl', { value: siteUrl });
    // Through CloudFront: the API's own endpoint refuses requests without the origin-verify header.
    new CfnOutput(this, 'ApiUrl', { value: `${siteUrl}/api` });
    new CfnOutput(this, 'WebSocketUrl', { value: realtime.url });
    new CfnOutput(this, 'TableName', { value: table.tableName });
    new CfnOutput(this, 'AlarmTopicArn', { value: alarms.topic.topicArn });
    new CfnOutput(this, 'PaymentSecretArn', { value: paymentSecret.secretArn });
    new CfnOutput(this, 'StreamFailuresQueueUrl', { value: streamConsumer.failures.queueUrl });
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

/**
 * The Lambda CDK itself adds to upload the SPA (BucketDeployment's singleton) runs only during
 * deployments, as a CloudFormation custom resource, with code, runtime and role CDK maintains.
 */
function acknowledgeCdkInternals(stack: Stack, siteBucketArn: string): void {
  const synthesizer = stack.synthesizer;
  const qualifier = (synthesizer instanceof DefaultStackSynthesizer ? synthesizer.bootstrapQualifier : undefined) ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  const deployers: IConstruct[] = stack.node.children.filter((child) => child.node.id.startsWith('Custom::CDKBucketDeployment'));
  for (const deployer of deployers) {
    const cdkManaged =
      'CDK’s BucketDeployment custom resource: it runs only while CloudFormation deploys the SPA, and CDK maintains its code, runtime (Python, with the AWS CLI layer), logging and role.';
    for (const rule of [
      'AwsSolutions-L1',
      'Serverless-LambdaLatestVersion',
      'Serverless-LambdaDLQ',
      'Serverless-LambdaTracing',
      'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    ]) {
      acknowledge(deployer, rule, cdkManaged);
    }
    const copies =
      'BucketDeployment copies the asset zip from the CDK bootstrap bucket into the site bucket and prunes it: object-level S3 actions on those two buckets, and CloudFront invalidations (no resource-level permissions).';
    for (const action of ['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'])
      acknowledge(deployer, `AwsSolutions-IAM5[Action::${action}]`, copies);
    acknowledgeWildcard(deployer, `${siteBucketArn}/*`, copies);
    acknowledgeWildcard(deployer, `arn:${stack.partition}:s3:::cdk-${qualifier}-assets-${stack.account}-${stack.region}/*`, copies);
    acknowledgeWildcard(deployer, '*', copies);
  }
}
