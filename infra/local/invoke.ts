import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { httpRoutes, handlerModule, wsRoutes } from '../../functions/routes.ts';
import { startDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.ts';
import { ensureTable } from './ensure-table.ts';
import { functionEnvironment, LOCAL_TABLE_NAME, localJwtSecret, readLocalSettings } from './environment.ts';
import { lambdaContext, loadHandler } from './handlers.ts';

/**
 * `npm run invoke -- <route-name> [events/<file>.json]`: runs one handler with a sample event
 * against the local table, like `sam local invoke`. Uses the DynamoDB Local of a running
 * `npm start` when there is one, else starts one on the same data folder for the call.
 */
async function main(): Promise<void> {
  const [name, eventPath] = process.argv.slice(2);
  const routes = [
    ...httpRoutes.map((route) => ({ name: route.name, module: handlerModule(route) })),
    ...wsRoutes.map((route) => ({ name: route.name, module: route.handler })),
  ];
  const route = routes.find((candidate) => candidate.name === name);
  if (!route) {
    console.error(`Usage: npm run invoke -- <route-name> [events/<file>.json]\nRoutes: ${routes.map((candidate) => candidate.name).join(', ')}`);
    process.exit(2);
  }
  const file = resolve(eventPath ?? join('events', `${route.name}.json`));
  if (!existsSync(file)) {
    console.error(`No event file ${file}: pass one as the second argument.`);
    process.exit(2);
  }

  const settings = readLocalSettings(process.env);
  const runtimeFile = join(settings.dataDir, 'dynamodb-local.json');
  let endpoint: string | undefined;
  let own: DynamoDbLocal | undefined;
  if (existsSync(runtimeFile)) {
    const running = JSON.parse(readFileSync(runtimeFile, 'utf8')) as { endpoint: string };
    endpoint = await fetch(running.endpoint).then(
      () => running.endpoint,
      () => undefined,
    );
  }
  if (!endpoint) {
    own = await startDynamoDbLocal({ dbPath: join(settings.dataDir, 'dynamodb') });
    endpoint = own.endpoint;
  }
  try {
    await ensureTable(endpoint, LOCAL_TABLE_NAME);
    Object.assign(
      process.env,
      functionEnvironment({
        tableName: LOCAL_TABLE_NAME,
        dynamodbEndpoint: endpoint,
        port: settings.port,
        jwtSecret: localJwtSecret(settings.dataDir),
        outboxDir: join(settings.dataDir, 'outbox'),
      }),
    );
    const { seedSampleData } = await import('./seed.ts');
    await seedSampleData();
    const { loadSampleEvent } = await import('./sample-events.ts');
    const event = await loadSampleEvent(file);
    const handler = await loadHandler(route.module);
    const started = performance.now();
    const result = (await handler(event, lambdaContext(route.name))) as { statusCode?: number; body?: string } | undefined;
    const elapsed = (performance.now() - started).toFixed(1);
    let body: unknown = result?.body;
    try {
      body = typeof result?.body === 'string' ? JSON.parse(result.body) : result?.body;
    } catch {
      // Not JSON: print as it came.
    }
    console.log(JSON.stringify({ ...result, body }, null, 2));
    console.error(`${route.name} answered ${result?.statusCode ?? 200} in ${elapsed} ms`);
  } finally {
    await own?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
