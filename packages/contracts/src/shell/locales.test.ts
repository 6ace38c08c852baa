// Every catalogue exists in the four languages with exactly the keys of English, and every
// {{param}} of an English text is used by each translation: the contracts' locales/<lang>/*.json
// and each feature's apps/web/src/**/locales/<lang>.json. A plural text (i18next's `key_one`,
// `key_other`) has the forms its language tells apart.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from './i18n.ts';

type Tree = { [key: string]: string | Tree };
const root = join(import.meta.dirname, '..', '..', '..', '..');

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

/**
 * i18next's plural forms (`wait_one`, `wait_other`: a key with an `_other` form) folded into one
 * key whose text is the `other` form, and each folded key's forms; the other keys as they are.
 */
function plurals(texts: Map<string, string>) {
  const PLURAL = /^(.+)_(zero|one|two|few|many|other)$/;
  const folded = new Map<string, string>();
  const forms = new Map<string, Map<string, string>>();
  for (const [key, text] of texts) {
    const [, base = '', form = ''] = PLURAL.exec(key) ?? [];
    if (!base || !texts.has(`${base}_other`)) {
      folded.set(key, text);
      continue;
    }
    if (!forms.has(base)) forms.set(base, new Map());
    forms.get(base)?.set(form, text);
    if (form === 'other') folded.set(base, text);
  }
  return { texts: folded, forms };
}

const params = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();
const read = (file: string) => flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);

interface Catalogue {
  name: string;
  fileOf: (lang: string) => string;
}

/** The folder-per-language layout (locales/<lang>/<ns>.json): one catalogue per English file. */
function folderCatalogues(dir: string, label: string): Catalogue[] {
  return readdirSync(join(dir, 'en'))
    .filter((file) => file.endsWith('.json'))
    .map((file) => ({ name: `${label}/${file}`, fileOf: (lang: string) => join(dir, lang, file) }));
}

/**
 * Every catalogue in the repository: the contracts' locales/<lang>/*.json, and under apps/web/src
 * each locales/ folder, either as locales/<lang>.json or as locales/<lang>/*.json.
 */
function catalogues(): Catalogue[] {
  const found = folderCatalogues(join(root, 'packages', 'contracts', 'locales'), 'contracts');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (!statSync(path).isDirectory() || entry === 'node_modules') continue;
      const name = path.slice(root.length + 1);
      if (entry === 'locales' && existsSync(join(path, 'en.json'))) {
        found.push({ name, fileOf: (lang) => join(path, `${lang}.json`) });
      } else if (entry === 'locales' && existsSync(join(path, 'en'))) {
        found.push(...folderCatalogues(path, name));
      } else walk(path);
    }
  };
  const web = join(root, 'apps', 'web', 'src');
  if (existsSync(web)) walk(web);
  return found;
}

/** Language folders of the folder layout, to check that none holds a file English lacks. */
function folderLayouts(): string[] {
  const out = [join(root, 'packages', 'contracts', 'locales')];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir)) {
      const path = join(dir, entry);
      if (!statSync(path).isDirectory() || entry === 'node_modules') continue;
      if (entry === 'locales' && existsSync(join(path, 'en'))) out.push(path);
      else walk(path);
    }
  };
  const web = join(root, 'apps', 'web', 'src');
  if (existsSync(web)) walk(web);
  return out;
}

describe('translations', () => {
  const all = catalogues();
  it('finds the catalogues', () => {
    expect(all.map((c) => c.name)).toEqual(
      expect.arrayContaining(['contracts/errors.json', 'contracts/route.json', 'contracts/validation.json']),
    );
  });

  it('has the same files in every language folder', () => {
    for (const dir of folderLayouts()) {
      const english = readdirSync(join(dir, 'en')).sort();
      for (const lang of LANGUAGES) {
        expect(existsSync(join(dir, lang)), `${dir}/${lang} is missing`).toBe(true);
        expect(readdirSync(join(dir, lang)).sort(), `${dir}/${lang}`).toEqual(english);
      }
    }
  });

  for (const catalogue of all) {
    it(`${catalogue.name} has the same keys and parameters in every language`, () => {
      const english = plurals(read(catalogue.fileOf('en')));
      for (const lang of LANGUAGES) {
        const file = catalogue.fileOf(lang);
        expect(existsSync(file), `${file} is missing`).toBe(true);
        const other = plurals(read(file));
        expect([...other.texts.keys()].sort(), `${lang} keys`).toEqual([...english.texts.keys()].sort());
        for (const [key, text] of english.texts) {
          const translated = other.texts.get(key) ?? '';
          expect(params(translated), `${lang}:${key} parameters`).toEqual(params(text));
          expect(translated.trim(), `${lang}:${key} is empty`).not.toBe('');
        }
        // A plural text has exactly the forms the language tells apart (English one and other;
        // Japanese, Chinese and Burmese other only), each with the parameters of English's.
        const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
        for (const [key, texts] of other.forms) {
          expect([...texts.keys()].sort(), `${lang}:${key} plural forms`).toEqual([...forms].sort());
          for (const [form, text] of texts)
            expect(params(text), `${lang}:${key}_${form} parameters`).toEqual(
              params(english.texts.get(key) ?? ''),
            );
        }
      }
    });
  }
});
