import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Metafile } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { secretRotations, streamConsumers } from '../../functions/routes.ts';
import { bundleFunctions, deployedModules, METAFILE_NAME } from '../../infra/bundle-functions.ts';
import { outputKey, packageBytes, PROJECT_CODE } from '../load/bundle-report.ts';

let outdir: string;
let bundles: Record<string, string>;
let metafile: Metafile;
beforeAll(() => {
  // Its own folder: other suites may be bundling into .build/ at the same time.
  outdir = mkdtempSync(join(tmpdir(), 'resort-bundle-report-'));
  bundles = bundleFunctions(outdir);
  metafile = JSON.parse(readFileSync(join(outdir, METAFILE_NAME), 'utf8')) as Metafile;
});

describe('the bundles and their metafile', () => {
  it('bundle the stream consumers and secret rotations with the routes, WebSocket routes and jobs', () => {
    for (const module of [...streamConsumers, ...secretRotations].map((entry) => entry.handler)) {
      expect(deployedModules()).toContain(module);
      expect(existsSync(join(bundles[module] ?? '', 'index.mjs')), module).toBe(true);
    }
  });

  it('keep a metafile beside the bundles that accounts for every byte of every bundle, by package', () => {
    for (const module of deployedModules()) {
      const key = outputKey(metafile, `${relative(outdir, bundles[module] ?? '')}/index.mjs`);
      const { bytes, packages } = packageBytes(metafile, key);
      expect(bytes, module).toBe(readFileSync(join(bundles[module] ?? '', 'index.mjs')).length);
      expect(
        packages.reduce((sum, entry) => sum + entry.bytes, 0),
        module,
      ).toBe(bytes);
      expect(
        packages.map((entry) => entry.name),
        module,
      ).toEqual(expect.arrayContaining([PROJECT_CODE, '@smithy/core']));
    }
  });
});
