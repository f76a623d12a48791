import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import {
  AllowedMethods,
  CachePolicy,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  Function as EdgeFunction,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  PriceClass,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import { BlockPublicAccess, Bucket, BucketEncryption, HttpMethods, ObjectOwnership } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { HASHED_ASSET_CACHE, SHELL_CACHE } from '../site-cache.ts';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { viewerRequestPath } from '../edge/load-viewer-request.ts';
import { siteConfigFor } from '../site-config.ts';
import { contentSecurityPolicy, HSTS_MAX_AGE_SECONDS } from '../site-headers.ts';
import type { StageConfig } from '../stage-config.ts';
import { acknowledge } from './nag.ts';

export type StaticSiteProps = {
  stage: StageConfig;
  webRoot: string;
  apiDomainName: string;
  webSocketUrl: string;
  webSocketOrigin: string;
  /** Sent to the API in the origin-verify header, so it can refuse requests that did not come through CloudFront. */
  originVerifySecret: ISecret;
  /** The stage's WAF web ACL (us-east-1, infra/edge-stack.ts), when it has one. */
  webAclArn?: string;
};

/** The header CloudFront adds on the `/api/*` origin; functions/lib/http/origin-verify.ts checks it. */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

/**
 * The SPA on a private S3 bucket behind CloudFront (origin access control), with the edge rewrite
 * function, the security headers, `/api/*` passed to the HTTP API uncached with the origin-verify
 * header (and the stage's WAF web ACL in front, on prod), and `/config.json`
 * telling the SPA where the API and WebSocket live and the display currencies' rates.
 */
export class StaticSite extends Construct {
  readonly bucket: Bucket;
  readonly logsBucket: Bucket;
  readonly distribution: Distribution;

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id);
    const { stage } = props;

    // CloudFront's standard logs and the site bucket's server access logs, kept as long as the stage's other logs.
    // CloudFront writes its logs with an ACL (the awslogsdelivery account), so this bucket keeps ACLs
    // on, owned by the bucket owner; it is never public and accepts TLS only.
    this.logsBucket = new Bucket(this, 'Logs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: Duration.days(stage.logRetentionDays) }],
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !stage.retainData,
    });
    acknowledge(
      this.logsBucket,
      'AwsSolutions-S1',
      'This is the access-log bucket itself: logging its own access into itself would log every log delivery, without end.',
    );

    this.bucket = new Bucket(this, 'Bucket', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/site/',
      // Staff's browsers post image uploads straight here (signed POST policies:
      // functions/lib/media/post-policy.ts); CORS lets the portal read S3's answer.
      cors: [
        {
          allowedMethods: [HttpMethods.POST],
          allowedOrigins: [stage.domain ? `https://${stage.domain.name}` : 'https://*.cloudfront.net'],
          maxAge: 3600,
        },
      ],
      removalPolicy: stage.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      autoDeleteObjects: !stage.retainData,
    });

    const viewerRequest = new EdgeFunction(this, 'ViewerRequest', {
      code: FunctionCode.fromFile({ filePath: viewerRequestPath }),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'SPA routes: / to /index.html, the others to /app.html',
    });

    const headers = new ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: `forest-resort-${stage.name} security headers`,
      securityHeadersBehavior: {
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy(props.webSocketOrigin, `https://${this.bucket.bucketRegionalDomainName}`),
          override: true,
        },
        strictTransportSecurity: { accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });

    const siteOrigin = S3BucketOrigin.withOriginAccessControl(this.bucket);
    this.distribution = new Distribution(this, 'Distribution', {
      comment: `forest-resort-${stage.name}`,
      defaultRootObject: 'index.html',
      httpVersion: HttpVersion.HTTP2_AND_3,
      // PriceClass 200 includes the Indian edge locations our guests are nearest to.
      priceClass: PriceClass.PRICE_CLASS_200,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      ...(stage.domain
        ? {
            domainNames: [stage.domain.name],
            certificate: Certificate.fromCertificateArn(this, 'Certificate', stage.domain.certificateArn),
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: siteOrigin,
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: headers,
        compress: true,
        functionAssociations: [{ function: viewerRequest, eventType: FunctionEventType.VIEWER_REQUEST }],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiDomainName, {
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            // A CloudFormation dynamic reference ({{resolve:secretsmanager:...}}): CloudFront gets
            // the value at deploy time, the template never holds it.
            customHeaders: { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret.secretValue.unsafeUnwrap() },
          }),
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers,
        },
        '/config.json': {
          origin: siteOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          responseHeadersPolicy: headers,
        },
      },
    });

    if (!stage.domain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'Without a custom domain the distribution serves CloudFront’s default *.cloudfront.net certificate, whose minimum protocol CloudFront fixes at TLSv1 (SecurityPolicy cannot be set for it). Deploy with -c domainName and -c certificateArn and the stack sets TLSv1.2_2021.',
      );
    }
    acknowledge(this.distribution, 'AwsSolutions-CFR1', 'Guests book from anywhere: no country is refused.');
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR2',
        'Only prod has a WAF web ACL (infra/edge-stack.ts: its monthly fee is above a quiet month’s whole bill of a test stage). Sign-in has its own lockout per address, and the API answers only requests carrying CloudFront’s origin-verify header.',
      );
    }

    // The WebSocket URL, the payment mode and the stage's display currencies.
    const siteConfig = siteConfigFor(stage, props.webSocketUrl);

    // Hashed assets never change: cached for a year, and never pruned, so a visitor still on the
    // previous index.html can load its chunks during a deploy.
    const assets = new BucketDeployment(this, 'DeployAssets', {
      // The build's .br/.gz copies are for the local server: CloudFront compresses on its own.
      sources: [Source.asset(props.webRoot, { exclude: ['*', '!assets', '!assets/**', 'assets/*.map', 'assets/*.br', 'assets/*.gz'] })],
      destinationBucket: this.bucket,
      prune: false,
      cacheControl: [CacheControl.fromString(HASHED_ASSET_CACHE)],
      memoryLimit: 512,
    });
    const shell = new BucketDeployment(this, 'DeployShell', {
      sources: [
        Source.asset(props.webRoot, { exclude: ['assets', 'assets/**', '.vite', '.vite/**', '*.br', '*.gz', '**/*.br', '**/*.gz'] }),
        Source.jsonData('config.json', siteConfig),
      ],
      destinationBucket: this.bucket,
      // Pruning spares the hashed assets (kept for visitors mid-deploy) and staff's uploaded images.
      exclude: ['assets/*', 'media/*'],
      cacheControl: [CacheControl.fromString(SHELL_CACHE)],
      distribution: this.distribution,
      distributionPaths: ['/index.html', '/app.html', '/config.json'],
      memoryLimit: 512,
    });
    shell.node.addDependency(assets);
  }
}
