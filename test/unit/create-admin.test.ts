import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { stackOutput } from '../../infra/create-admin.ts';

const cloudFormation = mockClient(CloudFormationClient);
beforeEach(() => cloudFormation.reset());

describe('create-admin finds the stage table', () => {
  it('reads the TableName output of ForestResort-<stage>', async () => {
    cloudFormation.on(DescribeStacksCommand, { StackName: 'ForestResort-prod' }).resolves({
      Stacks: [
        {
          StackName: 'ForestResort-prod',
          CreationTime: new Date(),
          StackStatus: 'UPDATE_COMPLETE',
          Outputs: [{ OutputKey: 'TableName', OutputValue: 'ForestResort-prod-DataTable-1' }],
        },
      ],
    });
    expect(await stackOutput(new CloudFormationClient({ region: 'ap-south-1' }), 'ForestResort-prod', 'TableName')).toBe('ForestResort-prod-DataTable-1');
  });

  it('says to deploy first when the stack does not exist', async () => {
    cloudFormation.on(DescribeStacksCommand).rejects(Object.assign(new Error('Stack with id ForestResort-qa does not exist'), { name: 'ValidationError' }));
    await expect(stackOutput(new CloudFormationClient({ region: 'ap-south-1' }), 'ForestResort-qa', 'TableName')).rejects.toThrow(
      /^Stack ForestResort-qa is not deployed in this account and region: deploy it first/,
    );
  });

  it('says to redeploy when the output is missing', async () => {
    cloudFormation
      .on(DescribeStacksCommand)
      .resolves({ Stacks: [{ StackName: 'ForestResort-old', CreationTime: new Date(), StackStatus: 'CREATE_COMPLETE', Outputs: [] }] });
    await expect(stackOutput(new CloudFormationClient({ region: 'ap-south-1' }), 'ForestResort-old', 'TableName')).rejects.toThrow(
      'Stack ForestResort-old has no TableName output: redeploy it with this version',
    );
  });
});
