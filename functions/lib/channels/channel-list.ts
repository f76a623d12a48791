import type { UnitChannels } from '../../../shared/channels.ts';
import type { Principal } from '../auth.ts';
import { auditWrite } from '../db/audit.ts';
import { feedVersion, feedVersions, rotateFeedWrite } from '../db/calendar-feeds.ts';
import { cottages } from '../db/catalogue.ts';
import { transact, TransactionRefused } from '../db/transactions.ts';
import { ConflictError, NotFoundError } from '../domain-errors.ts';
import { importsByUnit } from './channel-admin.ts';
import { feedToken } from './feed-token.ts';

/**
 * The feed's address: absolute on the site (SITE_URL: locally, and on AWS the site's domain or its
 * CloudFront address), which is what a channel's "import calendar" field wants.
 */
function exportUrl(unitId: string, token: string): string {
  const path = `/api/ical/${unitId}.ics?token=${token}`;
  const site = process.env.SITE_URL?.trim();
  return site && URL.canParse(site) ? new URL(path, site).href : path;
}

/** Every unit (retired ones too: a channel may still list them), by kind of stay and name. */
export async function listUnitChannels(): Promise<UnitChannels[]> {
  const units = (await cottages.list()).sort((a, b) => a.type.localeCompare(b.type) || a.name.localeCompare(b.name, 'en', { numeric: true }));
  const [versions, imports] = await Promise.all([feedVersions(units.map((unit) => unit.id)), importsByUnit()]);
  return Promise.all(
    units.map(async (unit) => ({
      cottageId: unit.id,
      cottageName: unit.name,
      cottageType: unit.type,
      status: unit.status,
      exportUrl: exportUrl(unit.id, await feedToken(unit.id, versions.get(unit.id) ?? 1)),
      imports: imports.get(unit.id) ?? [],
    })),
  );
}

/** A new export token for a unit: the old feed URL answers 404 from now on. Audited. */
export async function rotateExportToken(unitId: string, principal: Principal): Promise<{ cottageId: string; exportUrl: string }> {
  const [unit, version] = await Promise.all([cottages.get(unitId), feedVersion(unitId)]);
  if (!unit) throw new NotFoundError('Cottage not found');
  try {
    await transact([
      rotateFeedWrite(unitId, version),
      auditWrite({
        actor: principal,
        action: 'calendar-feed.rotate',
        subject: { entity: 'cottage', id: unitId, label: unit.name },
        note: 'New calendar feed address',
      }),
    ]);
  } catch (error) {
    if (error instanceof TransactionRefused) throw new ConflictError('The feed address was changed a moment ago: reload to see it');
    throw error;
  }
  return { cottageId: unitId, exportUrl: exportUrl(unitId, await feedToken(unitId, version + 1)) };
}
