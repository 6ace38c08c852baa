// A report as a PDF (pdfkit): its title, period, author, the time it was made, the notice when
// the reader cannot see all it names, the chart (chartSvg.ts, drawn by svg-to-pdfkit as vectors)
// and its table, "page n of m" on every page; every text in the reader's language, in fonts
// embedded and subset into the file (fonts.ts).
import type { Language, Report, ReportData } from '@fleetlens/contracts';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { translate } from '../../platform/i18n.ts';
import { chartSvg } from './chartSvg.ts';
import { baseFont, FONT_FILES, type FontName, fontData, fontRuns } from './fonts.ts';
import { reportTable } from './table.ts';

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const ROW = 18;

export interface PdfInput {
  report: Report;
  data: ReportData;
  lang: Language;
  /** The period's first and last day, and the time the file is made, as the reader reads them. */
  periodText: string;
  generatedText: string;
  updatedText: string;
}

export async function reportPdf(input: PdfInput): Promise<Buffer> {
  const { report, data, lang } = input;
  const t = (key: string, params?: Record<string, unknown>) => translate(lang, 'report', key, params);
  const base = baseFont(lang);
  const doc = new PDFDocument({ size: 'A4', margin: MARGIN, bufferPages: true, info: { Title: report.name } });
  for (const name of Object.keys(FONT_FILES) as FontName[]) doc.registerFont(name, fontData(name));
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  /** Writes a line of text in its runs of fonts, at (x, y) or where the last one ended. */
  const write = (text: string, size: number, options: PDFKit.Mixins.TextOptions & { x?: number; y?: number } = {}) => {
    const runs = fontRuns(text, base);
    const { x, y, ...rest } = options;
    doc.fontSize(size);
    runs.forEach((run, i) => {
      doc.font(run.font);
      const more = { ...rest, continued: i < runs.length - 1, lineBreak: rest.lineBreak ?? true };
      if (i === 0 && x !== undefined && y !== undefined) doc.text(run.text, x, y, more);
      else doc.text(run.text, more);
    });
  };

  write(report.name, 18);
  doc.moveDown(0.3);
  write(`${t('period')}: ${input.periodText}`, 10);
  write(`${t('author')}: ${report.author.name}    ${t('updated')}: ${input.updatedText}`, 10);
  write(`${t('generated')}: ${input.generatedText}`, 10);
  if (report.hidden > 0) {
    doc.moveDown(0.3).fillColor('#ad6800');
    write(t('hidden', { count: report.hidden }), 10);
    doc.fillColor('black');
  }
  if (data.left_out > 0) write(t('leftOut', { shown: data.subjects - data.left_out, total: data.subjects }), 10);
  doc.moveDown(0.5);

  const chartWidth = PAGE.width - 2 * MARGIN;
  const chartHeight = 280;
  const svg = chartSvg(data, lang, base, chartWidth, chartHeight);
  SVGtoPDF(doc, svg, MARGIN, doc.y, {
    fontCallback: (family: string) => (family in FONT_FILES ? family : base),
  });
  doc.y += chartHeight + 12;

  const table = reportTable(data, lang);
  if (table.rows.length === 0) write(t('empty'), 10, { x: MARGIN, y: doc.y });
  const widths = columnWidths(table.columns.length, chartWidth);
  const drawRow = (cells: (string | number | null)[], header: boolean) => {
    if (doc.y + ROW > PAGE.height - MARGIN - 20) doc.addPage();
    const y = doc.y;
    if (header) doc.rect(MARGIN, y - 2, chartWidth, ROW).fill('#f0f0f0').fillColor('black');
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const width = widths[i] ?? 60;
      const text = cell === null ? '—' : String(cell);
      write(text, 9, { x: x + 3, y, width: width - 6, lineBreak: false, ellipsis: true, align: i === 0 ? 'left' : 'right' });
      x += width;
    });
    doc.y = y + ROW;
    doc.x = MARGIN;
  };
  if (table.rows.length > 0) {
    drawRow(table.columns, true);
    for (const row of table.rows) drawRow(row, false);
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const page = t('page', { page: i + 1, pages: range.count });
    // Inside the bottom margin: pdfkit would open a new page for text written past it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    write(page, 8, { x: MARGIN, y: PAGE.height - MARGIN + 10, width: chartWidth, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** The first column (names, times) wider than the figures. */
function columnWidths(count: number, total: number): number[] {
  if (count <= 1) return [total];
  const first = Math.min(200, total * 0.35);
  const rest = (total - first) / (count - 1);
  return [first, ...Array<number>(count - 1).fill(rest)];
}
