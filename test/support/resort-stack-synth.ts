import { readFileSync } from 'node:fs';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, inject } from 'vitest';
import { httpRoutes, jobs, secretRotations, streamConsumers, wsRoutes, type TablePartition } from '../../functions/routes.ts';
import { partitionKeyPatterns } from '../../infra/route-classes.ts';

/**
 * The stack under test for test/infra/resort-stack-*.test.ts: the dev and prod stages, synthesized
 * once per run by the infra global setup (function-bundles-global-setup.ts) and loaded in each test
 * file by `synthesizeResortStacks()` (a `beforeAll`), and the helpers that read them.
 * The bindings below are live: read them inside tests and hooks, not at module load.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    /** Module -> bundle folder, built once for the infra suite by function-bundles-global-setup.ts. */
    resortStackBundles: Record<string, string>;
  }
}

export type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string; UpdateReplacePolicy?: string };
export type Statement = { Action: string | string[]; Resource: unknown; Condition?: Record<string, Record<string, string[]>> };

export let dev: Template;
export let prod: Template;
export let devResources: Record<string, Resource>;
export let prodResources: Record<string, Resource>;
export let assemblyDir: string;
export let bundles: Record<string, string>;

export const CACHING_DISABLED = '4135ea2d-6df8-44a3-9df3-4b5a84be39ad';
export const CACHING_OPTIMIZED = '658327ea-f89d-4fab-a63d-7e88639e58f6';
export const ALL_VIEWER_EXCEPT_HOST = 'b689b0a8-53d0-40ab-baf2-68738e2966ac';

/** Synthesizes the dev and prod stacks before the file's tests, from the bundles the suite built once (function-bundles-global-setup.ts). */
export function synthesizeResortStacks(): void {
  beforeAll(() => {
    bundles = inject('resortStackBundles');
    const templates = inject('resortStackTemplates');
    dev = Template.fromJSON(JSON.parse(readFileSync(templates.dev, 'utf8')));
    assemblyDir = templates.assemblyDir;
    prod = Template.fromJSON(JSON.parse(readFileSync(templates.prod, 'utf8')));
    devResources = dev.toJSON().Resources as Record<string, Resource>;
    prodResources = prod.toJSON().Resources as Record<string, Resource>;
  });
}

export const ofType = (type: string, resources = devResources) => Object.entries(resources).filter(([, resource]) => resource.Type === type);
export const logicalIdOf = (value: unknown): string => {
  const ref = value as { Ref?: string; 'Fn::GetAtt'?: [string, string] };
  return ref.Ref ?? ref['Fn::GetAtt']?.[0] ?? '';
};

/** Function name -> the IAM statements of the role it runs as. */
export function statementsByFunction(resources = devResources): Map<string, Statement[]> {
  const byRole = new Map<string, Statement[]>();
  for (const [, policy] of ofType('AWS::IAM::Policy', resources)) {
    const statements = (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
    for (const role of policy.Properties.Roles as unknown[]) byRole.set(logicalIdOf(role), [...(byRole.get(logicalIdOf(role)) ?? []), ...statements]);
  }
  const result = new Map<string, Statement[]>();
  for (const [, fn] of ofType('AWS::Lambda::Function', resources)) {
    if (typeof fn.Properties.FunctionName !== 'string') continue;
    result.set(fn.Properties.FunctionName, byRole.get(logicalIdOf(fn.Properties.Role)) ?? []);
  }
  return result;
}
export const actionsOf = (statements: Array<{ Action: string | string[] }>) => statements.flatMap((statement) => [statement.Action].flat());
export const tableStatementsOf = (statements: Statement[]) =>
  statements.filter((statement) => actionsOf([statement]).some((action) => action.startsWith('dynamodb:')));
/** The LeadingKeys patterns a statement is scoped to (undefined: the whole table). */
export const leadingKeysOf = (statement: Statement) => statement.Condition?.['ForAllValues:StringLike']?.['dynamodb:LeadingKeys'];
export const patternsOf = (partitions: readonly TablePartition[]) => [...new Set(partitions.flatMap((partition) => partitionKeyPatterns[partition]))];
export const allFunctionNames = () => [...httpRoutes, ...wsRoutes, ...jobs, ...streamConsumers, ...secretRotations].map((entry) => entry.name);
