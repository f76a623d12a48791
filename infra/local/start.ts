import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startDynamoDbLocal, assertJava, describeExit, stopLeftoverDynamoDbLocal, type DynamoDbLocal } from './dynamodb-local.ts';
import { ensureTable } from './ensure-table.ts';
import { DEFAULT_ADMIN, functionEnvironment, LOCAL_STAGE, LOCAL_TABLE_NAME, localJwtSecret, readLocalSettings } from './environment.ts';
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

  const dbPath = join(settings.dataDir, 'dynamodb');
  const runtimeFile = join(settings.dataDir, 'dynamodb-local.json');
  // A start killed outright left its DynamoDB Local running on these files: stop it first.
  const leftover = await stopLeftoverDynamoDbLocal(runtimeFile, dbPath);
  if (leftover) console.log(`  Stopped the DynamoDB Local (pid ${leftover}) that an earlier npm start, killed or crashed, left running on ${dbPath}/`);
  let database = await startDynamoDbLocal({ dbPath });
  const writeRuntimeFile = () => writeFileSync(runtimeFile, JSON.stringify({ endpoint: database.endpoint, pid: process.pid, dynamodbPid: database.pid }));
  let stopping = false;
  let server: { close: (options?: { drain?: boolean }) => Promise<void> } | undefined;
  let restarting: Promise<unknown> | undefined;
  /** `databaseGone`: DynamoDB Local is dead, so there is no stream left to catch up with. */
  const stopDatabase = async () => {
    rmSync(runtimeFile, { force: true });
    await restarting; // a DynamoDB Local being restarted is stopped too, not left behind
    await database.stop();
  };
  const stop = async (code: number, databaseGone = false) => {
    if (stopping) {
      // A second Ctrl-C: stop now, but never leave DynamoDB Local behind.
      console.error('\n  Stopping now (the stream consumer may not have caught up).');
      await stopDatabase();
      process.exit(code || 130);
    }
    stopping = true;
    // Graceful: stop accepting, finish the requests under way and the stream's side effects (e-mail),
    // within 30 s; what the consumer has not done by then it does at the next start (its checkpoint).
    const graceful = server?.close({ drain: !databaseGone }).catch((error: unknown) => console.error('Stopping the server failed:', error));
    await Promise.race([graceful, new Promise((resolve) => setTimeout(resolve, 30_000).unref())]);
    rmSync(runtimeFile, { force: true });
    await restarting; // a DynamoDB Local being restarted is stopped too, not left behind
    await database.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  // DynamoDB Local dying (killed, out of memory) is restarted once on the same port and data, so
  // the functions' endpoint stays valid; a second death stops everything with a non-zero code.
  let restarts = 0;
  const watch = (current: DynamoDbLocal) => {
    void current.exited.then((exit) => {
      if (stopping || exit.requested) return;
      if (restarts >= 1) {
        console.error(`\n  DynamoDB Local stopped unexpectedly again (${describeExit(exit)}); stopping.\n`);
        return void stop(1, true);
      }
      restarts += 1;
      console.error(`\n  DynamoDB Local stopped unexpectedly (${describeExit(exit)}); restarting it once on ${current.endpoint} with the data in ${dbPath}/`);
      restarting = startDynamoDbLocal({ dbPath, port: current.port }).then(
        (restarted) => {
          database = restarted;
          watch(restarted);
          if (stopping) return;
          writeRuntimeFile();
          console.error(`  DynamoDB Local restarted: ${restarted.endpoint}\n`);
        },
        (error: unknown) => {
          console.error(`  DynamoDB Local could not be restarted (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); stopping.\n`);
          void stop(1, true);
        },
      );
    });
  };
  watch(database);

  try {
    writeRuntimeFile();
    const created = await ensureTable(database.endpoint, LOCAL_TABLE_NAME);
    Object.assign(
      process.env,
      functionEnvironment({
        tableName: LOCAL_TABLE_NAME,
        dynamodbEndpoint: database.endpoint,
        port: settings.port,
        jwtSecret: localJwtSecret(settings.dataDir),
        outboxDir: join(settings.dataDir, 'outbox'),
      }),
    );
    // Imported only now: function modules read their environment when first loaded.
    const { seedSampleData } = await import('./seed.ts');
    const { ensureAdmin } = await import('../../functions/lib/accounts.ts');
    const seeded = await seedSampleData();
    const admin = await ensureAdmin(settings.admin);
    const { startLocalServer } = await import('./server.ts');
    const running = await startLocalServer({
      port: settings.port,
      host: settings.host,
      stage: LOCAL_STAGE,
      paymentMode: 'test',
      webRoot,
      dev,
      runJobs: true,
      streamConsumer: { checkpointFile: join(settings.dataDir, 'stream-checkpoint.json'), failureFile: join(settings.dataDir, 'stream-failures.jsonl') },
      outboxDir: join(settings.dataDir, 'outbox'),
      mediaDir: join(settings.dataDir, 'media'),
    }).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') throw new Error(`Port ${settings.port} is already in use: stop the other server or run with PORT=${settings.port + 1}`);
      throw error;
    });
    server = running;

    console.log(
      [
        '',
        `  Forest resort booking is running${dev ? ' (dev mode, hot reload)' : ''}: ${running.url}`,
        `  Admin portal:  ${running.url}/admin/login`,
        // The password is printed only when it is the documented default, never one from the environment.
        `  Admin sign-in: ${settings.admin.email} / ${settings.admin.password === DEFAULT_ADMIN.password ? settings.admin.password : '(from ADMIN_PASSWORD)'}${settings.admin.fromEnvironment ? '' : '  (set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own)'}`,
        `  Data:          ${settings.dataDir}/ (${created || seeded ? 'new, sample data seeded' : 'reused from the last start'}${admin === 'unchanged' ? '' : `, admin ${admin}`})`,
        `  DynamoDB Local: ${database.endpoint}   E-mail: ${running.url}/_dev/mail (from ${join(settings.dataDir, 'outbox')}/)`,
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
