// Server-side translation of error and validation messages and of the sign-in page. The catalogues are the contracts'
// locales/<lang>/{errors,validation}.json, the same files the web app loads, so a message reads
// the same whether the server or the browser renders it. The language is the request's
// Accept-Language (the web app sends its chosen language there), falling back to English.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { LANGUAGES, type Language, resolveLanguage } from '@fleetlens/contracts';

type Catalogue = Record<string, unknown>;
const NAMESPACES = ['errors', 'validation', 'signin', 'mail', 'dashboard', 'report'] as const;
export type Namespace = (typeof NAMESPACES)[number];

const localesDir = join(
  dirname(createRequire(import.meta.url).resolve('@fleetlens/contracts')),
  '..',
  'locales',
);

function load(lang: string, ns: Namespace): Catalogue {
  try {
    return JSON.parse(readFileSync(join(localesDir, lang, `${ns}.json`), 'utf8')) as Catalogue;
  } catch {
    // A language may not have a namespace yet; English answers for it.
    return {};
  }
}

const catalogues = new Map<string, Catalogue>();
for (const lang of LANGUAGES) for (const ns of NAMESPACES) catalogues.set(`${lang}:${ns}`, load(lang, ns));

function lookup(catalogue: Catalogue | undefined, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The text of `key` in `lang`, else in English. With a numeric `count` it is i18next's plural form
 * first (`key_one`, `key_other`, by the language's plural rules), so the catalogues the web reads
 * with i18next read the same here.
 */
function textOf(lang: Language, ns: Namespace, key: string, count: unknown): string | undefined {
  const keys =
    typeof count === 'number'
      ? [`${key}_${new Intl.PluralRules(lang).select(count)}`, `${key}_other`, key]
      : [key];
  for (const language of [lang, 'en'])
    for (const k of keys) {
      const text = lookup(catalogues.get(`${language}:${ns}`), k);
      if (text !== undefined) return text;
    }
  return undefined;
}

/** Translates `key` of namespace `ns`, filling {{param}} placeholders; the key itself if unknown. */
export function translate(
  lang: Language,
  ns: Namespace,
  key: string,
  params: Record<string, unknown> = {},
): string {
  const text = textOf(lang, ns, key, params.count) ?? key;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    params[name] === undefined ? `{{${name}}}` : String(params[name]),
  );
}

/** The language of a request: its Accept-Language tags, in order, against the four we speak. */
export function requestLanguage(acceptLanguage: string | undefined): Language {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part) => part.split(';')[0]?.trim() ?? '')
    .filter(Boolean);
  return resolveLanguage(undefined, tags);
}
