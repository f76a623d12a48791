import { buildSync } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { functionBuildOptions } from '../../infra/bundle-functions.ts';

const root = resolve(import.meta.dirname, '..', '..');
const probe = join(root, 'test', 'load', 'cold-probe.mjs');
const outdir = mkdtempSync(join(tmpdir(), 'cold-probe-'));
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

/** A bundle built as the functions are, from `source`. */
function bundle(name: string, source: string): string {
  buildSync({
    ...functionBuildOptions,
    metafile: false,
    stdin: { contents: source, resolveDir: root, loader: 'ts', sourcefile: `${name}.ts` },
    outfile: join(outdir, `${name}.mjs`),
  });
  return join(outdir, `${name}.mjs`);
}

const run = (file: string, ...args: string[]) => {
  const result = spawnSync(process.execPath, [probe, file, ...args], { encoding: 'utf8' });
  expect(result.status, result.stderr).toBe(0);
  return JSON.parse(/@@cold-probe (.*)/.exec(result.stdout)?.[1] ?? 'null') as Record<string, unknown>;
};

describe("the bench's cold probe (test/load/cold-probe.mjs)", () => {
  it('counts the zod schemas and checks an import builds, a check added to a built schema counting its copy', () => {
    // Prepare: a string, its length check and the string's copy carrying it; an enum; the object around both.
    const file = bundle(
      'five-schemas',
      `import * as z from 'zod/mini';
       export const schema = z.object({ name: z.string().check(z.minLength(1)), kind: z.enum(['a', 'b']) });
       export const handler = (input: unknown) => z.safeParse(schema, input).success;`,
    );
    // Act and Assess
    expect(run(file, '--count-schemas')).toEqual({ zodSchemas: 5 });
  });

  it('counts none in a bundle that builds no schema at import, and times the import otherwise', () => {
    const file = bundle('no-schemas', `import * as z from 'zod/mini'; export const handler = (input: unknown) => z.safeParse(z.string(), input).success;`);
    expect(run(file, '--count-schemas')).toEqual({ zodSchemas: 0 });
    const timed = run(file);
    expect(timed).toMatchObject({ importMs: expect.any(Number), importCpuMs: expect.any(Number) });
    expect(timed).not.toHaveProperty('zodSchemas');
  });
});
