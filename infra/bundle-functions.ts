import { buildSync } from 'esbuild';
import { join, resolve } from 'node:path';
import { handlerModule, httpRoutes, jobs, wsRoutes } from '../functions/routes.ts';

const root = resolve(import.meta.dirname, '..');
export const bundleDir = join(root, '.build', 'functions');

/** Every distinct handler module the stack deploys (planned routes share the 501 handler). */
export function deployedModules(): string[] {
  return [...new Set([...httpRoutes.map(handlerModule), ...wsRoutes.map((route) => route.handler), ...jobs.map((job) => job.handler)])].sort();
}

/**
 * Bundles each handler module into `.build/functions/<module>/index.mjs` in one esbuild run:
 * ESM, minified, tree-shaken (the AWS SDK v3 included, so each function carries only the clients
 * it imports), with source maps for readable stack traces.
 */
export function bundleFunctions(): Record<string, string> {
  const modules = deployedModules();
  buildSync({
    entryPoints: Object.fromEntries(modules.map((module) => [`${module}/index`, join(root, 'functions', `${module}.ts`)])),
    outdir: bundleDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    minify: true,
    sourcemap: true,
    sourcesContent: false,
    legalComments: 'none',
    mainFields: ['module', 'main'],
    // Bundled CommonJS dependencies may still call require() for Node built-ins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return Object.fromEntries(modules.map((module) => [module, join(bundleDir, module)]));
}
