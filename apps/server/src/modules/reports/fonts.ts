// The fonts a report's PDF is written in, embedded and subset by pdfkit (through fontkit): Noto
// Sans JP for Japanese and for Latin text, Noto Sans SC (Hans) for Chinese, Noto Sans Myanmar for
// Burmese letters, which fontkit shapes (its Universal Shaping Engine). Text is cut into runs at
// the border of the Myanmar script, so a Burmese report's Latin names, digits and dates are drawn
// in the Latin font and never as empty boxes. Why these files: docs/decisions/2026-11-26-reports.md.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Language } from '@fleetlens/contracts';

const require = createRequire(import.meta.url);
/** A file of a package that exports only its entry (or only its LICENSE): found beside it. */
const fileOf = (exported: string, up: number, file: string) =>
  join(dirname(require.resolve(exported)), ...Array<string>(up).fill('..'), file);

/** The registered names of the fonts, and their files (read once, on the first report). */
export const FONT_FILES = {
  jp: () => fileOf('@embedpdf/fonts-jp', 1, 'fonts/NotoSansJP-Regular.otf'),
  sc: () => fileOf('@embedpdf/fonts-sc', 1, 'fonts/NotoSansHans-Regular.otf'),
  // fontkit cannot subset the WOFF2 of this font (its composite glyphs); the WOFF it can.
  my: () =>
    fileOf('@fontsource/noto-sans-myanmar/LICENSE', 0, 'files/noto-sans-myanmar-myanmar-400-normal.woff'),
} as const;
export type FontName = keyof typeof FONT_FILES;

const loaded = new Map<FontName, Buffer>();
export function fontData(name: FontName): Buffer {
  let data = loaded.get(name);
  if (!data) {
    data = readFileSync(FONT_FILES[name]());
    loaded.set(name, data);
  }
  return data;
}

/** The font of a language's text outside the Myanmar script. */
export const baseFont = (lang: Language): FontName => (lang === 'zh' ? 'sc' : 'jp');

const MYANMAR = /[\u1000-\u109f\ua9e0-\ua9ff\uaa60-\uaa7f]/;

/** The text in runs of one font each: Myanmar letters in the Myanmar font, the rest in `base`. */
export function fontRuns(text: string, base: FontName): { font: FontName; text: string }[] {
  const runs: { font: FontName; text: string }[] = [];
  for (const char of text) {
    const last = runs[runs.length - 1];
    // A space or mark between letters stays with the run it follows.
    const font: FontName = MYANMAR.test(char) ? 'my' : /\s/.test(char) && last ? last.font : base;
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
