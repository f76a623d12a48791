// One linter for the whole repository (docs/architecture.md, section 12 "Code habits"): TypeScript,
// React hooks, and the web's feature boundaries (shared -> lib/config -> features -> app; no imports
// between features).
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** Each feature may import shared code, lib and config, and itself; never another feature or the app. */
const featureBoundaries = features.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: ['@/app/*', '**/app/*'], message: 'Features do not import the app: the app composes features.' },
          ...features
            .filter((other) => other !== feature)
            .map((other) => ({
              group: [`@/features/${other}/*`, `**/features/${other}/*`, `../../${other}/*`, `../${other}/*`],
              message: `Features do not import each other: move what ${feature} and ${other} share to web/src/lib or shared/.`,
            })),
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', '.build/', 'cdk.out/', '.data/', 'test-results/', 'infra/edge/viewer-request.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/config/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/*', '@/app/*', '**/features/*', '**/app/*'], message: 'lib and config are below features and the app.' }] },
      ],
    },
  },
  ...featureBoundaries,
  {
    // Tests may use `any` for envelopes they assert on field by field.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
