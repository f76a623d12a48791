import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchGetCommand, DynamoDBDocumentClient, QueryCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DEFAULT_ADMIN, LOCAL_TABLE_NAME } from '../../../infra/local/environment.ts';
import { addDaysIso, resortToday } from '../../../shared/stay.ts';
import { channelCalendar, startIcsServer } from '../../support/ics-server.ts';
import { median, root, round } from './common.ts';
import { ensureWebBuild, startStack } from './stack.ts';

/*
 * `npm run bench -- --inventory` (issue 17): on a fresh `npm start`,
 * - a channel calendar of 365 stays synced into a unit: its time, and what a repeat writes (with the
 *   channel's ETag, a 304; without one, the same events compared): night items before and after;
 * - the export of a unit with a year of bookings: its time, against the floor of the same Query;
 * - the inventory calendar's month (GET /api/admin/inventory, 31 nights): its time against the floor
 *   of the same DynamoDB reads issued straight from the SDK.
 */
const RUNS = Number(process.env.BENCH_INVENTORY_RUNS ?? 15);

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const value = await work();
  return { ms: performance.now() - started, value };
};

export async function inventoryOnly(): Promise<void> {
  await ensureWebBuild();
  const stack = await startStack();
  const feeds = await startIcsServer();
  const ddb = DynamoDBDocumentClient.from(
    new DynamoDBClient({ endpoint: stack.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  try {
    const login = (await (
      await fetch(`${stack.base}/api/auth/admin-login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEFAULT_ADMIN.email, password: DEFAULT_ADMIN.password }),
      })
    ).json()) as { data?: { token: string } };
    const authorization = `Bearer ${login.data?.token ?? ''}`;
    const api = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${stack.base}/api${path}`, {
        method,
        headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 300)}`);
      return text.startsWith('{') ? (JSON.parse(text) as { data: any }).data : text;
    };
    const nightItems = async () => {
      const items: Array<Record<string, unknown>> = [];
      let ExclusiveStartKey: Record<string, unknown> | undefined;
      do {
        const page = await ddb.send(
          new ScanCommand({
            TableName: LOCAL_TABLE_NAME,
            FilterExpression: 'entity = :night',
            ExpressionAttributeValues: { ':night': 'night' },
            ExclusiveStartKey,
          }),
        );
        items.push(...(page.Items ?? []));
        ExclusiveStartKey = page.LastEvaluatedKey;
      } while (ExclusiveStartKey);
      return JSON.stringify(items.sort((a, b) => `${String(a.pk)}${String(a.sk)}`.localeCompare(`${String(b.pk)}${String(b.sk)}`)));
    };
    const today = resortToday();

    // 1. A channel calendar of 365 one-night stays for the next year, on kingfisher-1.
    const stays = Array.from({ length: 365 }, (_, index) => ({
      uid: `bench-${index}@channel.example`,
      start: addDaysIso(today, index),
      end: addDaysIso(today, index + 1),
    }));
    feeds.serve('/year.ics', { body: channelCalendar(stays), etag: '"year-1"' });
    feeds.serve('/year-no-etag.ics', { body: channelCalendar(stays) });
    const invoke = async (channelId: string) => {
      const response = await fetch(`${stack.base}/2015-03-31/functions/sync-channels/invocations`, { method: 'POST', body: JSON.stringify({ channelId }) });
      return (await response.json()) as { ok: boolean; result?: Record<string, unknown> };
    };
    const withEtag = await api('POST', '/admin/channels', { cottageId: 'kingfisher-1', name: 'Bench channel', url: feeds.url('/year.ics') });
    const first = await timed(() => api('POST', `/admin/channels/${withEtag.id as string}/sync`));
    const before = await nightItems();
    const repeat304 = await timed(() => invoke(withEtag.id as string));
    const after304 = await nightItems();
    // The same calendar from a channel that sends no ETag: the events are compared.
    await api('DELETE', `/admin/channels/${withEtag.id as string}`);
    const withoutEtag = await api('POST', '/admin/channels', { cottageId: 'kingfisher-1', name: 'Bench channel 2', url: feeds.url('/year-no-etag.ics') });
    const firstAgain = await timed(() => invoke(withoutEtag.id as string));
    const beforeCompare = await nightItems();
    const repeatCompare = await timed(() => invoke(withoutEtag.id as string));
    const afterCompare = await nightItems();

    // 2. A year of bookings on hornbill-1 (two nights every three days), and its feed.
    for (let day = 1; day < 360; day += 3) {
      await fetch(`${stack.base}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': crypto.randomUUID() },
        body: JSON.stringify({
          cottageType: 'hornbill-villa',
          checkIn: addDaysIso(today, day),
          checkOut: addDaysIso(today, day + 2),
          adults: 2,
          children: 0,
          packageId: 'forest-retreat',
          selectedSafaris: [],
          guestDetails: { prefix: 'Ms', firstName: 'Bench', lastName: 'Guest', email: 'bench@example.in', phone: '98765 43210', countryCode: '+91' },
          paymentMethod: 'offline',
          acceptTerms: true,
        }),
      });
    }
    const { units } = (await api('GET', '/admin/channels')) as { units: Array<{ cottageId: string; exportUrl: string }> };
    const feedUrl = new URL(units.find((unit) => unit.cottageId === 'hornbill-1')?.exportUrl ?? '');
    const exportRuns: number[] = [];
    const exportFloor: number[] = [];
    let exportEvents = 0;
    for (let run = 0; run < RUNS; run += 1) {
      const fetched = await timed(async () => (await fetch(`${stack.base}${feedUrl.pathname}${feedUrl.search}`)).text());
      exportRuns.push(fetched.ms);
      exportEvents = fetched.value.split('BEGIN:VEVENT').length - 1;
      exportFloor.push(
        (
          await timed(() =>
            ddb.send(
              new QueryCommand({
                TableName: LOCAL_TABLE_NAME,
                KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
                ExpressionAttributeValues: {
                  ':pk': 'COTTAGE#hornbill-1',
                  ':from': `NIGHT#${addDaysIso(today, -30)}`,
                  ':to': `NIGHT#${addDaysIso(today, 395)}`,
                },
                ConsistentRead: true,
              }),
            ),
          )
        ).ms,
      );
    }

    // 3. The inventory calendar's month, and the same reads straight from the SDK.
    const to = addDaysIso(today, 31);
    const chartRuns: number[] = [];
    const chartFloor: number[] = [];
    const unitIds = ['glass-1', 'hornbill-1', 'kingfisher-1'];
    for (let run = 0; run < RUNS; run += 1) {
      chartRuns.push((await timed(() => api('GET', `/admin/inventory?from=${today}&to=${to}`))).ms);
      chartFloor.push(
        (
          await timed(async () => {
            const [nights] = await Promise.all([
              Promise.all(
                unitIds.map((unit) =>
                  ddb.send(
                    new QueryCommand({
                      TableName: LOCAL_TABLE_NAME,
                      KeyConditionExpression: 'pk = :pk AND sk BETWEEN :from AND :to',
                      ExpressionAttributeValues: { ':pk': `COTTAGE#${unit}`, ':from': `NIGHT#${addDaysIso(today, -1)}`, ':to': `NIGHT#${to}` },
                      ConsistentRead: true,
                    }),
                  ),
                ),
              ),
              ddb.send(
                new QueryCommand({
                  TableName: LOCAL_TABLE_NAME,
                  IndexName: 'gsi1',
                  KeyConditionExpression: 'gsi1pk = :pk',
                  ExpressionAttributeValues: { ':pk': 'COTTAGES' },
                }),
              ),
              ddb.send(
                new QueryCommand({
                  TableName: LOCAL_TABLE_NAME,
                  IndexName: 'gsi1',
                  KeyConditionExpression: 'gsi1pk = :pk',
                  ExpressionAttributeValues: { ':pk': 'BLOCKS' },
                }),
              ),
              ddb.send(
                new QueryCommand({
                  TableName: LOCAL_TABLE_NAME,
                  IndexName: 'gsi1',
                  KeyConditionExpression: 'gsi1pk = :pk',
                  ExpressionAttributeValues: { ':pk': 'CHANNELS' },
                }),
              ),
            ]);
            const bookingIds = [
              ...new Set(nights.flatMap((page) => (page.Items ?? []).flatMap((item) => (typeof item.booking_id === 'string' ? [item.booking_id] : [])))),
            ];
            for (let start = 0; start < bookingIds.length; start += 100)
              await ddb.send(
                new BatchGetCommand({
                  RequestItems: { [LOCAL_TABLE_NAME]: { Keys: bookingIds.slice(start, start + 100).map((id) => ({ pk: `BOOKING#${id}`, sk: 'BOOKING' })) } },
                }),
              );
          })
        ).ms,
      );
    }

    const report = {
      runs: RUNS,
      channelSync: {
        stays: stays.length,
        firstSyncMs: round(first.ms),
        firstSync: first.value,
        repeatWithEtag: { ms: round(repeat304.ms), result: repeat304.value.result, nightItemsChanged: before !== after304 },
        repeatWithoutEtag: {
          firstMs: round(firstAgain.ms),
          ms: round(repeatCompare.ms),
          result: repeatCompare.value.result,
          nightItemsChanged: beforeCompare !== afterCompare,
        },
      },
      export: {
        events: exportEvents,
        medianMs: round(median(exportRuns)),
        floorMs: round(median(exportFloor)),
        ratio: round(median(exportRuns) / median(exportFloor), 2),
      },
      inventoryMonth: {
        nights: 31,
        medianMs: round(median(chartRuns)),
        floorMs: round(median(chartFloor)),
        ratio: round(median(chartRuns) / median(chartFloor), 2),
      },
    };
    console.log('Inventory (issue 17), on a fresh npm start:');
    console.log(`  channel sync, 365 stays: first ${report.channelSync.firstSyncMs} ms (${JSON.stringify(first.value)})`);
    console.log(
      `  repeat with the ETag: ${report.channelSync.repeatWithEtag.ms} ms, night items changed: ${String(report.channelSync.repeatWithEtag.nightItemsChanged)} (${JSON.stringify(repeat304.value.result)})`,
    );
    console.log(
      `  repeat without an ETag: ${report.channelSync.repeatWithoutEtag.ms} ms, night items changed: ${String(report.channelSync.repeatWithoutEtag.nightItemsChanged)} (${JSON.stringify(repeatCompare.value.result)})`,
    );
    console.log(
      `  export of a unit with a year of bookings (${exportEvents} events): ${report.export.medianMs} ms, floor ${report.export.floorMs} ms, ${report.export.ratio}x`,
    );
    console.log(
      `  inventory calendar, a month: ${report.inventoryMonth.medianMs} ms, floor ${report.inventoryMonth.floorMs} ms, ${report.inventoryMonth.ratio}x`,
    );
    const file = join(root, 'test-results', 'bench-inventory.json');
    writeFileSync(file, JSON.stringify(report, null, 2));
    console.log(`All figures: ${relative(root, file)}`);
  } finally {
    ddb.destroy();
    await feeds.close();
    await stack.stop();
  }
}
