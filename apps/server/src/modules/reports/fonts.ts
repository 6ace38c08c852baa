// The fonts a report's PDF is written in, embedded and subset by pdfkit (through fontkit): the
// Noto faces the console and the sign-in page already ship (@fontsource: Noto Sans JP, Noto Sans
// SC, Noto Sans Myanmar), each split by unicode-range into slices (about 120 for a CJK face). A
// text is cut into runs of one slice each: every letter is drawn from the first slice that holds
// it, in the language's order (Japanese shapes first, Chinese ones for a Chinese report), Myanmar
// letters from the Myanmar face, which fontkit shapes. Only the slices a report uses are read and
// embedded. Why: docs/decisions/2026-11-26-reports.md.
import { readFileSync } from 'node:fs';
import type { Language } from '@fleetlens/contracts';
import { fontSlices } from '../../platform/fontSlices.ts';

/** A language's order of faces: its own Han shapes first. */
export type Base = 'jp' | 'sc';
type Face = Base | 'my';
/** A slice's registered name in a PDF, e.g. 'jp-latin', 'sc-42', 'my-myanmar'. */
export type FontName = string;

interface Slice {
  name: FontName;
  path: string;
  ranges: [number, number][];
}

const PACKAGES: Record<Face, string> = {
  jp: 'noto-sans-jp',
  sc: 'noto-sans-sc',
  my: 'noto-sans-myanmar',
};

/** A face's regular slices (fontkit subsets their WOFF; not their WOFF2). */
const slicesOf = (face: Face): Slice[] =>
  fontSlices(PACKAGES[face]).map((slice) => ({
    name: `${face}-${slice.subset}`,
    path: slice.path(400, 'woff'),
    ranges: slice.ranges,
  }));

let faces: Record<Face, Slice[]> | undefined;
const facesNow = () => {
  faces ??= { jp: slicesOf('jp'), sc: slicesOf('sc'), my: slicesOf('my') };
  return faces;
};

const ORDER: Record<Base, Face[]> = { jp: ['jp', 'sc', 'my'], sc: ['sc', 'jp', 'my'] };

/** The order of faces of a language's report. */
export const baseFont = (lang: Language): Base => (lang === 'zh' ? 'sc' : 'jp');

const chosen = new Map<string, FontName>();
/** The slice a character is drawn from; the base face's Latin slice when none holds it. */
export function sliceOf(char: string, base: Base): FontName {
  const code = char.codePointAt(0) ?? 0;
  const key = `${base}:${code}`;
  let name = chosen.get(key);
  if (!name) {
    const all = facesNow();
    name =
      ORDER[base]
        .flatMap((face) => all[face])
        .find((slice) => slice.ranges.some(([lo, hi]) => code >= lo && code <= hi))?.name ?? `${base}-latin`;
    chosen.set(key, name);
  }
  return name;
}

const paths = () =>
  new Map(Object.values(facesNow()).flatMap((slices) => slices.map((s) => [s.name, s.path])));
let pathOf: Map<FontName, string> | undefined;
const loaded = new Map<FontName, Buffer>();

/** A slice's file (read once per process). */
export function fontData(name: FontName): Buffer {
  let data = loaded.get(name);
  if (!data) {
    pathOf ??= paths();
    const path = pathOf.get(name);
    if (!path) throw new Error(`no font slice ${name}`);
    data = readFileSync(path);
    loaded.set(name, data);
  }
  return data;
}

/** Whether a name is one of the slices (an SVG's font-family, say). */
export const isSlice = (name: string) => {
  pathOf ??= paths();
  return pathOf.has(name);
};

/** The text in runs of one slice each; a space inside Myanmar text stays in its run, for shaping. */
export function fontRuns(text: string, base: Base): { font: FontName; text: string }[] {
  const runs: { font: FontName; text: string }[] = [];
  for (const char of text) {
    const last = runs[runs.length - 1];
    const font = /\s/.test(char) && last?.font.startsWith('my-') ? last.font : sliceOf(char, base);
    if (last && last.font === font) last.text += char;
    else runs.push({ font, text: char });
  }
  return runs;
}
