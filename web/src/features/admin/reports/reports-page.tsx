import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import {
  changeText,
  periodLabels,
  rangeText,
  reportPeriods,
  reportTable,
  resolveReportRange,
  type ExportKind,
  type Report,
  type ReportExport,
  type ReportKind,
  type ReportPeriod,
} from '@shared/admin-reports';
import { formatCount, formatInr } from '@shared/money';
import { resortToday } from '@shared/stay';
import { addNotification } from '@/lib/notification-store';
import { DataTable } from '../components/data-table';
import { StatCard } from '../components/stat-card';
import { BreakdownChart, OccupancyChart, RevenueChart } from './report-charts';
import { reportCsv, reportPdf, saveFile } from './report-files';
import { fetchReport, listExports, recordExport, reportKeys, type ReportParams } from './reports-api';
import './reports.css';

type View = 'revenue' | 'occupancy' | 'safaris' | 'packages';

/** The four report cards: each view reads one of the two reports (revenue or occupancy) and leads with its own figures. */
const views: ReadonlyArray<{ id: View; title: string; description: string; report: ReportKind }> = [
  { id: 'revenue', title: 'Revenue Report', description: 'Room revenue, booking value, ADR and RevPAR', report: 'revenue' },
  { id: 'occupancy', title: 'Occupancy Report', description: 'Room nights sold of available, by villa type', report: 'occupancy' },
  { id: 'safaris', title: 'Safari Report', description: 'Safari seats sold of seats offered', report: 'occupancy' },
  { id: 'packages', title: 'Package Report', description: 'Package take-up: share of bookings', report: 'revenue' },
];

/** The default custom range (docs/product.md#reports-tab): the first of the current month to today (the resort's). */
const defaultRange = () => {
  const today = resortToday();
  return { start: `${today.slice(0, 8)}01`, end: today };
};

type Card = { label: string; value: string; hint: string };

function headline(report: Report, view: View): Card[] {
  const { current: now, previous: before } = report;
  const money = (label: string, key: 'roomRevenue' | 'bookingValue' | 'adr' | 'revpar' | 'refunds'): Card => ({
    label,
    value: formatInr(now[key]),
    hint: `${changeText(now[key], before[key], 'money')} vs previous (${formatInr(before[key])})`,
  });
  const pct = (label: string, key: 'occupancyPct' | 'safariSeatUsePct'): Card => ({
    label,
    value: `${now[key].toFixed(1)}%`,
    hint: `${changeText(now[key], before[key], 'percent')} vs previous (${before[key].toFixed(1)}%)`,
  });
  const count = (label: string, key: 'bookings' | 'cancellations' | 'roomNightsSold' | 'safariSeatsSold', unit = ''): Card => ({
    label,
    value: unit ? `${formatCount(now[key])} ${unit}${now[key] === 1 ? '' : 's'}` : formatCount(now[key]),
    hint: `${changeText(now[key], before[key], 'count')} vs previous (${formatCount(before[key])})`,
  });
  if (view === 'revenue')
    return [money('Room revenue', 'roomRevenue'), money('ADR (per room night)', 'adr'), money('RevPAR', 'revpar'), money('Booking value', 'bookingValue')];
  if (view === 'occupancy')
    return [
      pct('Occupancy', 'occupancyPct'),
      count('Room nights sold', 'roomNightsSold', 'night'),
      money('ADR (per room night)', 'adr'),
      money('RevPAR', 'revpar'),
    ];
  if (view === 'safaris')
    return [
      pct('Safari seat use', 'safariSeatUsePct'),
      count('Safari seats sold', 'safariSeatsSold', 'seat'),
      { label: 'Seats offered', value: formatCount(now.safariSeatsOffered), hint: 'Seats per slot × slots × days' },
      pct('Occupancy', 'occupancyPct'),
    ];
  const top = now.packages[0];
  return [
    count('Bookings made', 'bookings'),
    money('Booking value', 'bookingValue'),
    {
      label: 'Top package',
      value: top ? `${top.sharePct.toFixed(1)}%` : '-',
      hint: top ? `${top.name}: ${formatCount(top.bookings)} bookings` : 'No bookings in the period',
    },
    count('Cancellations', 'cancellations'),
  ];
}

