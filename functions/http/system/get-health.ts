import { pingTable } from '../../lib/db/health.ts';
import { config } from '../../lib/config.ts';
import { serviceUnavailable } from '../../lib/http/errors.ts';
import { publicRoute } from '../../lib/http/handler.ts';
import type { Health } from '../../../shared/api.ts';

export const handler = publicRoute<'get-health', Health>('get-health', {}, async () => {
  const table = await pingTable();
  if (!table.reachable) throw serviceUnavailable('The booking database is not reachable right now. Please try again shortly.');
  return { status: 'ok', stage: config.STAGE, table, time: new Date().toISOString() };
});
