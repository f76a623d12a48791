import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { httpRoutes, type HttpRoute } from '../../functions/routes.ts';
import { webRoot } from '../../infra/local/web-build.ts';
import { ResortStack } from '../../infra/resort-stack.ts';
import { stageConfig, stageConfigFromContext } from '../../infra/stage-config.ts';
import { OVERRIDDEN_TO_COUNT, RATE_WINDOW_SECONDS, webAclRules } from '../../infra/edge-stack.ts';
import { addResortStage, EDGE_REGION } from '../../infra/resort-app.ts';
import { MAX_BODY_BYTES } from '../../functions/lib/http/handler.ts';
import { HASHED_ASSET_CACHE, SHELL_CACHE } from '../../infra/site-cache.ts';
import {
  dev,
  devResources,
  assemblyDir,
  bundles,
  CACHING_DISABLED,
  CACHING_OPTIMIZED,
  ALL_VIEWER_EXCEPT_HOST,
  ofType,
  logicalIdOf,
  actionsOf,
  statementsByFunction,
  synthesizeResortStacks,
} from '../support/resort-stack-synth.ts';

/** The edge: the site behind CloudFront, stage config and custom domains, and the WAF web ACL. */
synthesizeResortStacks();

describe('site', () => {
  it('serves a private bucket through CloudFront with origin access control and the edge rewrite', () => {
    dev.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    dev.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: { BlockPublicAcls: true, BlockPublicPolicy: true, IgnorePublicAcls: true, RestrictPublicBuckets: true },
    });
    dev.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionConfig: Match.objectLike({ Runtime: 'cloudfront-js-2.0' }),
      FunctionCode: Match.stringLikeRegexp("request.uri = '/app.html'"),
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

  it('compresses the site at the edge (brotli and gzip in the cache key) and caches each path as its deployment says', () => {
    const distribution = ofType('AWS::CloudFront::Distribution')[0]?.[1];
    const config = distribution?.Properties.DistributionConfig as {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Array<Record<string, unknown>>;
    };
    // Managed-CachingOptimized: honours the objects' Cache-Control, and keys on gzip and brotli so CloudFront compresses.
    expect(config.DefaultCacheBehavior).toMatchObject({ Compress: true, CachePolicyId: CACHING_OPTIMIZED });
    expect(HASHED_ASSET_CACHE).toBe('public, max-age=31536000, immutable');
    expect(SHELL_CACHE).toMatch(/^public, max-age=60\b/);
    // The build's .br/.gz copies are the local server's: they are never uploaded.
    const deployments = ofType('Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const [assets, shell] = [
      deployments.find(([, resource]) => !resource.Properties.SourceMarkers),
      deployments.find(([, resource]) => resource.Properties.SourceMarkers),
    ];
    expect(assets?.[1].Properties.SystemMetadata).toEqual({ 'cache-control': HASHED_ASSET_CACHE });
    expect(shell?.[1].Properties.SystemMetadata).toEqual({ 'cache-control': SHELL_CACHE });
    const staged = (deployment: (typeof deployments)[number] | undefined) =>
      ((deployment?.[1].Properties.SourceObjectKeys ?? []) as string[])
        .map((key) => join(assemblyDir, `asset.${key.replace(/\.zip$/, '')}`))
        .filter((dir) => existsSync(dir))
        .flatMap((dir) => readdirSync(dir, { recursive: true, encoding: 'utf8' }));
    expect(readdirSync(webRoot, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(br|gz)$/.test(file)).length).toBeGreaterThan(10);
    const uploaded = [...staged(assets), ...staged(shell)];
    expect(uploaded).toEqual(expect.arrayContaining(['index.html', expect.stringMatching(/^assets\/index-.*\.js$/)]));
    expect(uploaded.filter((file) => /\.(br|gz)$/.test(file))).toEqual([]);
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

  it("takes staff's image uploads into the site bucket's media/: CORS for the site, kept by deploys, allowed by the CSP, signed by one function allowed PutObject there alone", () => {
    const [siteBucketId, siteBucket] =
      ofType('AWS::S3::Bucket').find(([, bucket]) => JSON.stringify(bucket.Properties.LoggingConfiguration ?? '').includes('s3/site/')) ?? [];
    expect(siteBucket?.Properties.CorsConfiguration).toEqual({
      CorsRules: [{ AllowedMethods: ['POST'], AllowedOrigins: ['https://*.cloudfront.net'], MaxAge: 3600 }],
    });
    // The shell's deployment prunes what the build no longer has, but never the uploads (nor the hashed assets).
    const shell = ofType('Custom::CDKBucketDeployment').find(([, resource]) => resource.Properties.SourceMarkers);
    expect(shell?.[1].Properties.Exclude).toEqual(['assets/*', 'media/*']);
    expect(shell?.[1].Properties.Prune).not.toBe(false);

    const policy = JSON.stringify(ofType('AWS::CloudFront::ResponseHeadersPolicy')[0]?.[1].Properties);
    expect(policy).toMatch(new RegExp(`connect-src 'self' [^;]* https://",\\{"Fn::GetAtt":\\["${siteBucketId}","RegionalDomainName"\\]`));

    const signer = ofType('AWS::Lambda::Function').find(([, fn]) => fn.Properties.FunctionName === 'forest-resort-dev-create-image-upload')?.[1];
    const environment = (signer?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(environment.MEDIA_BUCKET).toEqual({ Ref: siteBucketId });
    expect(JSON.stringify(environment.MEDIA_UPLOAD_URL)).toContain(`"Fn::GetAtt":["${siteBucketId}","RegionalDomainName"]`);
    const putters = [...statementsByFunction()].filter(([, statements]) => actionsOf(statements).some((action) => action.startsWith('s3:')));
    expect(putters.map(([name]) => name)).toEqual(['forest-resort-dev-create-image-upload']);
    const s3Statements = putters[0]?.[1].filter((statement) => actionsOf([statement]).some((action) => action.startsWith('s3:')));
    expect(s3Statements).toEqual([
      expect.objectContaining({ Action: 's3:PutObject', Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [siteBucketId, 'Arn'] }, '/media/*']] } }),
    ]);
  });

  it('deploys the SPA with a year of caching for hashed assets, and a fresh config.json telling the API and WebSocket URLs and the display currencies', () => {
    dev.hasResourceProperties('Custom::CDKBucketDeployment', { Prune: false, SystemMetadata: { 'cache-control': HASHED_ASSET_CACHE } });
    dev.hasResourceProperties('Custom::CDKBucketDeployment', {
      SystemMetadata: { 'cache-control': SHELL_CACHE },
      DistributionPaths: ['/index.html', '/app.html', '/config.json'],
    });
    const shell = ofType('Custom::CDKBucketDeployment').find(([, resource]) => resource.Properties.SourceMarkers);
    const keys = (shell?.[1].Properties.SourceObjectKeys ?? []) as string[];
    const markers = (shell?.[1].Properties.SourceMarkers ?? []) as Array<Record<string, unknown>>;
    const index = keys.findIndex((key) => existsSync(join(assemblyDir, `asset.${key.replace(/\.zip$/, '')}`, 'config.json')));
    expect(index).toBeGreaterThanOrEqual(0);
    const raw = readFileSync(join(assemblyDir, `asset.${keys[index]?.replace(/\.zip$/, '')}`, 'config.json'), 'utf8');
    const config = JSON.parse(raw) as Record<string, string>;
    expect(config).toMatchObject({ stage: 'dev', apiUrl: '/api', paymentMode: 'test', contact: { phone: '+91 80 4000 1234', email: 'stay@forest-resort.in' } });
    // The stage's display currencies, rupees per unit, for the header's approximate prices.
    expect(config.displayCurrencies).toEqual(stageConfig('dev').displayCurrencies);
    expect(Object.keys(config.displayCurrencies ?? {})).toEqual(expect.arrayContaining(['USD', 'EUR', 'GBP']));
    // The WebSocket URL is filled in at deploy time from the WebSocket API's id.
    const wsMarker = /<<marker:0xbaba:\d+>>/.exec(config.wsUrl ?? '')?.[0] ?? '';
    expect(config.wsUrl).toMatch(/^wss:\/\/.*\/live$/);
    expect(logicalIdOf(markers[index]?.[wsMarker])).toMatch(/^RealtimeApi/);
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
    // The phone and e-mail guests see: the sample resort's unless the stage sets its own, and checked.
    expect(stageConfigFromContext((key) => context[key]).contact).toEqual({ phone: '+91 80 4000 1234', email: 'stay@forest-resort.in' });
    const lodge = { stage: 'prod', contactPhone: '+91 94470 12345', contactEmail: 'frontdesk@lodge.in' } as Record<string, string>;
    expect(stageConfigFromContext((key) => lodge[key]).contact).toEqual({ phone: '+91 94470 12345', email: 'frontdesk@lodge.in' });
    expect(() => stageConfigFromContext((key) => ({ ...lodge, contactPhone: 'call us' })[key])).toThrow();
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
