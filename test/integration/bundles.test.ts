import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { handlerModule, httpRoutes, isImplemented, jobs, wsRoutes, type HttpRoute } from '../../functions/routes.ts';
import { lambdaUnusedModules } from '../../infra/bundle-functions.ts';
import { loadSampleEvent } from '../../infra/local/sample-events.ts';
import { startTestStack } from '../support/local-stack.ts';

/** Strings only the token check carries: ours (functions/lib/auth.ts) and jose's signature check. */
const TOKEN_CHECK = 'Unsupported critical header';
const JOSE_VERIFY = 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED';

let bundles: Record<string, string>;
beforeAll(async () => {
  // Built once for the run, before any test file starts (test/support/function-bundles-global-setup.ts); read only here.
  bundles = inject('functionBundles').bundles;
  // The table and sample data the events expect; the server itself is not needed here.
  const stack = await startTestStack();
  await stack.close();
  // Bundling every function takes a minute or more when the other suites share the cores.
}, 300_000);

/** All of a bundle's code: index.mjs and its chunks (static and lazy: infra/bundle-functions.ts splits HTTP functions). */
function bundleCode(module: string): string {
  const dir = bundles[module] ?? '';
  const chunks = existsSync(join(dir, 'chunks')) ? readdirSync(join(dir, 'chunks')).filter((file) => file.endsWith('.mjs')) : [];
  return [readFileSync(join(dir, 'index.mjs'), 'utf8'), ...chunks.map((file) => readFileSync(join(dir, 'chunks', file), 'utf8'))].join('\n');
}

/** What a cold start loads: index.mjs and the chunks it imports statically, through each other (lazy `import()` chunks left out). */
function eagerCode(module: string): string {
  const seen = new Set<string>();
  const visit = (file: string): string[] => {
    if (seen.has(file)) return [];
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    const imported = [...code.matchAll(/from\s*"(\.\.?\/[^"]+\.mjs)"/g)].map((match) => join(dirname(file), match[1] ?? ''));
    return [code, ...imported.flatMap(visit)];
  };
  return visit(join(bundles[module] ?? '', 'index.mjs')).join('\n');
}

