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

/** Letters that begin a Burmese syllable: consonants, independent vowels, digits and signs. */
const MYANMAR_START = /[\u1000-\u102a\u103f-\u104f]/u;
const MYANMAR = /[\u1000-\u109f\uaa60-\uaa7f\ua9e0-\ua9ff]/u;

/**
 * A word cut where a line may break inside it: Burmese between syllables (before a consonant that
 * is neither stacked under the one before, after the virama U+1039, nor a syllable's end, before
 * the asat U+103A or the dot below and the asat), any other script between letters. Only for a
 * word wider than its box: Burmese writes no spaces between the words of a phrase.
 */
export function breakPieces(word: string): string[] {
  const chars = [...word];
  const pieces: string[] = [];
  chars.forEach((char, i) => {
    const before = chars[i - 1];
    // The asat may follow the dot below (U+1037), as in မြှင့်.
    const next = chars[i + 1] === '\u1037' ? chars[i + 2] : chars[i + 1];
    const inSyllable =
      before !== undefined &&
      MYANMAR.test(char) &&
      MYANMAR.test(before) &&
      (!MYANMAR_START.test(char) || before === '\u1039' || next === '\u103a' || next === '\u1039');
    if (inSyllable && pieces.length > 0) pieces[pieces.length - 1] += char;
    else pieces.push(char);
  });
  return pieces;
}

/** `use` registers a slice with the document on its first use and answers its name. */
export function textWriter(doc: PDFKit.PDFDocument, base: Base, use: (font: FontName) => string) {
  const runsWidth = (runs: Run[], size: number) =>
    runs.reduce((sum, run) => sum + doc.font(use(run.font)).fontSize(size).widthOfString(run.text), 0);
  const widthOf = (text: string, size: number) => runsWidth(fontRuns(text, base), size);

  const draw = (runs: Run[], size: number, box: TextBox, y: number) => {
    const width = runsWidth(runs, size);
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

  /** The lines `text` takes in `width`: broken between words, inside a word only when it is wider. */
  const linesOf = (text: string, size: number, width: number): string[] => {
    const units = (text.match(UNITS) ?? []).flatMap((unit) =>
      widthOf(unit.trimEnd(), size) > width ? breakPieces(unit) : [unit],
    );
    const lines: string[] = [];
    let line = '';
    for (const unit of units) {
      const next = line + unit;
      if (line && widthOf(next.trimEnd(), size) > width) {
        lines.push(line.trimEnd());
        line = unit.trimStart();
      } else line = next;
    }
    if (line.trim()) lines.push(line.trimEnd());
    return lines;
  };

  /** Writes `text` in `box`; answers the y under its last line. */
  const write = (text: string, size: number, box: TextBox): number => {
    const lineHeight = size * LEADING;
    if (box.oneLine) {
      let runs = fontRuns(text, base);
      for (let cut = [...text].length; runsWidth(runs, size) > box.width && cut > 1; cut--)
        runs = fontRuns(`${[...text].slice(0, cut - 1).join('')}…`, base);
      draw(runs, size, box, box.y);
      return box.y + lineHeight;
    }
    const lines = linesOf(text, size, box.width);
    lines.forEach((l, i) => {
      draw(fontRuns(l, base), size, box, box.y + i * lineHeight);
    });
    return box.y + lines.length * lineHeight;
  };
  return { write, linesOf, widthOf };
}
