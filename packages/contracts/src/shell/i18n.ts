// The four languages and how the first one is chosen (spec §2.1): stored, else browser, else en.

/** Also the order of every language menu (the console's and the sign-in page's). */
export const LANGUAGES = ['en', 'ja', 'zh', 'my'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's own name, as the language menu shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  ja: '日本語',
  zh: '简体中文',
  my: 'မြန်မာ',
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Maps a BCP 47 tag (ja-JP, zh-Hans-CN, my-MM, en-GB) to one of ours, or undefined. */
export function languageOfTag(tag: string | null | undefined): Language | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(primary) ? primary : undefined;
}

export function resolveLanguage(
  stored: string | null | undefined,
  browser: readonly string[] = [],
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browser) {
    const lang = languageOfTag(tag);
    if (lang) return lang;
  }
  return DEFAULT_LANGUAGE;
}
