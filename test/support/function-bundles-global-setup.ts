import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { TestProject } from 'vitest/node';
import { bundleDir } from '../../infra/bundle-functions.ts';
import { webRoot } from '../../infra/local/web-build.ts';
import { bundleStackFunctions, ResortStack } from '../../infra/resort-stack.ts';
import { stageConfig } from '../../infra/stage-config.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    functionBundles: { dir: string; bundles: Record<string, string> };
    resortStackTemplates: { dev: string; prod: string; assemblyDir: string };
  }
}

/*
 * The function bundles, built once per run into a folder of their own (no test file bundles into it,
 * so none clears another's), for the integration suite's bundle tests and the infra suite; and, for
 * the infra suite, the dev and prod stacks synthesized once from them. Every project's global setup
 * runs in this one process, so the first to ask builds and the others reuse.
 */
const shared = globalThis as { __bundles?: { dir: string; stack: Record<string, string> }; __templates?: { dev: string; prod: string; assemblyDir: string } };

export default function setup(project: TestProject) {
  const dir = join(bundleDir, '..', 'functions-resort-stack');
  shared.__bundles ??= { dir, stack: bundleStackFunctions(dir) };
  const { stack } = shared.__bundles;
  project.provide('resortStackBundles', stack);
  project.provide('functionBundles', { dir, bundles: Object.fromEntries(Object.entries(stack).filter(([, path]) => path.startsWith(`${dir}/`))) });
  if (project.name === 'infra') {
    shared.__templates ??= (() => {
      const out = mkdtempSync(join(tmpdir(), 'resort-templates-'));
      const synth = (name: string) => {
        const app = new App();
        const resortStack = new ResortStack(app, `ForestResort-${name}`, { stage: stageConfig(name), bundles: stack, webRoot });
        const template = Template.fromStack(resortStack);
        const file = join(out, `${name}.json`);
        writeFileSync(file, JSON.stringify(template.toJSON()));
        return { file, directory: app.synth().directory };
      };
      const dev = synth('dev');
      const prod = synth('prod');
      return { dev: dev.file, prod: prod.file, assemblyDir: dev.directory };
    })();
    project.provide('resortStackTemplates', shared.__templates);
  }
}
