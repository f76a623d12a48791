import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, ServerlessChecks } from 'cdk-nag';
import { buildWeb, webBuildIsStale, webRoot } from './local/web-build.ts';
import { addResortStage } from './resort-app.ts';
import { bundleStackFunctions } from './resort-stack.ts';
import { stageConfigFromContext } from './stage-config.ts';

/** `npx cdk synth|deploy -c stage=<name>`: one stack per stage, and on prod its WAF stack in us-east-1 (infra/resort-app.ts). */
const app = new App();
const stage = stageConfigFromContext((key) => app.node.tryGetContext(key));

// cdk-nag's AwsSolutions and Serverless packs check every synth: a finding that is neither fixed
// nor acknowledged with its reason (next to the resource) fails it. test/infra/nag.test.ts too.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), new ServerlessChecks(app));

if (webBuildIsStale()) await buildWeb();
const bundles = bundleStackFunctions();

addResortStage(app, stage, {
  bundles,
  webRoot,
  env: { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION },
});
