// One linter for the whole repository (docs/architecture.md#12-code-habits): TypeScript,
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

/**
 * The data layer owns the table: outside functions/lib/db/ (and the tests) no server code writes a
 * DynamoDB expression, spells a key attribute or a partition prefix, or imports a per-type key
 * module (infra/route-classes.ts reads the key design through functions/lib/db/keys.ts).
 */
const tableExpressions = 'UpdateExpression|KeyConditionExpression|ConditionExpression|FilterExpression|ProjectionExpression';
const keyAttributes = 'pk|sk|gsi1pk|gsi1sk|gsi2pk|gsi2sk';
// A named import from zod/mini brings all of zod (its locales, the JSON Schema code) into a Lambda's bundle.
const zodAsNamespace = {
  selector: "ImportDeclaration[source.value='zod/mini'] > ImportSpecifier",
  message: "Import zod/mini as a namespace (import * as z from 'zod/mini'): a named import bundles all of zod.",
};
const dataLayerOwnsTable = {
  // The web never reaches the table (and keeps its own import rules).
  files: ['functions/**/*.ts', 'infra/**/*.ts', 'shared/**/*.ts'],
  ignores: ['functions/lib/db/**'],
  rules: {
    'no-restricted-syntax': [
      'error',
      zodAsNamespace,
      ...[`Property[key.name=/^(${tableExpressions})$/]`, `Property[key.value=/^(${tableExpressions})$/]`].map((selector) => ({
        selector,
        message: "Expressions belong to the item type's module in functions/lib/db/: call a named function there.",
      })),
      ...[`Property[key.name=/^(${keyAttributes})$/]`, `Property[key.value=/^(${keyAttributes})$/]`].map((selector) => ({
        selector,
        message: 'Keys are built in functions/lib/db/ (keys/<type>.ts), not beside a write elsewhere.',
      })),
      ...['TemplateElement[value.raw=/^[A-Z][A-Z_]*#/]', 'Literal[value=/^[A-Z][A-Z_]*#/]'].map((selector) => ({
        selector,
        message: 'A partition or sort-key prefix is spelled only in functions/lib/db/keys/.',
      })),
    ],
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: ['**/db/keys/*'], message: "Key modules are the data layer's own: use the item type's module in functions/lib/db/." }] },
    ],
  },
};

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
  dataLayerOwnsTable,
  { files: ['functions/lib/db/**/*.ts'], rules: { 'no-restricted-syntax': ['error', zodAsNamespace] } },
  {
    // Tests may use `any` for envelopes they assert on field by field.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
