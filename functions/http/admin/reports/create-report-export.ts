import { randomUUID } from 'node:crypto';
import { createReportExportSchema, exportFileName, type ReportExport } from '../../../../shared/admin-reports.ts';
import { auditWrite } from '../../../lib/db/audit.ts';
import { putReportExportWrite } from '../../../lib/db/report-exports.ts';
import { transact } from '../../../lib/db/transactions.ts';
import { reportFor } from '../../../lib/reports/report-request.ts';
import { httpRoute } from '../../../lib/http/signed-in-route.ts';

/**
 * POST /api/admin/reports/exports (manager) `{kind, report, period, start_date, end_date}`: computes
 * the report here (the server's figures, never the browser's), records who exported what and when
 * with the figures as exported, and answers the record: the portal builds the file from its
 * snapshot, and Download rebuilds the same file from the same snapshot later.
 */
export const handler = httpRoute('create-report-export', { body: createReportExportSchema }, async ({ body, principal }) => {
  const now = new Date();
  const snapshot = await reportFor(body.report, body, now);
  const record: ReportExport = {
    id: randomUUID(),
    created_at: now.toISOString(),
    kind: body.kind,
    report: body.report,
    period: snapshot.period,
    start_date: snapshot.current.range.start,
    end_date: snapshot.current.range.end,
    file_name: exportFileName(body.report, snapshot.current.range, body.kind),
    by: { id: principal.userId, name: principal.name, email: principal.email },
    snapshot,
  };
  const { snapshot: _figures, ...summary } = record;
  await transact([
    putReportExportWrite(record),
    auditWrite({
      actor: principal,
      action: 'report.export',
      subject: { entity: 'report-export', id: record.id, label: record.file_name },
      after: summary,
      at: record.created_at,
    }),
  ]);
  return { statusCode: 201, data: record };
});
