// The realm pages' Japanese and Chinese faces. Every sign-in page names the languages in
// themselves (日本語, 简体中文) and the Japanese and Chinese pages are written in Han and kana: a
// machine without CJK fonts (a Linux desktop) would draw boxes. The console brings the Noto faces
// of @fontsource, split by unicode-range into about a hundred slices per face; a page declares
// only the slices of the letters it shows, so it stays small and the browser fetches a few slices,
// and none where a system font earlier in the list has the letters.
import { fontSlices } from '../../platform/fontSlices.ts';

interface Face {
  family: string;
  weight: number;
  /** The file's name as the page asks for it, and where the package keeps it. */
  file: string;
  path: string;
  ranges: [number, number][];
}

const PACKAGES = [
  { family: 'Noto Sans JP', name: 'noto-sans-jp' },
  { family: 'Noto Sans SC', name: 'noto-sans-sc' },
] as const;
const WEIGHTS = [400, 700] as const;
/** CJK letters and punctuation; Latin and the rest come from the system's fonts. */
const FIRST_CJK = 0x2e80;

function loadFaces(): Face[] {
  const faces: Face[] = [];
  for (const { family, name } of PACKAGES)
    for (const slice of fontSlices(name))
      for (const weight of WEIGHTS) {
        const ranges = slice.ranges.filter(([, hi]) => hi >= FIRST_CJK);
        if (ranges.length > 0)
          faces.push({
            family,
            weight,
            file: slice.fileName(weight, 'woff2'),
            path: slice.path(weight, 'woff2'),
            ranges,
          });
      }
  return faces;
}

const FACES = loadFaces();

/** The files a page may ask for, by name: nothing else of the packages is served. */
export const CJK_FONT_FILES: ReadonlyMap<string, string> = new Map(FACES.map((f) => [f.file, f.path]));

/** The @font-face rules of the slices holding a CJK letter of `text`, with their files at `base`. */
export function cjkFontFaces(text: string, base: string): string {
  const codes = new Set<number>();
  for (const char of text) {
    const code = char.codePointAt(0) as number;
    if (code >= FIRST_CJK) codes.add(code);
  }
  if (codes.size === 0) return '';
  const used = FACES.filter((face) =>
    [...codes].some((code) => face.ranges.some(([lo, hi]) => code >= lo && code <= hi)),
  );
  return used
    .map(
      (face) => `
    @font-face { font-family: "${face.family}"; font-style: normal; font-weight: ${face.weight}; font-display: swap;
      src: url(${base}/${face.file}) format("woff2");
      unicode-range: ${face.ranges.map(([lo, hi]) => (lo === hi ? `U+${hex(lo)}` : `U+${hex(lo)}-${hex(hi)}`)).join(', ')}; }`,
    )
    .join('');
}

const hex = (n: number) => n.toString(16).toUpperCase();
