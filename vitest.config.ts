import { defineConfig } from 'vitest/config';
import { aliases } from './vite.config.ts';

/**
 * The suites: unit (pure, no AWS), integration (real handlers over real HTTP and WebSocket against
 * DynamoDB Local), infra (CDK assertions on the synthesized stack), web (the build), web-components
 * (React in jsdom) and e2e (Chromium).
 */
// The SDK's notice that its 2027 releases need Node 22 is for people, not for every test worker.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';

const unitEnv = {
  TABLE_NAME: 'unit-test-table',
  STAGE: 'test',
  AWS_REGION: 'us-east-1',
  JWT_SECRET: 'unit-test-secret-that-is-long-enough-for-hs256',
  PAYMENT_WEBHOOK_SECRET: 'unit-test-webhook-secret-0123456789',
  MANAGE_LINK_KEY: 'unit-test-manage-link-key-0123456789abcdef',
  SITE_URL: 'http://localhost:3000',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
};

export default defineConfig({
  test: {
    reporters: ['default', './test/support/summary-reporter.ts'],
    // Two files at a time even on a two-core machine (Vitest's default there is one): most of a file's
    // time is spent waiting on DynamoDB Local, Chromium or a local server, which run in processes of their own.
    maxWorkers: 2,
    projects: [
      // The aliases too: the guest message catalogues (web/src/i18n/source) import the API's English from @shared.
      {
        resolve: { alias: aliases },
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.ts'],
          env: unitEnv,
          setupFiles: ['test/support/own-tmpdir.ts'],
          // The fast-check properties run hundreds of cases; on a loaded machine one can pass 5 s.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/support/dynamodb-global-setup.ts', 'test/support/web-build-global-setup.ts', 'test/support/function-bundles-global-setup.ts'],
          setupFiles: ['test/support/own-tmpdir.ts', 'test/support/function-environment.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'infra',
          include: ['test/infra/**/*.test.ts'],
          globalSetup: ['test/support/web-build-global-setup.ts', 'test/support/function-bundles-global-setup.ts'],
          setupFiles: ['test/support/own-tmpdir.ts'],
          env: unitEnv,
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
      { resolve: { alias: aliases }, test: { name: 'web', include: ['test/web/**/*.test.ts'], globalSetup: ['test/support/web-build-global-setup.ts'] } },
      {
        // Component tests: React in jsdom with Testing Library, the API answered by a stubbed fetch.
        resolve: { alias: aliases },
        test: {
          name: 'web-components',
          include: ['test/web/**/*.test.tsx'],
          environment: 'jsdom',
          // One process and jsdom per worker, not per file; the setup file resets them per file.
          isolate: false,
          setupFiles: ['test/web/support/component-setup.ts'],
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['test/e2e/**/*.test.ts'],
          globalSetup: ['test/support/dynamodb-global-setup.ts', 'test/support/web-build-global-setup.ts'],
          setupFiles: ['test/support/own-tmpdir.ts', 'test/support/function-environment.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
