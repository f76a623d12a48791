import { buildSync, type BuildOptions, type Metafile } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { handlerModule, httpRoutes, jobs, routeAuthLevelsFromTable, secretRotations, streamConsumers, wsRoutes, type HttpRoute } from '../functions/routes.ts';

const root = resolve(import.meta.dirname, '..');

/**
 * Credential providers the SDK reaches only when the environment holds no credentials. Lambda
 * always sets them (the default chain's first, statically imported step), so these dynamic imports
 * never run there: leaving them out keeps them off every bundle and cold start (see docs/architecture.md#8-what-keeps-cold-starts-at-the-floor).
 */
export const lambdaUnusedModules = [
  '@aws-sdk/credential-provider-sso',
  '@aws-sdk/credential-provider-ini',
  '@aws-sdk/credential-provider-process',
  '@aws-sdk/credential-provider-web-identity',
  '@aws-sdk/credential-provider-login',
  '@aws-sdk/credential-provider-http',
  '@smithy/credential-provider-imds',
  '@aws-sdk/nested-clients',
];
export const bundleDir = join(root, '.build', 'functions');
/** The file each buildBundles() run writes its esbuild metafile to, at the top of its outdir (so in no function's asset). */
export const METAFILE_NAME = 'meta.json';

/**
 * How every function is bundled: ESM, minified, tree-shaken (the AWS SDK v3 included, so each
 * function carries only the clients it imports), with source maps for readable stack traces and a
 * metafile saying what takes the space. Exported so that anything measured against the functions
 * (the bench's floor handler) is bundled exactly the same way.
 */
export const functionBuildOptions = {
  outExtension: { '.js': '.mjs' },
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  minify: true,
  sourcemap: true,
  sourcesContent: false,
  legalComments: 'none',
  // Non-ASCII text (₹, the sanitiser's character classes) as UTF-8, not \uXXXX escapes.
  charset: 'utf8',
  mainFields: ['module', 'main'],
  external: lambdaUnusedModules,
  // Bundled CommonJS dependencies may still call require() for Node built-ins.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  metafile: true,
  logLevel: 'warning',
} as const satisfies BuildOptions;

/**
 * The route table's auth column as a literal (functions/lib/http/route-auth.ts) for a bundle that
 * serves `routes`: only their entries, so a function knows nothing of other routes (deployed behind
 * one, it treats it as admin-only) and carries no table.
 */
export const routeAuthDefine = (routes: readonly HttpRoute[]) => ({
  ROUTE_AUTH_INLINED: 'true',
  ROUTE_AUTH_LEVELS: JSON.stringify(JSON.stringify(routeAuthLevelsFromTable(routes))),
});

/**
 * Every distinct handler module the stack deploys: routes (planned ones share the 501 handler),
 * WebSocket routes, jobs, the table's stream consumers and the secret rotation functions.
 */
export function deployedModules(): string[] {
  return [
    ...new Set([
      ...httpRoutes.map(handlerModule),
      ...wsRoutes.map((route) => route.handler),
      ...jobs.map((job) => job.handler),
      ...streamConsumers.map((consumer) => consumer.handler),
      ...secretRotations.map((rotation) => rotation.handler),
    ]),
  ].sort();
}

/** One esbuild run of `entryPoints` into `outdir`; `splitting`: dynamic imports become chunks in `outdir/chunks/`. */
export function runBuild(entryPoints: Record<string, string>, outdir: string, routes: readonly HttpRoute[], splitting = false): Metafile {
  // Paths in the metafile are relative to the repository, wherever the build is started from.
  const result = buildSync({
    ...functionBuildOptions,
    ...(splitting ? { splitting: true, chunkNames: 'chunks/[name]-[hash]' } : {}),
    define: routeAuthDefine(routes),
    entryPoints,
    outdir,
    absWorkingDir: root,
  });
  return result.metafile;
}

/**
 * What a cold start of `key` (a metafile output) loads: it and every chunk it imports statically,
 * transitively; `lazy`: the chunks only dynamic imports reach (loaded on first use, if ever).
 */
export function loadedAtImport(metafile: Metafile, key: string): { bytes: number; files: string[]; lazyBytes: number; lazy: string[] } {
  const walk = (start: string, follow: (kind: string) => boolean) => {
    const seen = new Set<string>();
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const imported of metafile.outputs[file]?.imports ?? []) if (!imported.external && follow(imported.kind)) visit(imported.path);
    };
    visit(start);
    return seen;
  };
  const eager = walk(key, (kind) => kind === 'import-statement');
  const all = walk(key, (kind) => kind === 'import-statement' || kind === 'dynamic-import');
  const lazy = [...all].filter((file) => !eager.has(file));
  const size = (files: Iterable<string>) => [...files].reduce((sum, file) => sum + (metafile.outputs[file]?.bytes ?? 0), 0);
  return { bytes: size(eager), files: [...eager], lazyBytes: size(lazy), lazy };
}

/**
 * Bundles `entryPoints` (output name, without extension -> source file) into `outdir` with
 * functionBuildOptions in one esbuild run, and writes the run's metafile to `outdir/meta.json`
 * (which inputs, by bytesInOutput, make up each output: test/load/bundle-report.ts reads it).
 */
export function buildBundles(entryPoints: Record<string, string>, outdir: string, routes: readonly HttpRoute[] = [], splitting = false): Metafile {
  const metafile = runBuild(entryPoints, outdir, routes, splitting);
  mkdirSync(outdir, { recursive: true });
  writeFileSync(join(outdir, METAFILE_NAME), JSON.stringify(metafile));
  return metafile;
}

/**
 * Bundles each handler module into `.build/functions/<module>/index.mjs` (with `index.mjs.map`
 * beside it); the metafile goes to `.build/functions/meta.json`. Each HTTP handler module is its own
 * esbuild run, because each carries the auth levels of only the routes it serves, and is split:
 * what a cold start does not run (the error formatter, an optional route's token check, the key
 * ring's Secrets Manager read) is a dynamic import, emitted as `<module>/chunks/*.mjs` and loaded
 * on first use. Everything else is one unsplit run (its dynamic imports stay inside each bundle).
 */
export function bundleFunctions(outdir = bundleDir): Record<string, string> {
  const modules = deployedModules();
  const entry = (module: string): [string, string] => [`${module}/index`, join(root, 'functions', `${module}.ts`)];
  const routesOf = new Map<string, HttpRoute[]>();
  for (const route of httpRoutes) routesOf.set(handlerModule(route), [...(routesOf.get(handlerModule(route)) ?? []), route]);
  const metafiles = [
    runBuild(Object.fromEntries(modules.filter((module) => !routesOf.has(module)).map(entry)), outdir, []),
    ...[...routesOf].map(([module, routes]) => {
      // Chunk names carry a content hash: clear the folder so no earlier build's chunk is deployed too.
      rmSync(join(outdir, module), { recursive: true, force: true });
      return runBuild({ index: join(root, 'functions', `${module}.ts`) }, join(outdir, module), routes, true);
    }),
  ];
  const merged: Metafile = { inputs: {}, outputs: {} };
  for (const metafile of metafiles) {
    Object.assign(merged.inputs, metafile.inputs);
    Object.assign(merged.outputs, metafile.outputs);
  }
  writeFileSync(join(outdir, METAFILE_NAME), JSON.stringify(merged));
  return Object.fromEntries(modules.map((module) => [module, join(outdir, module)]));
}
