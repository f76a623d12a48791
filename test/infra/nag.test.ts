import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { webRoot } from '../../infra/local/web-build.ts';
import { addResortStage } from '../../infra/resort-app.ts';
import { stageConfig, type StageConfig } from '../../infra/stage-config.ts';

/** The context `cdk synth` runs with (feature flags included), so the checked template is the deployed one. */
const cdkContext = (JSON.parse(readFileSync(join(import.meta.dirname, '../../cdk.json'), 'utf8')) as { context: Record<string, unknown> }).context;

let bundles: Record<string, string>;
beforeAll(() => {
  // The suite's bundles, built once for every infra file (test/support/function-bundles-global-setup.ts).
  bundles = inject('resortStackBundles');
});

type Finding = { pack: string; rule: string; severity: string; path: string };

/**
 * Synthesizes a stage as `cdk synth` does (infra/app.ts, its region given as the CLI gives it): the
 * AwsSolutions and Serverless packs as CDK validation plugins, so any unacknowledged error fails the
 * synth itself, then runs both packs again on the synthesized tree (prod's edge stack included) to
 * list every remaining finding, warnings included.
 */
const checked = new Map<string, { findings: Finding[]; app: App }>();
function check(name: string, overrides: Partial<Omit<StageConfig, 'name'>> = {}): { findings: Finding[]; app: App } {
  const key = JSON.stringify([name, overrides]);
  const done = checked.get(key);
  if (done) return done;
  const result = synthAndCheck(name, overrides);
  checked.set(key, result);
  return result;
}

function synthAndCheck(name: string, overrides: Partial<Omit<StageConfig, 'name'>>): { findings: Finding[]; app: App } {
  const app = new App({ context: { ...cdkContext } });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));
  addResortStage(app, stageConfig(name, overrides), { bundles, webRoot, env: { region: 'ap-south-1' } });
  app.synth();
  const findings = [new AwsSolutionsChecks(), new ServerlessChecks()].flatMap((pack) =>
    pack.validateScope(app).violations.flatMap((violation) =>
      violation.violatingResources.map((resource) => ({
        pack: pack.readPackName,
        rule: violation.ruleName,
        severity: violation.severity ?? 'error',
        path: resource.constructPath ?? '',
      })),
    ),
  );
  return { findings, app };
}

/** Every acknowledgement in the tree: rule id -> reason. */
function acknowledgements(root: IConstruct): Array<{ path: string; rule: string; reason: string }> {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([rule, reason]) => ({
          path: construct.node.path,
          rule: rule.replace(/^annotation::/i, ''),
          reason,
        })),
      ),
  );
}

/** prod with every option it can have: the most resources, so the most to acknowledge or fix. */
const fullProd = {
  domain: { name: 'stay.resort.in', certificateArn: 'arn:aws:acm:us-east-1:111122223333:certificate/abc' },
  emailSender: 'bookings@resort.in',
  alarmEmail: 'ops@resort.in',
};

describe('cdk-nag (AwsSolutions and Serverless packs)', () => {
  it.each([
    ['dev', {}],
    ['prod', {}],
    ['prod', fullProd],
  ] as const)('finds nothing unacknowledged on %s %j: no error, no warning', (name, overrides) => {
    const { findings } = check(name, overrides);
    expect(findings).toEqual([]);
  });

  it('gives every acknowledgement a written reason', () => {
    const { app } = check('prod', fullProd);
    const acknowledged = acknowledgements(app);
    expect(acknowledged.length).toBeGreaterThan(10);
    for (const { path, rule, reason } of acknowledged) expect(reason.length, `${rule} on ${path}`).toBeGreaterThan(40);
  });

  it('fixes what it is worth fixing instead of acknowledging it', () => {
    const { app } = check('prod', fullProd);
    const rules = new Set(acknowledgements(app).map(({ rule }) => rule));
    for (const fixed of [
      'AwsSolutions-L1', // runtime (only CDK's own upload function is acknowledged, below)
      'Serverless-LambdaLatestVersion',
      'Serverless-LambdaTracing',
      'AwsSolutions-APIG1', // access logs of both APIs on prod
      'Serverless-APIGWAccessLogging',
      'Serverless-EventBusDLQ',
      'AwsSolutions-SNS3',
      'AwsSolutions-SQS4',
      'AwsSolutions-S1', // the site bucket logs; only the logs bucket itself is acknowledged
      'AwsSolutions-S10',
      'AwsSolutions-CFR3',
      'AwsSolutions-CFR4',
      'AwsSolutions-CFR2', // prod has its WAF web ACL (infra/edge-stack.ts)
      'AwsSolutions-SMG4', // the signing key rotates; only Razorpay's secret is acknowledged
      'Serverless-LambdaEventSourceMappingDestination',
    ]) {
      const where = acknowledgements(app)
        .filter(({ rule }) => rule === fixed)
        .map(({ path }) => path);
      const allowed: Record<string, RegExp> = {
        'AwsSolutions-L1': /Custom::CDKBucketDeployment/,
        'Serverless-LambdaLatestVersion': /Custom::CDKBucketDeployment/,
        'Serverless-LambdaTracing': /Custom::CDKBucketDeployment/,
        'AwsSolutions-S1': /\/Site\/Logs$/,
        // Razorpay's keys are rotated in Razorpay's dashboard; the manage-link key must not rotate (links in e-mails).
        // The origin-verify secret is read by CloudFront at deploy time and cached by every function.
        'AwsSolutions-SMG4': /\/(PaymentSecrets|ManageLinkKey|OriginVerifySecret)$/,
      };
      for (const path of where) expect(path, `${fixed} acknowledged on ${path}`).toMatch(allowed[fixed] ?? /^$/);
      if (!allowed[fixed]) expect(rules.has(fixed), fixed).toBe(false);
    }
    // No function role carries AWSLambdaBasicExecutionRole; only CDK's upload function does.
    const managed = acknowledgements(app).filter(({ rule }) => rule.startsWith('AwsSolutions-IAM4'));
    for (const { path } of managed) expect(path).toMatch(/Custom::CDKBucketDeployment|Realtime\/ApiGatewayLogsRole/);
  });
});
