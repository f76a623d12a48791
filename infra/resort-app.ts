import { Tags, Token, type App, type Environment } from 'aws-cdk-lib';
import { EdgeStack } from './edge-stack.ts';
import { ResortStack } from './resort-stack.ts';
import type { StageConfig } from './stage-config.ts';

/** CloudFront takes its WAF web ACL from this region only. */
export const EDGE_REGION = 'us-east-1';

export type ResortStage = { resort: ResortStack; edge?: EdgeStack };

/**
 * One stage's stacks in `app`: `ForestResort-<stage>` and, for a stage with a web ACL (prod),
 * `ForestResortEdge-<stage>` in us-east-1. The distribution takes the ACL's ARN by a cross-region
 * reference: with cdk.json's `@aws-cdk/core:defaultCrossStackReferences: weak` that is a
 * `Fn::GetStackOutput` of the edge stack's output, resolved by CloudFormation at deploy time (no
 * custom resource, no SSM parameter), and it needs both stacks' regions at synth time. The CDK CLI
 * always gives one (CDK_DEFAULT_REGION: AWS_REGION, the profile's region, else us-east-1), with or
 * without credentials.
 */
export function addResortStage(app: App, stage: StageConfig, options: { bundles: Record<string, string>; webRoot: string; env?: Environment }): ResortStage {
  const env = options.env ?? {};
  let edge: EdgeStack | undefined;
  if (stage.webAcl) {
    if (!env.region || Token.isUnresolved(env.region))
      throw new Error(
        `Stage ${stage.name} has a WAF web ACL in ${EDGE_REGION}, which its stack references across regions: give the stage's region (the CDK CLI sets CDK_DEFAULT_REGION from AWS_REGION or the profile).`,
      );
    edge = new EdgeStack(app, `ForestResortEdge-${stage.name}`, {
      stage: { ...stage, webAcl: stage.webAcl },
      env: { ...env, region: EDGE_REGION },
      crossRegionReferences: true,
      description: `Forest resort booking site, stage ${stage.name}: CloudFront's WAF web ACL (us-east-1)`,
    });
  }
  const resort = new ResortStack(app, `ForestResort-${stage.name}`, {
    stage,
    bundles: options.bundles,
    webRoot: options.webRoot,
    env,
    ...(edge ? { webAclArn: edge.webAcl.attrArn, crossRegionReferences: true } : {}),
    description: `Forest resort booking site, stage ${stage.name}`,
  });
  for (const stack of [resort, edge]) {
    if (!stack) continue;
    Tags.of(stack).add('project', 'forest-resort');
    Tags.of(stack).add('stage', stage.name);
  }
  return { resort, ...(edge ? { edge } : {}) };
}
