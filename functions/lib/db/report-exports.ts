import type { ReportExport } from '../../../shared/admin-reports.ts';
import { tableName } from './client.ts';
import * as reportExportKeys from './keys/report-export.ts';
import { queryPage, withoutStorageAttributes } from './query.ts';

/** The Put of an export record (what was exported, by whom, and the figures as exported), for the export's transaction with its audit entry. */
export function putReportExportWrite(record: ReportExport) {
  return {
    Put: {
      TableName: tableName,
      Item: { ...reportExportKeys.item(record.created_at, record.id), entity: 'report-export', ...record },
      ConditionExpression: 'attribute_not_exists(pk)',
    },
  };
}

/** One page of the exports, newest first. */
export async function listReportExportsPage(limit: number, cursor?: string): Promise<{ items: ReportExport[]; cursor?: string }> {
  const page = await queryPage({ index: 'table', partition: reportExportKeys.partition, limit, cursor });
  return { items: page.items.map((item) => withoutStorageAttributes(item) as ReportExport), ...(page.cursor ? { cursor: page.cursor } : {}) };
}
