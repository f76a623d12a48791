import type { z } from 'zod/mini';
import {
  reportExportPageSchema,
  reportExportSchema,
  reportSchema,
  type CreateReportExport,
  type Report,
  type ReportExport,
  type ReportKind,
  type ReportPeriod,
} from '@shared/admin-reports';
import { adminRequest } from '../api/admin-request';

export type ReportParams = { report: ReportKind; period: ReportPeriod; start_date?: string | undefined; end_date?: string | undefined };

export const reportKeys = {
  report: (params: ReportParams) => ['admin', 'report', params] as const,
  exports: ['admin', 'report-exports'] as const,
};

const query = (params: ReportParams) => {
  const search = new URLSearchParams({ period: params.period });
  if (params.period === 'custom') {
    if (params.start_date) search.set('start_date', params.start_date);
    if (params.end_date) search.set('end_date', params.end_date);
  }
  return search.toString();
};

export const fetchReport = (params: ReportParams): Promise<Report> => adminRequest(`/admin/reports/${params.report}?${query(params)}`, reportSchema);

export const recordExport = (body: CreateReportExport): Promise<ReportExport> =>
  adminRequest('/admin/reports/exports', reportExportSchema, { method: 'POST', body });

export const listExports = (cursor?: string): Promise<z.infer<typeof reportExportPageSchema>> =>
  adminRequest(`/admin/reports/exports?limit=10${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, reportExportPageSchema);
