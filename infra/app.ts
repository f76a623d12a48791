import { App, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { buildWeb, webBuildIsStale, webRoot } from './local/web-build.ts';
import { bundleStackFunctions, ResortStack } from './resort-stack.ts';
import { stageConfigFromContext } from './stage-config.ts';

/** `npx cdk synth|deploy -c stage=<name>`: one stack per stage. */
const app = new App();
const stage = stageConfigFromContext((key) => app.node.tryGetContext(key));

// cdk-nag's AwsSolutions and Serverless packs check every synth: a finding that is neither fixed
// nor acknowledged with its reason (next to the resource) fails it. test/infra/nag.test.ts too.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));

if (webBuildIsStale()) await buildWeb();
const bundles = bundleStackFunctions();

const stack = new ResortStack(app, `ForestResort-${stage.name}`, {
  stage,
  bundles,
  webRoot,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
  description: `Forest resort booking site, stage ${stage.name}`,
});
Tags.of(stack).add('project', 'forest-resort');
Tags.of(stack).add('stage', stage.name);
