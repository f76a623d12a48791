import { buildSync } from 'esbuild';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionBuildOptions } from '../../infra/bundle-functions.ts';

const root = resolve(import.meta.dirname, '..', '..');

/**
 * The schema modules that many functions import for a part of what they hold, so every call that
 * builds a schema in them is marked `@__PURE__`: a bundle keeps only the schemas it uses
 * (docs/architecture.md#8-what-keeps-cold-starts-at-the-floor). One argument esbuild cannot prove
 * pure (a product of imported constants, a property of one, a template literal with one) keeps the
 * whole schema in every bundle that imports the module: the package form's schema was built in the
 * package list, delete and stats functions so.
 */
const PURE_SCHEMA_MODULES = [
  'shared/users.ts',
  'shared/user-schemas.ts',
  'shared/admin-users.ts',
  'shared/payments.ts',
  'shared/admin-reports.ts',
  'shared/catalogue-schemas.ts',
  'shared/pricing-rule-schema.ts',
  'shared/admin-catalogue.ts',
  'shared/admin-catalogue-cottages.ts',
  'shared/admin-catalogue-packages.ts',
  'shared/admin-catalogue-safaris.ts',
  'shared/admin-catalogue-stay-types.ts',
];

/** The zod calls a bundle of `import '<module>'` alone still makes at import: what esbuild could not drop. */
function zodCallsAtImport(module: string): string[] {
  const { outputFiles } = buildSync({
    ...functionBuildOptions,
    stdin: { contents: `import ${JSON.stringify(resolve(root, module))};`, resolveDir: root, loader: 'ts' },
    // Readable output, zod left out: each remaining call reads `z.object(`, `z2.string(`, ...
    minify: false,
    sourcemap: false,
    metafile: false,
    banner: {},
    external: [...functionBuildOptions.external, 'zod/mini'],
    write: false,
    outdir: resolve(root, '.build', 'pure-schemas'),
  });
  const code = outputFiles.map((file) => file.text).join('\n');
  return [...code.matchAll(/\bz\d*\.([A-Za-z_$][\w$]*)\(/g)].map((match) => match[1] ?? '');
}

describe('schema modules marked pure', () => {
  it.each(PURE_SCHEMA_MODULES)('%s builds no schema when a bundle imports it and uses none (only shared/validation.ts sets the messages)', (module) => {
    expect(zodCallsAtImport(module)).toEqual(['config']);
  });
});
