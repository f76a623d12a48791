import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startDynamoDbLocal, assertJava } from './dynamodb-local.ts';
import { ensureTable } from './ensure-table.ts';
import { functionEnvironment, LOCAL_STAGE, LOCAL_TABLE_NAME, localJwtSecret, readLocalSettings } from './environment.ts';
import { buildWeb, webBuildIsStale, webRoot } from './web-build.ts';

/** `npm start` (and `npm run dev` with --dev): the whole stack on one port, on DynamoDB Local. */
async function main(): Promise<void> {
  const dev = process.argv.includes('--dev');
  const settings = readLocalSettings(process.env);
  assertJava();

  if (!dev && webBuildIsStale()) {
    console.log('Building the web app...');
    await buildWeb();
  }

  const database = await startDynamoDbLocal({ dbPath: join(settings.dataDir, 'dynamodb') });
  const runtimeFile = join(settings.dataDir, 'dynamodb-local.json');
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    rmSync(runtimeFile, { force: true });
    await database.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  try {
    writeFileSync(runtimeFile, JSON.stringify({ endpoint: database.endpoint, pid: process.pid }));
    const created = await ensureTable(database.endpoint, LOCAL_TABLE_NAME);
    Object.assign(
      process.env,
      functionEnvironment({ tableName: LOCAL_TABLE_NAME, dynamodbEndpoint: database.endpoint, port: settings.port, jwtSecret: localJwtSecret(settings.dataDir), outboxDir: join(settings.dataDir, 'outbox') }),
    );
    // Imported only now: function modules read their environment when first loaded.
    const { seedSampleData } = await import('./seed.ts');
    const { ensureAdmin } = await import('../../functions/lib/accounts.ts');
    const seeded = await seedSampleData();
    const admin = await ensureAdmin(settings.admin);
    const { startLocalServer } = await import('./server.ts');
    const server = await startLocalServer({ port: settings.port, host: settings.host, stage: LOCAL_STAGE, paymentMode: 'test', webRoot, dev, runJobs: true }).catch(
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'EADDRINUSE') throw new Error(`Port ${settings.port} is already in use: stop the other server or run with PORT=${settings.port + 1}`);
        throw error;
      },
    );
    process.on('SIGINT', () => void server.close());

    console.log(
      [
        '',
        `  Forest resort booking is running${dev ? ' (dev mode, hot reload)' : ''}: ${server.url}`,
        `  Admin portal:  ${server.url}/admin/login`,
        `  Admin sign-in: ${settings.admin.email} / ${settings.admin.password}${settings.admin.fromEnvironment ? '' : '  (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)'}`,
        `  Data:          ${settings.dataDir}/ (${created || seeded ? 'new, sample data seeded' : 'reused from the last start'}${admin === 'unchanged' ? '' : `, admin ${admin}`})`,
        `  DynamoDB Local: ${database.endpoint}   E-mail: ${join(settings.dataDir, 'outbox')}/ (local outbox)`,
        '  Ctrl-C stops everything.',
        '',
      ].join('\n'),
    );
  } catch (error) {
    console.error(`\n  Could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    await stop(1);
  }
}

main().catch((error: unknown) => {
  console.error(`\n  Could not start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
