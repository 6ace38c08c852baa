// The console's fonts per language. Japanese, Chinese and Burmese letters need faces a machine may
// lack (a Linux desktop without CJK fonts; most machines for Myanmar), so the console brings Noto
// faces split by unicode-range (fontsource): a browser fetches only the slices of the letters it
// draws, and only when no font earlier in the list has them, so a system with its own Japanese or
// Chinese fonts uses those and downloads nothing.
import { LANGUAGES, type Language } from '@fleetlens/contracts';

const LATIN = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans'";
const JAPANESE = "'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Yu Gothic UI', Meiryo, 'Noto Sans JP'";
const CHINESE = "'PingFang SC', 'Microsoft YaHei', 'Noto Sans SC'";

/**
 * The font stack of a language. The language's own Han faces come before the other's, so shared
 * letters take their Japanese or their Chinese shapes. Burmese comes first for Burmese: a system
 * font earlier in the list may claim Myanmar letters it cannot draw (seen with bold titles on
 * Linux); its Latin letters still fall through to the rest.
 */
export function fontStack(lang: Language): string {
  if (lang === 'my') return `'Noto Sans Myanmar', ${LATIN}, ${JAPANESE}, ${CHINESE}, sans-serif`;
  const han = lang === 'zh' ? `${CHINESE}, ${JAPANESE}` : `${JAPANESE}, ${CHINESE}`;
  return `${LATIN}, ${han}, 'Noto Sans Myanmar', sans-serif`;
}

// Regular for text, bold for titles: a synthesised bold of a web font's unicode-range slice is
// not used by every browser.
const FACES: Record<Language, () => Promise<unknown>[]> = {
  en: () => [],
  ja: () => [import('@fontsource/noto-sans-jp/400.css'), import('@fontsource/noto-sans-jp/700.css')],
  zh: () => [import('@fontsource/noto-sans-sc/400.css'), import('@fontsource/noto-sans-sc/700.css')],
  my: () => [
    import('@fontsource/noto-sans-myanmar/myanmar-400.css'),
    import('@fontsource/noto-sans-myanmar/myanmar-700.css'),
  ],
};

/** Declares the language's faces (their files load only when letters need them). */
export async function loadFonts(lang: Language): Promise<void> {
  await Promise.all(FACES[lang]());
}

/** The face the console brings for a language's own letters. */
const OWN_FACE: Partial<Record<Language, string>> = {
  ja: 'Noto Sans JP',
  zh: 'Noto Sans SC',
  my: 'Noto Sans Myanmar',
};

/**
 * Fetches, in both weights, the slices of the language's own face that `text` needs, waiting at
 * most `ms`. A switch of language calls it with the language's catalogues before the new texts
 * are drawn: Chromium draws boxes for a text laid out while the slice it needs is not yet fetched
 * in an element that was already on the page, and does not draw it again once the slice arrives
 * (seen with the page title, the first breadcrumb, tab and card title; a load of the page in that
 * language draws every text). A system with its own fonts for the language fetches them too,
 * once: the slices are cached as the console's other assets.
 */
export async function fetchLetters(lang: Language, text: string, ms = 4000): Promise<void> {
  const family = OWN_FACE[lang];
  if (!family || typeof document === 'undefined' || !document.fonts) return;
  const letters = [...new Set(text)].join('');
  const loads = [400, 700].map((weight) => document.fonts.load(`${weight} 16px '${family}'`, letters));
  await Promise.race([Promise.allSettled(loads), new Promise((done) => setTimeout(done, ms))]);
}

/** The language menu names each language in itself: every script's faces, once it opens. */
export function loadLanguageNameFonts(): void {
  for (const lang of LANGUAGES) void loadFonts(lang);
}
