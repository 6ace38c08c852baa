// i18next with one JSON per feature and language, plus the contracts catalogues (route titles,
// errors, validation). Only the current language is loaded; others load when chosen, so the
// first page carries one language. antd's and dayjs's locales follow the language.
import { LANGUAGES, resolveLanguage } from '@fleetlens/contracts';
import dayjs from 'dayjs';
import updateLocale from 'dayjs/plugin/updateLocale';
import { createInstance } from 'i18next';
import Cookies from 'js-cookie';
import { initReactI18next } from 'react-i18next';
import { fetchLetters, fontStack, loadFonts } from './fonts';

dayjs.extend(updateLocale);

export type Language = 'en' | 'ja' | 'zh' | 'my';
export const LANGUAGE_KEY = 'language';

export const i18n = createInstance();

// Feature files: src/<area>/locales/<lang>.json, namespace = the folder above locales.
const featureFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../shell/locales/*.json',
  '../features/*/locales/*.json',
  '../routes/locales/*.json',
]);
// The contracts catalogues: packages/contracts/locales/<lang>/<namespace>.json.
const contractFiles = import.meta.glob<{ default: Record<string, unknown> }>(
  '../../../../packages/contracts/locales/*/*.json',
);

const antdLocales: Record<Language, () => Promise<{ default: unknown }>> = {
  en: () => import('antd/es/locale/en_US'),
  ja: () => import('antd/es/locale/ja_JP'),
  zh: () => import('antd/es/locale/zh_CN'),
  my: () => import('antd/es/locale/my_MM'),
};
const dayjsLocales: Record<Language, { name: string; load: () => Promise<unknown> }> = {
  en: { name: 'en', load: async () => undefined },
  ja: { name: 'ja', load: () => import('dayjs/locale/ja') },
  zh: { name: 'zh-cn', load: () => import('dayjs/locale/zh-cn') },
  my: { name: 'my', load: () => import('dayjs/locale/my') },
};

export function supportedLanguages(): Language[] {
  return (LANGUAGES as readonly unknown[]).map((l) =>
    typeof l === 'string' ? l : (l as { code: string }).code,
  ) as Language[];
}

function namespaceOf(path: string): { ns: string; lang: string } | undefined {
  const contract = /locales\/([a-z]+)\/([\w-]+)\.json$/.exec(path);
  if (contract && path.includes('packages/contracts'))
    return { lang: contract[1] ?? '', ns: contract[2] ?? '' };
  const feature = /\/([\w-]+)\/locales\/([a-z]+)\.json$/.exec(path);
  if (feature) return { ns: feature[1] ?? '', lang: feature[2] ?? '' };
  return undefined;
}

const loaded = new Set<string>();
let antdLocale: unknown;
const listeners = new Set<() => void>();

async function loadResources(lang: Language): Promise<void> {
  if (loaded.has(lang)) return;
  const jobs = Object.entries({ ...featureFiles, ...contractFiles }).map(async ([path, load]) => {
    const where = namespaceOf(path);
    if (!where || where.lang !== lang) return;
    const file = await load();
    i18n.addResourceBundle(lang, where.ns, file.default, true, true);
  });
  await Promise.all(jobs);
  loaded.add(lang);
}

/** The stored language, else the browser's, else en (contracts resolveLanguage). */
export function initialLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY) ?? Cookies.get(LANGUAGE_KEY) ?? null;
  return resolveLanguage(stored, [...(navigator.languages ?? [navigator.language])]) as Language;
}

/**
 * The newest language asked for. Its files load while an older call may still be loading its own
 * (the start's language while the user already picked another): only the newest applies itself,
 * else the slower older one would set the page's language back under the new one's texts.
 */
let newest = 0;

/** Loads `lang`'s files and applies them, unless a newer call came meanwhile (then false). */
async function applyLanguage(lang: Language, call: number): Promise<boolean> {
  const [antd] = await Promise.all([antdLocales[lang](), dayjsLocales[lang].load(), loadResources(lang)]);
  if (lang !== 'en') await loadResources('en'); // fallback for keys a catalogue lacks
  await loadFonts(lang);
  if (call !== newest) return false;
  antdLocale = (antd as { default: unknown }).default;
  dayjs.locale(dayjsLocales[lang].name);
  // The console's weeks start on Monday in every language (drive summaries, driving scores, the
  // dashboard's "this week"): the calendars and week pickers show the same weeks.
  dayjs.updateLocale(dayjsLocales[lang].name, { weekStart: 1 });
  document.documentElement.lang = lang;
  document.documentElement.classList.toggle('lang-my', lang === 'my');
  // For what renders outside the theme: the page itself, antd's static toasts, the charts' canvas.
  document.documentElement.style.setProperty('--fl-font', fontStack(lang));
  return true;
}

let initialized: Promise<unknown> | undefined;

export async function initI18n(lang: Language = initialLanguage()): Promise<void> {
  newest += 1;
  await switchTo(lang, newest);
}

async function switchTo(lang: Language, call: number): Promise<void> {
  initialized ??= i18n.use(initReactI18next).init({
    lng: lang,
    fallbackLng: 'en',
    ns: ['shell', 'route', 'errors'],
    defaultNS: 'shell',
    interpolation: { escapeValue: false },
    resources: {},
    partialBundledLanguages: true,
    returnNull: false,
  });
  await initialized;
  if (!(await applyLanguage(lang, call))) return;
  await i18n.changeLanguage(lang);
  for (const listener of listeners) listener();
}

/**
 * Switches language: loads its files and the letters its texts need (fonts.ts fetchLetters),
 * remembers it (localStorage and cookie), re-renders.
 */
export async function changeLanguage(lang: Language): Promise<void> {
  newest += 1;
  const call = newest;
  localStorage.setItem(LANGUAGE_KEY, lang);
  Cookies.set(LANGUAGE_KEY, lang, { expires: 365, sameSite: 'lax' });
  await Promise.all([loadResources(lang), loadFonts(lang)]);
  await fetchLetters(lang, JSON.stringify(i18n.getDataByLanguage(lang) ?? {}));
  await switchTo(lang, call);
}

/**
 * The start's language with the letters of what the first screen shows (the shell: sidebar, tabs,
 * breadcrumbs, page titles, the 403 and 404 pages) fetched before the first paint, at most
 * `ms`: Chromium draws boxes for a text laid out before its font slice arrived and does not draw
 * it again (seen with every page title in Chinese on a load of the page, fonts.ts fetchLetters).
 */
export async function startI18n(ms = 2500): Promise<void> {
  const lang = initialLanguage();
  await initI18n(lang);
  const shown = ['shell', 'route'].map((ns) => i18n.getResourceBundle(lang, ns) ?? {});
  await fetchLetters(lang, JSON.stringify(shown), ms);
}

/** The antd locale object of the current language (undefined = antd's built-in English). */
export function currentAntdLocale(): unknown {
  return antdLocale;
}

export function onLanguageApplied(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
