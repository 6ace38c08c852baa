// A report as a PDF (pdfkit): its title, period, author, the time it was made, the notice when
// the reader cannot see all it names, the chart (chartSvg.ts, drawn by svg-to-pdfkit as vectors)
// with its legend under it, and its table, "page n of m" on every page; every text in the
// reader's language, in fonts embedded and subset into the file (fonts.ts). The legend and the
// table's header take the lines their words need (Burmese names are long and tall), never cut.
import type { Language, Report, ReportData } from '@fleetlens/contracts';
import PDFDocument from 'pdfkit';
import SVGtoPDF from 'svg-to-pdfkit';
import { translate } from '../../platform/i18n.ts';
import { chartSvg, type LegendItem } from './chartSvg.ts';
import { baseFont, type FontName, fontData, isSlice } from './fonts.ts';
import { LEADING, textWriter } from './pdfText.ts';
import { reportTable } from './table.ts';

const MARGIN = 40;
const PAGE = { width: 595.28, height: 841.89 }; // A4 in points
const ROW = 20;

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
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: report.name },
  });
  const registered = new Set<FontName>();
  const use = (font: FontName) => {
    if (!registered.has(font)) doc.registerFont(font, fontData(font));
    registered.add(font);
    return font;
  };
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });

  const width = PAGE.width - 2 * MARGIN;
  const text = textWriter(doc, base, use);
  const writeText = text.write;
  let y = MARGIN;
  const write = (text: string, size: number) => {
    y = writeText(text, size, { x: MARGIN, y, width });
  };

  write(report.name, 18);
  y += 4;
  write(`${t('period')}: ${input.periodText}`, 10);
  write(`${t('author')}: ${report.author.name}    ${t('updated')}: ${input.updatedText}`, 10);
  write(`${t('generated')}: ${input.generatedText}`, 10);
  if (report.hidden > 0) {
    doc.fillColor('#ad6800');
    write(t('hidden', { count: report.hidden }), 10);
    doc.fillColor('black');
  }
  if (data.left_out > 0)
    write(t('leftOut', { shown: data.subjects - data.left_out, total: data.subjects }), 10);
  y += 8;

  const chartHeight = 260;
  const chart = chartSvg(data, lang, base, width, chartHeight);
  // assumePt: the SVG's numbers are points (else read as pixels, 0.75 pt each, and out of step with
  // the texts written below).
  SVGtoPDF(doc, chart.svg, MARGIN, y, {
    fontCallback: (family: string) => use(isSlice(family) ? family : `${base}-latin`),
    assumePt: true,
  });
  for (const placed of chart.texts) {
    // The SVG's dominant-baseline is central: the letters' middle on y.
    const [a, b, c, d, e, f] = placed.matrix;
    const box = { y: placed.y - placed.size * 0.75, width: 1000, oneLine: true };
    const x =
      placed.anchor === 'start' ? placed.x : placed.anchor === 'middle' ? placed.x - 500 : placed.x - 1000;
    const align = ({ start: 'left', middle: 'center', end: 'right' } as const)[placed.anchor];
    doc.save().translate(MARGIN, y).transform(a, b, c, d, e, f).fillColor(placed.fill);
    writeText(placed.text, placed.size, { ...box, x, align });
    doc.restore().fillColor('black');
  }
  y += chartHeight + 4;
  y = drawLegend(chart.legend, y) + 8;

  const table = reportTable(data, lang);
  if (table.rows.length === 0) write(t('empty'), 10);
  const widths = columnWidths(table.columns.length, width);
  // The header's names wrap onto as many lines as the longest needs; a figure's cell is one line.
  const headerLines = Math.max(
    1,
    ...table.columns.map((name, i) => text.linesOf(name, 9, (widths[i] ?? 60) - 6).length),
  );
  const headerHeight = Math.max(ROW, headerLines * 9 * LEADING + 5);
  const drawRow = (cells: (string | number | null)[], header: boolean) => {
    const height = header ? headerHeight : ROW;
    if (y + height > PAGE.height - MARGIN - 20) {
      doc.addPage();
      y = MARGIN;
      if (!header) drawRow(table.columns, true);
    }
    if (header) doc.rect(MARGIN, y, width, height).fill('#f0f0f0').fillColor('black');
    let x = MARGIN;
    cells.forEach((cell, i) => {
      const cellWidth = widths[i] ?? 60;
      const value = cell === null ? '—' : String(cell);
      const align = i === 0 ? 'left' : 'right';
      writeText(value, 9, { x: x + 3, y: y + 2, width: cellWidth - 6, oneLine: !header, align });
      x += cellWidth;
    });
    y += height;
  };
  if (table.rows.length > 0) {
    drawRow(table.columns, true);
    for (const row of table.rows) drawRow(row, false);
  }

  /** The legend from `top` down, its names centred in lines as wide as the chart; answers the y under it. */
  function drawLegend(items: LegendItem[], top: number): number {
    const size = 10;
    const swatch = { width: 14, height: 9, gap: 4 };
    const between = 14;
    const lineHeight = size * LEADING;
    const itemWidth = (item: LegendItem) =>
      Math.min(width, swatch.width + swatch.gap + text.widthOf(item.name, size));
    const lines: LegendItem[][] = [];
    let used = 0;
    for (const item of items) {
      const line = lines[lines.length - 1];
      if (line && used + between + itemWidth(item) <= width) {
        line.push(item);
        used += between + itemWidth(item);
      } else {
        lines.push([item]);
        used = itemWidth(item);
      }
    }
    let lineTop = top;
    for (const line of lines) {
      const lineWidth = line.reduce((sum, item) => sum + itemWidth(item), 0) + between * (line.length - 1);
      let x = MARGIN + (width - lineWidth) / 2;
      let lineBottom = lineTop + lineHeight;
      for (const item of line) {
        doc
          .roundedRect(x, lineTop + 4, swatch.width, swatch.height, 2)
          .fill(item.colour)
          .fillColor('black');
        const nameX = x + swatch.width + swatch.gap;
        // A name wider than the chart (alone on its line) wraps under itself.
        const bottom = writeText(item.name, size, { x: nameX, y: lineTop, width: MARGIN + width - nameX });
        lineBottom = Math.max(lineBottom, bottom);
        x += itemWidth(item) + between;
      }
      lineTop = lineBottom;
    }
    return lineTop;
  }

  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i++) {
    doc.switchToPage(i);
    const page = t('page', { page: i + 1, pages: range.count });
    // Inside the bottom margin: pdfkit would open a new page for text written past it.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    writeText(page, 8, { x: MARGIN, y: PAGE.height - MARGIN + 6, width, align: 'center', oneLine: true });
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