/** Runs a bundle the way Lambda does: a fresh Node process, ESM import, handler(event), env credentials. */
function invokeBundle(module: string, event: unknown): { statusCode?: number; body?: string } {
  const file = pathToFileURL(join(bundles[module] ?? '', 'index.mjs')).href;
  const script = `const { handler } = await import(${JSON.stringify(file)}); const result = await handler(JSON.parse(process.env.EVENT), { awsRequestId: 'bundle-test', getRemainingTimeInMillis: () => 10000 }); process.stdout.write(JSON.stringify(result ?? {}));`;
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, EVENT: JSON.stringify(event) },
    encoding: 'utf8',
    timeout: 30_000,
  });
  if (run.status !== 0) throw new Error(`${module} failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as { statusCode?: number; body?: string };
}

describe('deployed bundles', () => {
  it('exist for every route, WebSocket route and job, and leave out the credential providers Lambda never uses', () => {
    const modules = [...httpRoutes.map(handlerModule), ...wsRoutes.map((route) => route.handler), ...jobs.map((job) => job.handler)];
    for (const module of modules) {
      const code = readFileSync(join(bundles[module] ?? '', 'index.mjs'), 'utf8');
      expect(code.length, module).toBeGreaterThan(1000);
      for (const unused of lambdaUnusedModules)
        expect(code.includes(`from"${unused}"`) || code.includes(`from "${unused}"`), `${module} statically imports ${unused}`).toBe(false);
    }
  });

  // get-openapi: the bundled docs/openapi.json, answered as it is.
  it.each(['get-health', 'list-cottages', 'check-availability', 'create-booking', 'get-openapi'])(
    '%s: the bundle answers its sample event against the table',
    async (name) => {
      const route = httpRoutes.find((candidate) => candidate.name === name);
      if (!route) throw new Error(name);
      const event = await loadSampleEvent(join(import.meta.dirname, '..', '..', 'events', `${name}.json`));
      const result = invokeBundle(handlerModule(route), event);
      expect(result.statusCode, result.body).toBeGreaterThanOrEqual(200);
      expect(result.statusCode).toBeLessThan(300);
      if (name === 'get-openapi') expect(JSON.parse(result.body ?? '{}')).toMatchObject({ openapi: expect.stringMatching(/^3\.1\./) });
      // The sample booking is the signed-in sample guest's: the token check, a chunk loaded on first use, ran and knew them.
      if (name === 'create-booking') expect((JSON.parse(result.body ?? '{}') as { data: { booking: { user_id?: string } } }).data.booking.user_id).toBeTruthy();
    },
  );

  it('no request function carries the SES or API Gateway Management client: only the stream consumer sends mail and frames', () => {
    const carries = (module: string, operation: string) => bundleCode(module).includes(`"${operation}"`);
    for (const module of new Set(httpRoutes.map(handlerModule))) {
      expect(carries(module, 'SendEmail'), `${module} carries SES`).toBe(false);
      expect(carries(module, 'PostToConnection'), `${module} carries the management API`).toBe(false);
    }
    expect(carries('streams/table-events', 'SendEmail')).toBe(true);
    expect(carries('streams/table-events', 'PostToConnection')).toBe(true);
  });

  it("public routes that sign nothing carry no token code (the JWT check, the signing secret's request)", () => {
    const open = httpRoutes.filter((route: HttpRoute) => route.auth === 'public' && !route.usesSigningKey && isImplemented(route));
    expect(open.length).toBeGreaterThan(10);
    for (const route of open) {
      const code = bundleCode(handlerModule(route));
      // At cold start only the payment functions (the provider's secrets) and the manage-link ones (the link key) read a secret;
      // every function reads the origin-verify secret on AWS, from a chunk loaded at its first request (functions/lib/http/origin-verify.ts).
      const readsSecret = ((route as HttpRoute).usesPaymentSecrets ?? false) || ((route as HttpRoute).usesManageLinkKey ?? false);
      expect(eagerCode(handlerModule(route)).includes('secretsmanager.GetSecretValue'), `${route.name} reads a secret at cold start`).toBe(readsSecret);
      expect(code.includes('secretsmanager.GetSecretValue'), `${route.name} can read the origin-verify secret`).toBe(true);
      expect(code.includes(TOKEN_CHECK), `${route.name} carries the JWT check`).toBe(false);
      expect(code.includes(JOSE_VERIFY), `${route.name} carries jose's verifier`).toBe(false);
    }
  });

  it('signed-in routes check tokens with jose, without the Secrets Manager client, and no bundle carries the route table', () => {
    const signedIn = httpRoutes.filter((route: HttpRoute) => route.auth !== 'public' && isImplemented(route));
    expect(signedIn.length).toBeGreaterThan(3);
    for (const route of signedIn) {
      const code = bundleCode(handlerModule(route));
      expect(code.includes(TOKEN_CHECK), `${route.name} checks tokens`).toBe(true);
      expect(code.includes(JOSE_VERIFY), `${route.name} verifies with jose`).toBe(true);
      expect(code.includes('"GetSecretValue"'), `${route.name} carries the Secrets Manager client`).toBe(false);
    }
    for (const module of new Set(httpRoutes.map(handlerModule))) {
      const code = bundleCode(module);
      expect(code.includes('path:"/api/'), `${module} carries the route table`).toBe(false);
    }
  });

  it("a bundle enforces its route's auth level from the inlined map: 401 without a token, 403 for a route it does not know", async () => {
    const profile = httpRoutes.find((route) => route.name === 'get-profile');
    if (!profile) throw new Error('get-profile');
    const event = await loadSampleEvent(join(import.meta.dirname, '..', '..', 'events', 'get-profile.json'));
    const { authorization: _, ...headers } = (event as { headers?: Record<string, string> }).headers ?? {};
    expect(invokeBundle(handlerModule(profile), { ...(event as object), headers }).statusCode).toBe(401);
    expect(invokeBundle(handlerModule(profile), { ...(event as object), routeKey: 'GET /api/not-a-route' }).statusCode).toBe(403);
  });

  it('logs an unexpected error with the TypeScript frames, the formatter loaded only then from its chunk', async () => {
    const event = await loadSampleEvent(join(import.meta.dirname, '..', '..', 'events', 'create-booking.json'));
    const file = pathToFileURL(join(bundles['http/bookings/create-booking'] ?? '', 'index.mjs')).href;
    // The body cannot be read: an error no handler expects, thrown inside the bundle's own code.
    const script = `const { handler } = await import(${JSON.stringify(file)}); const event = { ...JSON.parse(process.env.EVENT), get body() { throw new TypeError('unreadable body'); } }; const result = await handler(event, { awsRequestId: 'bundle-test' }); process.stdout.write(JSON.stringify(result));`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, EVENT: JSON.stringify(event), NODE_OPTIONS: '' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect((JSON.parse(run.stdout) as { statusCode: number }).statusCode).toBe(500);
    const logged = JSON.parse(run.stderr.split('\n').find((line) => line.includes('Unhandled error')) ?? '{}') as { error?: { stack?: string } };
    expect(logged.error?.stack).toContain('unreadable body');
    expect(logged.error?.stack).toMatch(/functions\/lib\/http\/[\w-]+\.ts:\d+:\d+/);
    expect(logged.error?.stack).not.toMatch(/\.mjs:\d+/);
  });

  it('the stream consumer bundle runs', () => {
    expect(invokeBundle('streams/table-events', { Records: [] })).toEqual({ batchItemFailures: [] });
  });

  it('the sweeper bundle runs', () => {
    expect(invokeBundle('jobs/release-expired-holds', { source: 'aws.events' })).toMatchObject({ failed: 0 });
  });
});
