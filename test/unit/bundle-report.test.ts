import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { ESBUILD_RUNTIME, formatPackageReport, outputKey, packageBytes, packageOf, packageReport, PROJECT_CODE } from '../../test/load/bundle-report.ts';

const output = (bytes: number, inputs: Record<string, number>): Metafile['outputs'][string] => ({
  bytes,
  imports: [],
  exports: ['handler'],
  inputs: Object.fromEntries(Object.entries(inputs).map(([path, bytesInOutput]) => [path, { bytesInOutput }])),
});

const metafile: Metafile = {
  inputs: {},
  outputs: {
    '.build/functions/http/a/index.mjs.map': output(900, {}),
    '.build/functions/http/a/index.mjs': output(1200, {
      'node_modules/@smithy/core/dist-es/a.js': 300,
      'node_modules/@smithy/core/dist-es/b.js': 200,
      'node_modules/zod/v4/core/schemas.js': 400,
      'node_modules/@aws-sdk/lib-dynamodb/node_modules/@smithy/util/x.js': 50,
      'functions/http/a.ts': 100,
      'shared/booking.ts': 100,
    }),
  },
};

describe('bundle report (esbuild metafile by package)', () => {
  it('names the package of an input, nested node_modules by the innermost, project sources as one group', () => {
    expect(packageOf('node_modules/@smithy/core/dist-es/submodules/serde/x.js')).toBe('@smithy/core');
    expect(packageOf('node_modules/zod/v4/core/schemas.js')).toBe('zod');
    expect(packageOf('node_modules/@aws-sdk/lib-dynamodb/node_modules/@smithy/util/x.js')).toBe('@smithy/util');
    expect(packageOf('node_modules\\jose\\dist\\webapi\\index.js')).toBe('jose');
    expect(packageOf('functions/lib/db/client.ts')).toBe(PROJECT_CODE);
    expect(packageOf('shared/booking.ts')).toBe(PROJECT_CODE);
  });

  it('finds an output by its path under the build folder, never the source map', () => {
    expect(outputKey(metafile, 'http/a/index.mjs')).toBe('.build/functions/http/a/index.mjs');
    expect(() => outputKey(metafile, 'http/b/index.mjs')).toThrow(/not an output/);
  });

  it('sums bytes by package, largest first, and counts what no input accounts for as esbuild runtime', () => {
    const { bytes, packages } = packageBytes(metafile, '.build/functions/http/a/index.mjs');
    expect(bytes).toBe(1200);
    expect(packages).toEqual([
      { name: '@smithy/core', bytes: 500 },
      { name: 'zod', bytes: 400 },
      { name: PROJECT_CODE, bytes: 200 },
      { name: ESBUILD_RUNTIME, bytes: 50 },
      { name: '@smithy/util', bytes: 50 },
    ]);
    expect(packages.reduce((sum, entry) => sum + entry.bytes, 0)).toBe(bytes);
  });

  it('reports the top packages with their share and their excess over the floor, and prints them as columns', () => {
    const bundle = packageBytes(metafile, '.build/functions/http/a/index.mjs');
    const report = packageReport(
      bundle,
      [
        { name: '@smithy/core', bytes: 500 },
        { name: PROJECT_CODE, bytes: 50 },
      ],
      3,
    );
    expect(report.top.map((row) => row.name)).toEqual(['@smithy/core', 'zod', PROJECT_CODE]);
    expect(report.top[0]).toMatchObject({ share: 42, overFloorKb: 0 });
    expect(report.rest).toEqual({ count: 2, kb: 0.1 });
    // Only packages at least 1 KB over the floor are named as the excess; none here is.
    expect(report.overFloor).toEqual([]);
    const text = formatPackageReport('http/a: 1.2 KB', report);
    expect(text.split('\n')[0]).toBe('http/a: 1.2 KB');
    expect(text).toMatch(/^ {2}package\s+KB\s+share\s+vs floor KB$/m);
    expect(text).toMatch(/^ {2}zod\s+0\.4\s+33%\s+\+0\.4$/m);
    expect(text).toMatch(/over the floor: nothing/);
  });
});
