import { spawnSync } from 'node:child_process';
import { buildSync } from 'esbuild';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { readableStack } from '../../functions/lib/readable-stack.ts';
import { functionBuildOptions } from '../../infra/bundle-functions.ts';

describe('readable stacks without --enable-source-maps', () => {
  it('maps the frames of a bundle to the TypeScript they came from, reading the map only when asked', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'readable-stack-'));
    writeFileSync(
      join(dir, 'quote-rules.ts'),
      ['export function priceOf(nights: number): number {', '  if (nights < 1) throw new Error("no nights");', '  return nights * 100;', '}', ''].join('\n'),
    );
    const readableStackModule = join(import.meta.dirname, '..', '..', 'functions', 'lib', 'readable-stack.ts');
    // A handler that logs its error as the functions do: readableStack with the bundle's own URL.
    writeFileSync(
      join(dir, 'entry.ts'),
      `import { priceOf } from './quote-rules.ts';\nimport { readableStack } from ${JSON.stringify(readableStackModule)};\n` +
        'export const handler = (nights: number) => { try { return priceOf(nights); } catch (error) { return { raw: (error as Error).stack, readable: readableStack(error as Error) }; } };\n',
    );
    buildSync({ ...functionBuildOptions, metafile: false, entryPoints: { index: join(dir, 'entry.ts') }, outdir: join(dir, 'out') });
    const bundle = pathToFileURL(join(dir, 'out', 'index.mjs')).href;
    // A fresh Node without --enable-source-maps, as the functions run (the test runner maps stacks itself).
    const script = `const { handler } = await import(${JSON.stringify(bundle)}); process.stdout.write(JSON.stringify(handler(0)));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    const { raw, readable } = JSON.parse(run.stdout) as { raw: string; readable: string };
    expect(raw).toContain('index.mjs:');
    expect(readable).toMatch(/quote-rules\.ts:2:\d+/);
    expect(readable).not.toContain('index.mjs:');
  });

  it("maps the frames of a split bundle's chunks too: a shared chunk loaded at import, and one loaded on first use", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'readable-stack-split-'));
    writeFileSync(
      join(dir, 'quote-rules.ts'),
      ['export function priceOf(nights: number): number {', '  if (nights < 1) throw new Error("no nights");', '  return nights * 100;', '}', ''].join('\n'),
    );
    writeFileSync(join(dir, 'later.ts'), "import { priceOf } from './quote-rules.ts';\nexport const later = (nights: number) => priceOf(nights) + 1;\n");
    const readableStackModule = join(import.meta.dirname, '..', '..', 'functions', 'lib', 'readable-stack.ts');
    writeFileSync(
      join(dir, 'entry.ts'),
      `import { priceOf } from './quote-rules.ts';\nimport { readableStack } from ${JSON.stringify(readableStackModule)};\n` +
        'export const handler = async (nights: number) => { priceOf(1); try { return (await import("./later.ts")).later(nights); } catch (error) { return { raw: (error as Error).stack, readable: readableStack(error as Error, import.meta.url) }; } };\n',
    );
    buildSync({
      ...functionBuildOptions,
      metafile: false,
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      entryPoints: { index: join(dir, 'entry.ts') },
      outdir: join(dir, 'out'),
    });
    const bundle = pathToFileURL(join(dir, 'out', 'index.mjs')).href;
    const script = `const { handler } = await import(${JSON.stringify(bundle)}); process.stdout.write(JSON.stringify(await handler(0)));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', env: { ...process.env, NODE_OPTIONS: '' } });
    const { raw, readable } = JSON.parse(run.stdout) as { raw: string; readable: string };
    expect(raw).toMatch(/chunks\/chunk-\w+\.mjs:/);
    expect(raw).toMatch(/chunks\/later-\w+\.mjs:/);
    expect(readable).toMatch(/quote-rules\.ts:2:\d+/);
    expect(readable).toMatch(/later\.ts:2:\d+/);
    expect(readable).not.toContain('.mjs:');
  });

  it('leaves a stack as it is where there is no map (tsx, tests)', () => {
    const error = new Error('plain');
    expect(readableStack(error)).toBe(error.stack);
  });
});
