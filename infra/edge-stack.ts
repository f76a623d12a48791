import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import type { StageConfig } from './stage-config.ts';

/** WAF's rate-based rules count each client address's requests over this window (seconds). */
export const RATE_WINDOW_SECONDS = 300;

/** The rules' names, which are also their CloudWatch metric names. */
export const webAclRules = { signInRate: 'SignInRatePerIp', bookingRate: 'BookingRatePerIp', common: 'AWSManagedRulesCommonRuleSet' } as const;

/** Bodies the API accepts (functions/lib/http/request-parsing.ts' MAX_BODY_BYTES) are larger than this managed rule allows. */
export const OVERRIDDEN_TO_COUNT = ['SizeRestrictions_BODY'] as const;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  sampledRequestsEnabled: true,
  metricName,
});

/**
 * The request's path, URL-decoded and lower-cased (to an origin that decodes, `/API/%61uth` is
 * `/api/auth`), compared with `path`.
 */
const pathIs = (path: string, positionalConstraint: 'EXACTLY' | 'STARTS_WITH'): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { uriPath: {} },
    searchString: path,
    positionalConstraint,
    textTransformations: [
      { priority: 0, type: 'URL_DECODE' },
      { priority: 1, type: 'LOWERCASE' },
    ],
  },
});

const methodIs = (method: string): CfnWebACL.StatementProperty => ({
  byteMatchStatement: {
    fieldToMatch: { method: {} },
    searchString: method,
    positionalConstraint: 'EXACTLY',
    textTransformations: [{ priority: 0, type: 'NONE' }],
  },
});

const ratePerIp = (name: string, priority: number, limit: number, scopeDownStatement: CfnWebACL.StatementProperty): CfnWebACL.RuleProperty => ({
  name,
  priority,
  action: { block: {} },
  statement: { rateBasedStatement: { aggregateKeyType: 'IP', limit, evaluationWindowSec: RATE_WINDOW_SECONDS, scopeDownStatement } },
  visibilityConfig: visibility(name),
});

export type EdgeStackProps = StackProps & { stage: StageConfig & { webAcl: NonNullable<StageConfig['webAcl']> } };

/**
 * What CloudFront needs in us-east-1 whatever the stage's region: the stage's WAF web ACL (scope
 * CLOUDFRONT). The stage's stack takes its ARN by a cross-region reference (infra/resort-app.ts).
 * Only prod has one (stage config `webAcl`).
 */
export class EdgeStack extends Stack {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, props);
    const { stage } = props;
    const metricPrefix = `forest-resort-${stage.name}`;

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      name: `forest-resort-${stage.name}`,
      description: `CloudFront in front of forest-resort-${stage.name}: per-address rate limits on sign-in and booking, AWS common rules`,
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility(metricPrefix),
      rules: [
        // Sign-in and registration (`/api/auth`, `/api/auth/admin-login`) and the profile: password
        // guessing per address, on top of the per-account lockout (functions/lib/db/login-attempts.ts).
        ratePerIp(webAclRules.signInRate, 0, stage.webAcl.authRequestsPer5Min, pathIs('/api/auth', 'STARTS_WITH')),
        // Creating bookings holds nights: one address may not fill the calendar with pending holds.
        ratePerIp(webAclRules.bookingRate, 1, stage.webAcl.bookingRequestsPer5Min, {
          andStatement: { statements: [pathIs('/api/bookings', 'EXACTLY'), methodIs('POST')] },
        }),
        {
          name: webAclRules.common,
          priority: 2,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name: 'AWSManagedRulesCommonRuleSet',
              // SizeRestrictions_BODY blocks bodies over 8 KB, and the API takes JSON bodies up to
              // 64 KB (MAX_BODY_BYTES), answering larger ones itself with 413: counted, so its
              // matches still show in the metrics and sampled requests, never blocked.
              ruleActionOverrides: OVERRIDDEN_TO_COUNT.map((name) => ({ name, actionToUse: { count: {} } })),
            },
          },
          visibilityConfig: visibility(webAclRules.common),
        },
      ],
    });

    new CfnOutput(this, 'WebAclArn', { value: this.webAcl.attrArn });
  }
}
