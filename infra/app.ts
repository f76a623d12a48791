import { App, Tags } from 'aws-cdk-lib';
import { bundleFunctions } from './bundle-functions.ts';
import { buildWeb, webBuildIsStale, webRoot } from './local/web-build.ts';
import { ResortStack } from './resort-stack.ts';
import { stageConfigFromContext } from './stage-config.ts';

/** `npx cdk synth|deploy -c stage=<name>`: one stack per stage. */
const app = new App();
const stage = stageConfigFromContext((key) => app.node.tryGetContext(key));

if (webBuildIsStale()) await buildWeb();
const bundles = bundleFunctions();

const stack = new ResortStack(app, `ForestResort-${stage.name}`, {
  stage,
  bundles,
  webRoot,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: `Forest resort booking site, stage ${stage.name}`,
});
Tags.of(stack).add('project', 'forest-resort');
Tags.of(stack).add('stage', stage.name);
