import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { reportCsv } from '../../web/src/features/admin/reports/report-files.ts';

/** The CSV as a spreadsheet reads it back: rows of cells. */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data;

describe('report CSV export', () => {
  it('never writes a cell a spreadsheet would run as a formula: names staff typed are prefixed with an apostrophe', () => {
    // Prepare: safari and package names as a hostile manager could type them.
    const hostile = [
      '=HYPERLINK("https://evil.example","Click")',
      "=cmd|' /C calc'!A0",
      '+1+1',
      '-2+3',
      '@SUM(A1:A9)',
      '\tTab safari',
      '\rCR safari',
      '=1+1\nsecond line',
    ];
    const table = {
      title: 'Revenue Report',
      subtitle: 'Last Week',
      sections: [{ heading: 'Safari seat use', columns: ['Safari', 'Seats'], rows: hostile.map((name) => [name, '4']) }],
    };

    // Act
    const rows = cellsOf(reportCsv(table));

    // Assess: each hostile name comes back as text, prefixed, and otherwise unchanged.
    const names = rows.slice(5).map((row) => row[0]);
    expect(names).toEqual(hostile.map((name) => `'${name}`));
  });

  it('keeps figures as figures: signed percentages, amounts and plain text are written as they are', () => {
    const table = {
      title: 'Revenue Report',
      subtitle: 'Last Week: 2026-11-16 to 2026-11-22',
      sections: [
        {
          heading: 'Figures',
          columns: ['Metric', 'Now', 'Before', 'Change'],
          rows: [
            ['Room revenue', '₹72,000', '-₹1,200', '+380.0%'],
            ['Refunds', '0', '-3', '-12.5%'],
            ['Occupancy', '21.4%', '7.1%', '+14.3 pts'],
          ],
        },
      ],
    };

    const rows = cellsOf(reportCsv(table));

    expect(rows.slice(5, 8)).toEqual([
      ['Room revenue', '₹72,000', '-₹1,200', '+380.0%'],
      ['Refunds', '0', '-3', '-12.5%'],
      ['Occupancy', '21.4%', '7.1%', '+14.3 pts'],
    ]);
  });
});