/** The figures as tables: the same rows the CSV and PDF contain (shared/admin-reports.ts reportTable). */
function FigureTables({ report }: { report: Report }) {
  const table = reportTable(report);
  return (
    <div className="report-tables">
      {table.sections.map((section) => (
        <div className="admin-panel" key={section.heading}>
          <div className="data-table">
            <table data-report-section={section.heading}>
              <caption>{section.heading}</caption>
              <thead>
                <tr>
                  {section.columns.map((column, index) => (
                    <th key={column} scope="col" className={index > 0 ? 'numeric' : undefined}>
                      {column}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {section.rows.length === 0 ? (
                  <tr data-empty>
                    <td colSpan={section.columns.length} className="data-table__empty">
                      None in this period
                    </td>
                  </tr>
                ) : (
                  section.rows.map((row) => (
                    <tr key={row.join('|')}>
                      {row.map((cell, index) => (
                        <td key={`${index}-${cell}`} className={index > 0 ? 'numeric' : undefined} data-label={section.columns[index]}>
                          {cell}
                        </td>
                      ))}
                    </tr>
                  ))
                )}
              </tbody>
            </table>
          </div>
        </div>
      ))}
    </div>
  );
}

async function buildFile(kind: ExportKind, report: Report, name: string) {
  const table = reportTable(report);
  if (kind === 'csv') saveFile(reportCsv(table), 'text/csv;charset=utf-8', name);
  else saveFile(await reportPdf(table), 'application/pdf', name);
}

/** The Reports & Analytics tab: pick a report and a period, generate it, read it, chart it, export it. */
export default function ReportsPage() {
  const client = useQueryClient();
  const id = useId();
  const [view, setView] = useState<View>('revenue');
  const [period, setPeriod] = useState<ReportPeriod>('month');
  const [range, setRange] = useState(defaultRange);
  const [params, setParams] = useState<ReportParams>();
  const [rangeErrors, setRangeErrors] = useState<Record<string, string[]>>({});
  const [exported, setExported] = useState<Report>();
  const reportKind = views.find((candidate) => candidate.id === view)?.report ?? 'revenue';

  const report = useQuery({
    queryKey: params ? reportKeys.report(params) : ['admin', 'report', 'none'],
    queryFn: () => fetchReport(params!),
    enabled: params !== undefined,
  });
  const shown = exported ?? report.data;

  const exportsList = useInfiniteQuery({
    queryKey: reportKeys.exports,
    queryFn: ({ pageParam }) => listExports(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.cursor,
  });

  const generate = () => {
    const checked = resolveReportRange(
      period === 'custom' ? { period, start_date: range.start || undefined, end_date: range.end || undefined } : { period },
      resortToday(),
    );
    if (!checked.ok) {
      setRangeErrors(checked.problems);
      return;
    }
    setRangeErrors({});
    setExported(undefined);
    const next: ReportParams = { report: reportKind, period, ...(period === 'custom' ? { start_date: range.start, end_date: range.end } : {}) };
    if (params && JSON.stringify(params) === JSON.stringify(next)) void report.refetch();
    else setParams(next);
  };

  // The server computes and stores the figures it exports; the file is built from what it stored, and the screen shows the same.
  const exportFile = useMutation({
    mutationFn: async (kind: ExportKind) => {
      if (!params || !shown) throw new Error('Generate a report first');
      const record = await recordExport({
        kind,
        report: shown.report,
        period: shown.period,
        ...(shown.period === 'custom' ? { start_date: shown.current.range.start, end_date: shown.current.range.end } : {}),
      });
      setExported(record.snapshot);
      await buildFile(kind, record.snapshot, record.file_name);
      return record;
    },
    onSuccess: (record) => {
      addNotification({
        type: 'success',
        title: `${record.kind.toUpperCase()} exported`,
        message: `${record.file_name} is downloading and is listed under Past reports.`,
      });
      void client.invalidateQueries({ queryKey: reportKeys.exports });
    },
    onError: (error) => addNotification({ type: 'error', title: 'Export failed', message: error.message }),
  });

  const download = async (record: ReportExport) => {
    try {
      await buildFile(record.kind, record.snapshot, record.file_name);
    } catch (error) {
      addNotification({ type: 'error', title: 'Download failed', message: error instanceof Error ? error.message : String(error) });
    }
  };

  const pastReports = exportsList.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section aria-labelledby="tab-title" className="admin__tab reports">
      <h2 id="tab-title">Reports &amp; Analytics</h2>

      <div className="report-cards" role="radiogroup" aria-label="Report">
        {views.map((candidate) => (
          <button
            key={candidate.id}
            type="button"
            role="radio"
            aria-checked={view === candidate.id}
            className={`report-card${view === candidate.id ? ' report-card--selected' : ''}`}
            onClick={() => setView(candidate.id)}
          >
            <strong>{candidate.title}</strong>
            <span>{candidate.description}</span>
          </button>
        ))}
      </div>

      <form
        className="admin-panel report-controls"
        onSubmit={(event) => {
          event.preventDefault();
          generate();
        }}
        noValidate
      >
        <label>
          Report type
          <select value={view} onChange={(event) => setView(event.target.value as View)}>
            {views.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.title}
              </option>
            ))}
          </select>
        </label>
        <label>
          Period
          <select value={period} onChange={(event) => setPeriod(event.target.value as ReportPeriod)}>
            {reportPeriods.map((value) => (
              <option key={value} value={value}>
                {periodLabels[value]}
              </option>
            ))}
          </select>
        </label>
        {period === 'custom' ? (
          <>
            <label>
              Start date
              <input
                type="date"
                value={range.start}
                onChange={(event) => setRange((current) => ({ ...current, start: event.target.value }))}
                aria-invalid={rangeErrors.start_date ? true : undefined}
                aria-describedby={rangeErrors.start_date ? `${id}-start-error` : undefined}
              />
              {rangeErrors.start_date ? (
                <span id={`${id}-start-error`} className="field-error">
                  {rangeErrors.start_date.join(' ')}
                </span>
              ) : null}
            </label>
            <label>
              End date
              <input
                type="date"
                value={range.end}
                onChange={(event) => setRange((current) => ({ ...current, end: event.target.value }))}
                aria-invalid={rangeErrors.end_date ? true : undefined}
                aria-describedby={rangeErrors.end_date ? `${id}-end-error` : undefined}
              />
              {rangeErrors.end_date ? (
                <span id={`${id}-end-error`} className="field-error">
                  {rangeErrors.end_date.join(' ')}
                </span>
              ) : null}
            </label>
          </>
        ) : null}
        <div className="report-controls__actions">
          <button type="submit" className="button button--primary" disabled={report.isFetching} aria-busy={report.isFetching}>
            {report.isFetching ? 'Generating...' : 'Generate Report'}
          </button>
          {shown ? (
            <>
              <button type="button" className="button button--secondary" onClick={() => exportFile.mutate('pdf')} disabled={exportFile.isPending}>
                Export PDF
              </button>
              <button type="button" className="button button--secondary" onClick={() => exportFile.mutate('csv')} disabled={exportFile.isPending}>
                Export CSV
              </button>
            </>
          ) : null}
        </div>
      </form>

      {report.isError ? (
        <p role="alert" className="form-banner">
          The report could not be generated: {report.error.message}
        </p>
      ) : null}

      {shown ? (
        <div className="report" aria-live="polite">
          <p className="report__period">
            <strong>{views.find((candidate) => candidate.id === view)?.title}</strong> · {periodLabels[shown.period]}: {rangeText(shown.current.range)} ·
            compared with the previous {shown.previous.range.days} days ({shown.previous.range.start} to {shown.previous.range.end})
          </p>
          <div className="stat-cards">
            {headline(shown, view).map((card) => (
              <StatCard key={card.label} label={card.label} value={card.value} hint={card.hint} />
            ))}
          </div>
          <div className="report-charts">
            {reportKind === 'revenue' ? <RevenueChart report={shown} /> : <OccupancyChart report={shown} />}
            <BreakdownChart report={shown} view={view} />
          </div>
          <FigureTables report={shown} />
        </div>
      ) : (
        <p className="muted">Choose a report and a period, then Generate Report. Figures come from the daily totals kept as bookings change.</p>
      )}

      <div className="admin-panel">
        <DataTable<ReportExport>
          caption="Past reports"
          rows={pastReports}
          rowKey={(record) => record.id}
          empty={exportsList.isPending ? 'Loading past reports...' : 'No exports yet. Exported reports are listed here.'}
          columns={[
            {
              id: 'when',
              header: 'Exported',
              cell: (record) => new Date(record.created_at).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' }),
            },
            { id: 'report', header: 'Report', cell: (record) => (record.report === 'revenue' ? 'Revenue' : 'Occupancy') },
            { id: 'period', header: 'Period', cell: (record) => `${periodLabels[record.period]}: ${record.start_date} to ${record.end_date}` },
            { id: 'by', header: 'By', cell: (record) => record.by.name },
            { id: 'format', header: 'Format', cell: (record) => record.kind.toUpperCase() },
            {
              id: 'download',
              header: 'Actions',
              cell: (record) => (
                <button type="button" className="button button--secondary" onClick={() => void download(record)} aria-label={`Download ${record.file_name}`}>
                  Download
                </button>
              ),
            },
          ]}
        />
        {exportsList.hasNextPage ? (
          <div className="pager">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void exportsList.fetchNextPage()}
              disabled={exportsList.isFetchingNextPage}
            >
              Show older
            </button>
          </div>
        ) : null}
      </div>
    </section>
  );
}
