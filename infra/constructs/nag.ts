import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * Acknowledging cdk-nag findings (cdk-nag 3 reads CDK's own `Validations.of(scope).acknowledge`
 * metadata, on the resource or any construct above it). Every acknowledgement carries its reason
 * next to the resource it is about; test/infra/nag.test.ts runs the AwsSolutions and Serverless
 * packs on dev and prod and fails on any finding that is not acknowledged.
 */
export function acknowledge(scope: IConstruct, ruleId: string, reason: string): void {
  Validations.of(scope).acknowledge({ id: ruleId, reason });
}

/** cdk-nag's spelling of a CloudFormation value in a finding id: `<LogicalId.Attr>`, `<AWS::Region>`, joins flattened. */
function flatten(value: unknown): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return value.replace(/\$\{/g, '<').replace(/\}/g, '>');
  const node = value as Record<string, unknown>;
  if (node['Fn::Join']) {
    const [delimiter, items] = node['Fn::Join'] as [string, unknown[]];
    return items.map(flatten).join(delimiter);
  }
  if (node['Fn::Sub']) return flatten(node['Fn::Sub']);
  if (node['Fn::GetAtt']) {
    const [resource, attribute] = node['Fn::GetAtt'] as [unknown, unknown];
    return `<${flatten(resource)}.${flatten(attribute)}>`;
  }
  if (node['Fn::ImportValue']) return flatten(node['Fn::ImportValue']);
  if (node.Ref) return `<${flatten(node.Ref)}>`;
  return JSON.stringify(node);
}

/**
 * Acknowledges one wildcard resource of an IAM policy below `scope` (AwsSolutions-IAM5 reports each
 * wildcard resource as its own finding), and the Serverless pack's StarPermissions on the same role.
 */
export function acknowledgeWildcard(scope: IConstruct, resource: string, reason: string): void {
  const finding = flatten(Stack.of(scope).resolve(resource));
  acknowledge(scope, `AwsSolutions-IAM5[Resource::${finding}]`, reason);
}

/** Why functions that API Gateway invokes need no DLQ or async failure destination. */
export function acknowledgeSynchronous(fn: IConstruct): void {
  const reason =
    'Invoked synchronously by API Gateway: the caller gets the error (a 5xx, alarmed on its rate, or a failed WebSocket frame), so there is no asynchronous event to keep in a DLQ or failure destination.';
  acknowledge(fn, 'Serverless-LambdaDLQ', reason);
  acknowledge(fn, 'Serverless-LambdaAsyncFailureDestination', reason);
}
