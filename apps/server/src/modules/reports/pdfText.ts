// Text in a report's PDF laid out here rather than by pdfkit's `continued` text: a line mixes
// fonts (Burmese words with Latin names and digits), and pdfkit places each font's run by its own
// ascender, so runs of the Myanmar font (tall stacked marks) stood lower than their neighbours.
// Each run is drawn on one shared alphabetic baseline; lines break between words, and between
// any two Chinese or Japanese characters, which have no spaces between words.
import { type Base, type FontName, fontRuns } from './fonts.ts';

type Run = { font: FontName; text: string };
export interface TextBox {
  x: number;
  y: number;
  width: number;
  align?: 'left' | 'center' | 'right';
  /** One line, cut with '…' when too long (a table cell); else as many lines as it takes. */
  oneLine?: boolean;
}

/** Line height as a share of the font size: room for the Myanmar script's stacked marks. */
export const LEADING = 1.55;
const CJK = '\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef';
const UNITS = new RegExp(`[${CJK}]|[^\\s${CJK}]+\\s*|\\s+`, 'gu');

/** `use` registers a slice with the document on its first use and answers its name. */
export function textWriter(doc: PDFKit.PDFDocument, base: Base, use: (font: FontName) => string) {
  const widthOf = (runs: Run[], size: number) =>
    runs.reduce((sum, run) => sum + doc.font(use(run.font)).fontSize(size).widthOfString(run.text), 0);

  const draw = (runs: Run[], size: number, box: TextBox, y: number) => {
    const width = widthOf(runs, size);
    let x =
      box.align === 'right'
        ? box.x + box.width - width
        : box.align === 'center'
          ? box.x + (box.width - width) / 2
          : box.x;
    for (const run of runs) {
      doc
        .font(run.font)
        .fontSize(size)
        .text(run.text, x, y + size * 1.1, { baseline: 'alphabetic', lineBreak: false });
      x += doc.widthOfString(run.text);
    }
  };

  /** Writes `text` in `box`; answers the y under its last line. */
  return (text: string, size: number, box: TextBox): number => {
    const lineHeight = size * LEADING;
    if (box.oneLine) {
      let runs = fontRuns(text, base);
      for (let cut = [...text].length; widthOf(runs, size) > box.width && cut > 1; cut--)
        runs = fontRuns(`${[...text].slice(0, cut - 1).join('')}…`, base);
      draw(runs, size, box, box.y);
      return box.y + lineHeight;
    }
    const lines: string[] = [];
    let line = '';
    for (const unit of text.match(UNITS) ?? []) {
      const next = line + unit;
      if (line && widthOf(fontRuns(next.trimEnd(), base), size) > box.width) {
        lines.push(line.trimEnd());
        line = unit.trimStart();
      } else line = next;
    }
    if (line.trim()) lines.push(line.trimEnd());
    lines.forEach((l, i) => {
      draw(fontRuns(l, base), size, box, box.y + i * lineHeight);
    });
    return box.y + lines.length * lineHeight;
  };
}
