import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import type { Metafile } from 'esbuild';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { handlerModule, httpRoutes, secretRotations, streamConsumers } from '../../functions/routes.ts';
import { buildBundles, deployedModules, loadedAtImport, METAFILE_NAME } from '../../infra/bundle-functions.ts';
import { outputKey, packageBytes, PROJECT_CODE } from '../load/bundle-report.ts';

const root = resolve(import.meta.dirname, '..', '..');
/** Functions whose cold start loads no AWS SDK: public routes that touch no table (the OpenAPI document); AWS only in a lazy chunk (the origin check's secret). */
const awsFree = new Set(httpRoutes.filter((route) => route.auth === 'public' && route.access === 'none').map(handlerModule));
let outdir: string;
let bundles: Record<string, string>;
let metafile: Metafile;
beforeAll(() => {
  // Built once for the run, before any test file starts (test/support/function-bundles-global-setup.ts); read only here.
  ({ dir: outdir, bundles } = inject('functionBundles'));
  metafile = JSON.parse(readFileSync(join(outdir, METAFILE_NAME), 'utf8')) as Metafile;
});

describe('the bundles and their metafile', () => {
  it('bundle the stream consumers and secret rotations with the routes, WebSocket routes and jobs', () => {
    for (const module of [...streamConsumers, ...secretRotations].map((entry) => entry.handler)) {
      expect(deployedModules()).toContain(module);
      expect(existsSync(join(bundles[module] ?? '', 'index.mjs')), module).toBe(true);
    }
  });

  it('keep a metafile beside the bundles that accounts for every byte a cold start loads, by package', () => {
    for (const module of deployedModules()) {
      const key = outputKey(metafile, `${relative(outdir, bundles[module] ?? '')}/index.mjs`);
      const loaded = loadedAtImport(metafile, key);
      const { bytes, packages } = packageBytes(metafile, loaded.files);
      const onDisk = loaded.files.reduce((sum, file) => sum + readFileSync(resolve(root, file)).length, 0);
      expect(bytes, module).toBe(onDisk);
      expect(bytes, module).toBe(loaded.bytes);
      expect(
        packages.reduce((sum, entry) => sum + entry.bytes, 0),
        module,
      ).toBe(bytes);
      expect(
        packages.map((entry) => entry.name),
        module,
      ).toEqual(expect.arrayContaining(awsFree.has(module) ? [PROJECT_CODE] : [PROJECT_CODE, '@smithy/core']));
      // A function's chunks are its own: in its folder, deployed with it.
      for (const file of [...loaded.files, ...loaded.lazy])
        expect(resolve(root, file).startsWith(`${bundles[module] ?? ''}/`), `${module}: ${file}`).toBe(true);
    }
  });

  it("hold every HTTP function within the size budget (issue 16): what its cold start loads is at most the floor's + 60 KB", () => {
    // The floor (test/load/floor-handler.ts: the document client and one GetCommand), split the same way.
    const floorDir = mkdtempSync(join(tmpdir(), 'resort-floor-'));
    const floorMeta = buildBundles({ 'floor/index': join(import.meta.dirname, '..', 'load', 'floor-handler.ts') }, floorDir, [], true);
    const floor = loadedAtImport(floorMeta, outputKey(floorMeta, 'floor/index.mjs')).bytes;
    const sizes = [...new Set(httpRoutes.map(handlerModule))].map((module) => {
      const loaded = loadedAtImport(metafile, outputKey(metafile, `${relative(outdir, bundles[module] ?? '')}/index.mjs`));
      return { module, overFloorKb: Math.round((loaded.bytes - floor) / 102.4) / 10 };
    });
    expect(sizes.filter((row) => row.overFloorKb > 60)).toEqual([]);
  });

  it("leave to first use what a cold start does not run: the error formatter, an optional route's token check, the key ring's Secrets Manager read, jose", () => {
    const lazyOf = (module: string) => {
      const loaded = loadedAtImport(metafile, outputKey(metafile, `${relative(outdir, bundles[module] ?? '')}/index.mjs`));
      const read = (files: string[]) => files.map((file) => readFileSync(resolve(root, file), 'utf8')).join('\n');
      return { eager: read(loaded.files), lazy: read(loaded.lazy) };
    };
    const guest = lazyOf('http/bookings/create-booking');
    expect(guest.eager).not.toContain('Unsupported critical header');
    expect(guest.lazy).toContain('Unsupported critical header');
    const staff = lazyOf('http/bookings/create-staff-booking');
    // jose loads beside the signing keys' read (functions/lib/token-jose.ts), even where a token is always checked.
    expect(staff.eager).toContain('Bearer');
    expect(staff.eager).not.toContain('Unsupported critical header');
    expect(staff.lazy).toContain('Unsupported critical header');
    for (const { eager, lazy } of [guest, staff]) {
      expect(eager).not.toContain('secretsmanager.GetSecretValue');
      expect(lazy).toContain('secretsmanager.GetSecretValue');
      expect(eager).not.toContain('findEntry');
      expect(lazy).toContain('findEntry');
    }
    // No HTTP function's cold start loads a byte of jose.
    for (const module of new Set(httpRoutes.map(handlerModule))) {
      const loaded = loadedAtImport(metafile, outputKey(metafile, `${relative(outdir, bundles[module] ?? '')}/index.mjs`));
      const jose = loaded.files.flatMap((file) => Object.keys(metafile.outputs[file]?.inputs ?? {}).filter((input) => input.includes('node_modules/jose/')));
      expect(jose, module).toEqual([]);
    }
  });
});
