import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { bundleDir } from '../../infra/bundle-functions.ts';
import { bundleStackFunctions } from '../../infra/resort-stack.ts';

/**
 * The infra suite's function bundles, built once for all its files: the files that synthesize the
 * stack run side by side, and each building into one folder would clear the others' bundles.
 * The key's type: test/support/resort-stack-synth.ts.
 */
export default function setup(project: TestProject) {
  project.provide('resortStackBundles', bundleStackFunctions(join(bundleDir, '..', 'functions-resort-stack')));
}
