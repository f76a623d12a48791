import { buildSync } from 'esbuild';
import { join, resolve } from 'node:path';
import { handlerModule, httpRoutes, jobs, wsRoutes } from '../functions/routes.ts';

const root = resolve(import.meta.dirname, '..');

/**
 * Credential providers the SDK reaches only when the environment holds no credentials. Lambda
 * always sets them (the default chain's first, statically imported step), so these dynamic imports
 * never run there: leaving them out saves about 90 KB of every bundle and of every cold start.
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

/** Every distinct handler module the stack deploys (planned routes share the 501 handler). */
export function deployedModules(): string[] {
  return [...new Set([...httpRoutes.map(handlerModule), ...wsRoutes.map((route) => route.handler), ...jobs.map((job) => job.handler)])].sort();
}

/**
 * Bundles each handler module into `.build/functions/<module>/index.mjs` in one esbuild run:
 * ESM, minified, tree-shaken (the AWS SDK v3 included, so each function carries only the clients
 * it imports), with source maps for readable stack traces.
 */
export function bundleFunctions(outdir = bundleDir): Record<string, string> {
  const modules = deployedModules();
  buildSync({
    entryPoints: Object.fromEntries(modules.map((module) => [`${module}/index`, join(root, 'functions', `${module}.ts`)])),
    outdir,
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
    external: lambdaUnusedModules,
    // Bundled CommonJS dependencies may still call require() for Node built-ins.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  return Object.fromEntries(modules.map((module) => [module, join(outdir, module)]));
}
