// The slices of a @fontsource face: the package splits each face by unicode-range into subsets
// (about 120 for a CJK face), listed with their ranges in its unicode.json, one file per subset,
// weight and format. The sign-in page declares the slices its letters need (identity/fonts.ts);
// a report's PDF embeds them (reports/fonts.ts).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

export interface FontSlice {
  /** The subset: '0' to '119', 'latin', 'cyrillic'... */
  subset: string;
  ranges: [number, number][];
  /** The file's name, as the package ships it. */
  fileName(weight: number, format: 'woff' | 'woff2'): string;
  /** The file on disk. */
  path(weight: number, format: 'woff' | 'woff2'): string;
}

const parseRanges = (value: string): [number, number][] =>
  value.split(',').map((part) => {
    const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
    const lo = Number.parseInt(from ?? '', 16);
    return [lo, to ? Number.parseInt(to, 16) : lo];
  });

/** The slices of `@fontsource/<pkg>` (for example 'noto-sans-jp'). */
export function fontSlices(pkg: string): FontSlice[] {
  const root = dirname(require.resolve(`@fontsource/${pkg}/LICENSE`));
  const ranges = JSON.parse(readFileSync(join(root, 'unicode.json'), 'utf8')) as Record<string, string>;
  return Object.entries(ranges).map(([key, value]) => {
    const subset = key.replace(/^\[(\d+)\]$/, '$1');
    const fileName = (weight: number, format: 'woff' | 'woff2') =>
      `${pkg}-${subset}-${weight}-normal.${format}`;
    return {
      subset,
      ranges: parseRanges(value),
      fileName,
      path: (weight, format) => join(root, 'files', fileName(weight, format)),
    };
  });
}
