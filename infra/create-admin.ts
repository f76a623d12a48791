import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const usage = `Usage: npm run create-admin -- --stage <name> --email <address> [--name "<full name>"] [--region <region>]
       npm run create-admin -- --table <table> --endpoint <url> --email <address>    (DynamoDB Local)
The password is read from ADMIN_PASSWORD, or asked for without echo. Run again to reset it.`;

/** Reads a CloudFormation stack output, with a message that says what to do when it is not there. */
export async function stackOutput(client: CloudFormationClient, stackName: string, key: string): Promise<string> {
  let stacks;
  try {
    ({ Stacks: stacks } = await client.send(new DescribeStacksCommand({ StackName: stackName })));
  } catch (error) {
    if (error instanceof Error && /does not exist/.test(error.message))
      throw new Error(`Stack ${stackName} is not deployed in this account and region: deploy it first (npm run deploy -- -c stage=...)`, { cause: error });
    throw error;
  }
  const value = stacks?.[0]?.Outputs?.find((output) => output.OutputKey === key)?.OutputValue;
  if (!value) throw new Error(`Stack ${stackName} has no ${key} output: redeploy it with this version`);
  return value;
}

function askHidden(question: string): Promise<string> {
  if (!process.stdin.isTTY) return Promise.reject(new Error('No terminal to ask for the password: set ADMIN_PASSWORD'));
  const readline = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = readline as unknown as { _writeToOutput: (text: string) => void };
  process.stdout.write(question);
  output._writeToOutput = () => undefined;
  return new Promise((resolve) =>
    readline.question('', (answer) => {
      readline.close();
      process.stdout.write('\n');
      resolve(answer);
    }),
  );
}

/**
 * `npm run create-admin`: creates (or resets) a portal admin in a deployed stage's table, using
 * your AWS credentials, so no admin password ever sits in a template, a bundle or a seed.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      email: { type: 'string' },
      name: { type: 'string' },
      region: { type: 'string' },
      table: { type: 'string' },
      endpoint: { type: 'string' },
    },
  });
  if (!values.email || (!values.stage && !values.table)) {
    console.error(usage);
    process.exit(2);
  }
  const password = process.env.ADMIN_PASSWORD ?? (await askHidden(`Password for ${values.email}: `));
  const minimum = values.endpoint ? 8 : 12;
  if (password.length < minimum) throw new Error(`The password must be at least ${minimum} characters`);

  const region = values.region ?? process.env.AWS_REGION ?? process.env.AWS_DEFAULT_REGION;
  const tableName = values.table ?? (await stackOutput(new CloudFormationClient(region ? { region } : {}), `ForestResort-${values.stage}`, 'TableName'));
  Object.assign(process.env, {
    TABLE_NAME: tableName,
    STAGE: values.stage ?? 'local',
    ...(region ? { AWS_REGION: region } : {}),
    ...(values.endpoint ? { DYNAMODB_ENDPOINT: values.endpoint } : {}),
  });
  // Loaded only now: the data modules read TABLE_NAME when first imported.
  const { ensureAdmin } = await import('../functions/lib/accounts.ts');
  const result = await ensureAdmin({ email: values.email, password, name: values.name ?? 'Resort Admin' });
  console.log(`Admin ${values.email} ${result} in ${tableName}.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
