import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportTable, type Report, type ReportExport } from '@shared/admin-reports';
import { resortToday } from '@shared/stay';
import { saveAdminSession } from '@/lib/admin-session';
import ReportsPage from '@/features/admin/reports/reports-page';
import { reportPdf } from '@/features/admin/reports/report-files';
import { buildReport } from '../../functions/lib/reports/figures.ts';
import { liveToken, ok, stubFetch } from './support/app-harness';

const report: Report = buildReport({
  report: 'revenue',
  period: 'week',
  range: { start: '2026-11-16', end: '2026-11-22', days: 7 },
  previous: { start: '2026-11-09', end: '2026-11-15', days: 7 },
  days: new Map<string, Record<string, number>>([
    ['2026-11-16', { roomNights: 2, 'roomNights#glass-cottage': 2, roomRevenue: 36000, bookings: 2, bookingValue: 91000, 'package#forest-retreat': 2 }],
    ['2026-11-18', { roomNights: 1, 'roomNights#hornbill-villa': 1, roomRevenue: 15000, 'safariSeats#jeep': 3, cancellations: 1, refunds: 5000, bookings: 1 }],
    ['2026-11-10', { roomNights: 1, 'roomNights#glass-cottage': 1, roomRevenue: 18000 }],
  ]),
  inventory: {
    units: [
      { id: 'glass-1', type: 'glass-cottage', name: 'Glass Cottage' },
      { id: 'hornbill-1', type: 'hornbill-villa', name: 'Hornbill Villa' },
    ],
    safaris: [{ id: 'jeep', name: 'Morning Jeep Safari', seats_per_slot: 12, time_slots: ['06:00-09:00'] }],
    packageNames: { 'forest-retreat': 'Forest Retreat' },
  },
  generatedAt: '2026-11-22T10:00:00.000Z',
});

const exportRecord = (kind: 'csv' | 'pdf'): ReportExport => ({
  id: `export-${kind}`,
  created_at: '2026-11-22T10:01:00.000Z',
  kind,
  report: 'revenue',
  period: 'week',
  start_date: '2026-11-16',
  end_date: '2026-11-22',
  file_name: `revenue-report_2026-11-16_2026-11-22.${kind}`,
  by: { id: 'admin-1', name: 'Resort Admin', email: 'admin@forest-resort.local' },
  snapshot: report,
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ReportsPage />
    </QueryClientProvider>,
  );
}

/** What the screen shows of each section: heading, column names, rows (the CSV must say exactly this). */
function sectionsOnScreen(): string[][] {
  const rows: string[][] = [];
  for (const table of document.querySelectorAll<HTMLTableElement>('table[data-report-section]')) {
    rows.push([], [table.caption?.textContent ?? '']);
    rows.push([...table.querySelectorAll('thead th')].map((cell) => cell.textContent ?? ''));
    for (const row of table.querySelectorAll('tbody tr:not([data-empty])')) rows.push([...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''));
  }
  return rows;
}

let files: Blob[] = [];

beforeEach(() => {
  saveAdminSession(liveToken(), { id: 'admin-1', name: 'Resort Admin', email: 'admin@forest-resort.local', role: 'admin' });
  files = [];
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (files.push(blob), 'blob:report'), revokeObjectURL: () => undefined }));
  HTMLAnchorElement.prototype.click = () => undefined;
});

describe('Reports & Analytics', () => {
  it('offers four report cards, a report-type select and the periods; Custom Range defaults to the first of the month to today', async () => {
    stubFetch([{ method: 'GET', path: /\/api\/admin\/reports\/exports$/, answer: () => ok({ items: [] }) }]);
    renderPage();
    expect(screen.getByRole('heading', { name: 'Reports & Analytics' })).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(4);
    expect(within(screen.getByLabelText('Report type')).getAllByRole('option')).toHaveLength(4);
    const period = screen.getByLabelText('Period');
    expect(
      within(period)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Last Week', 'Last Month', 'Last Quarter', 'Last Year', 'Custom Range']);
    await userEvent.selectOptions(period, 'custom');
    const today = resortToday();
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe(`${today.slice(0, 8)}01`);
    expect((screen.getByLabelText('End date') as HTMLInputElement).value).toBe(today);
    expect(screen.getByRole('button', { name: 'Generate Report' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Export PDF' })).toBeNull();
  });

  it('generates the report with periods labelled, and the CSV export is exactly the figures on screen', async () => {
    const sent = stubFetch([
      { method: 'GET', path: /\/api\/admin\/reports\/revenue$/, answer: () => ok(report) },
      { method: 'GET', path: /\/api\/admin\/reports\/exports$/, answer: () => ok({ items: [] }) },
      { method: 'POST', path: /\/api\/admin\/reports\/exports$/, answer: () => ({ status: 201, body: { success: true, data: exportRecord('csv') } }) },
    ]);
    renderPage();
    await userEvent.selectOptions(screen.getByLabelText('Period'), 'week');
    await userEvent.click(screen.getByRole('button', { name: 'Generate Report' }));
    expect(await screen.findByText('Room revenue', { selector: '.stat-card__label' })).toBeTruthy();
    expect(sent.some((request) => request.path === '/api/admin/reports/revenue?period=week')).toBe(true);
    expect(screen.getByText(/Last Week: 2026-11-16 to 2026-11-22 \(7 days\)/)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Previous period: 2026-11-09 to 2026-11-15' })).toBeTruthy();
    expect(screen.getAllByText('₹51,000').length).toBeGreaterThan(0);

    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(files).toHaveLength(1));
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ kind: 'csv', report: 'revenue', period: 'week' });
    const text = (await files[0]!.text()).replace(/^\uFEFF/, '');
    const parsed = Papa.parse<string[]>(text).data;
    expect(parsed.slice(0, 2)).toEqual([['Revenue Report'], [reportTable(report).subtitle]]);
    // Papaparse reads an empty line as one empty cell.
    expect(parsed.slice(2).map((row) => (row.length === 1 && row[0] === '' ? [] : row))).toEqual(sectionsOnScreen());
  });

  it('lists past exports, and Download rebuilds the file from the stored snapshot', async () => {
    stubFetch([{ method: 'GET', path: /\/api\/admin\/reports\/exports$/, answer: () => ok({ items: [exportRecord('csv')] }) }]);
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Download revenue-report_2026-11-16_2026-11-22.csv' }));
    await waitFor(() => expect(files).toHaveLength(1));
    const rows = Papa.parse<string[]>((await files[0]!.text()).replace(/^\uFEFF/, '')).data;
    expect(rows).toContainEqual(['Room revenue', '₹51,000', '₹18,000', '+183.3%']);
  });

  it('the PDF is a real PDF whose text holds the figures', async () => {
    const bytes = await reportPdf(reportTable(report));
    const header = new TextDecoder().decode(new Uint8Array(bytes).slice(0, 5));
    expect(header).toBe('%PDF-');
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    const pdf = await pdfjs.getDocument({
      data: new Uint8Array(bytes),
      useSystemFonts: false,
      isEvalSupported: false,
      standardFontDataUrl: `${process.cwd()}/node_modules/pdfjs-dist/standard_fonts/`,
    }).promise;
    let text = '';
    for (let page = 1; page <= pdf.numPages; page += 1) {
      const content = await (await pdf.getPage(page)).getTextContent();
      text += content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
    }
    expect(text).toContain('Revenue Report');
    expect(text).toContain('Room revenue');
    expect(text).toContain('Rs 51,000');
    expect(text).toContain('+183.3%');
    expect(text).toContain('Occupancy');
    expect(text).toContain('Forest Retreat');
  }, 30_000);
});
