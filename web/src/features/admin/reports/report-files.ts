import Papa from 'papaparse';
import { reportCsvRows, type ReportTable } from '@shared/admin-reports';

/**
 * Cells a spreadsheet would run as a formula (OWASP's CSV injection): text starting with =, +, -,
 * @, tab or carriage return (even when the cell goes on over several lines). Papa prefixes them with an apostrophe. A plain
 * figure ('+380.0%', '-₹1,200', '-3', '+14.3 pts') is left as it is: a spreadsheet never runs it as a formula.
 */
export const FORMULA_CELL = /^(?![+-]?₹?[\d,]+(?:\.\d+)?(?:%| pts)?$)[=+\-@\t\r]/;

/** The CSV of a report: exactly the tables on screen (title, period line, then each section with its columns), UTF-8 with a BOM for spreadsheets. */
export function reportCsv(table: ReportTable): string {
  return `\uFEFF${Papa.unparse(reportCsvRows(table), { escapeFormulae: FORMULA_CELL })}`;
}

/** The PDF's standard fonts have no rupee sign: amounts read 'Rs 72,000' there. */
const pdfText = (text: string) => text.replaceAll('₹', 'Rs ');

/**
 * A real PDF (text, not a picture) of the tables on screen: jsPDF and its table plugin are loaded
 * only when someone exports, so the tab itself stays light.
 */
export async function reportPdf(table: ReportTable): Promise<ArrayBuffer> {
  const [{ jsPDF }, { autoTable }] = await Promise.all([import('jspdf'), import('jspdf-autotable')]);
  const doc = new jsPDF({ orientation: 'landscape', unit: 'pt', format: 'a4' });
  const margin = 40;
  const width = doc.internal.pageSize.getWidth() - margin * 2;
  const bottom = doc.internal.pageSize.getHeight() - margin;
  doc.setFontSize(16);
  doc.text(pdfText(table.title), margin, margin + 4);
  doc.setFontSize(9);
  const subtitle = doc.splitTextToSize(pdfText(table.subtitle), width) as string[];
  doc.text(subtitle, margin, margin + 22);
  let y = margin + 22 + subtitle.length * 11 + 14;
  for (const section of table.sections) {
    if (y > bottom - 60) {
      doc.addPage();
      y = margin;
    }
    doc.setFontSize(11);
    doc.text(pdfText(section.heading), margin, y);
    autoTable(doc, {
      startY: y + 6,
      head: [section.columns.map(pdfText)],
      body: section.rows.length ? section.rows.map((row) => row.map(pdfText)) : [[{ content: 'None in this period', colSpan: section.columns.length }]],
      margin: { left: margin, right: margin },
      styles: { fontSize: 8, cellPadding: 3 },
      headStyles: { fillColor: [45, 90, 61] },
    });
    y = (doc as unknown as { lastAutoTable: { finalY: number } }).lastAutoTable.finalY + 24;
  }
  return doc.output('arraybuffer');
}

/** Hands a file to the browser's download. */
export function saveFile(contents: BlobPart, type: string, name: string): void {
  const url = URL.createObjectURL(new Blob([contents], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
