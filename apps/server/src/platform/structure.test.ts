// The server's module shape, checked so it cannot drift (docs/decisions/2026-11-26-access-object-and-module-shape.md):
// every module under modules/ has routes (index.ts: schema and guard, a line each), a service (the
// rules: service.ts or *.service.ts) and, when it uses the database, a repository (the SQL:
// repository.ts or *.repository.ts);
// SQL appears in repository files only; no module builds the tenant scope by hand (the guard's
// access object does, platform/access.ts); and no module casts through `unknown`, the way a
// database row used to be forced into a DTO.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MODULES_DIR = join(import.meta.dirname, '..', 'modules');

/**
 * Modules not yet in the shape, with their SQL outside repositories and their scope built by hand.
 * Each is converted by its own change, which removes it from this list; the list only shrinks.
 */
const NOT_YET_CONVERTED = new Set<string>([]);

/** Files of converted modules whose SQL has not moved yet, and why. */
const SQL_NOT_YET_MOVED: Record<string, string> = {};

/** Modules without HTTP routes: they need no index.ts of routes. */
const WITHOUT_ROUTES: Record<string, string> = {
  // The demo's data, created at start-up (main.ts); seed.ts and fleet.ts are its services.
  demo: 'start-up data',
};

const isRepository = (file: string) => file === 'repository.ts' || file.endsWith('.repository.ts');
const isService = (file: string) => file === 'service.ts' || file.endsWith('.service.ts');
/** Not tests, nor a walk left beside its module (walks live in testing/walks/; discovery refuses it). */
const isSource = (file: string) =>
  file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.walk.ts');

const SQL =
  /\b(SELECT\b[\s\S]*\bFROM|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|WITH\s+(RECURSIVE\s+)?\w+\s+AS\s*\()\b/;
const HAND_BUILT_SCOPE = /\b(scopeOf|visibleCustomerIds|canSeeCustomer)\s*\(/;

/**
 * The texts of a source's string and template literals (a template's placeholders as '…', its
 * nested templates read too); comments are skipped. Enough of TypeScript's lexing for our sources.
 */
function literalsOf(source: string): string[] {
  const found: string[] = [];
  let i = 0;
  const quoted = (quote: string) => {
    const start = ++i;
    while (i < source.length && source[i] !== quote && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
    found.push(source.slice(start, i));
    i++;
  };
  const template = () => {
    i++;
    let text = '';
    while (i < source.length && source[i] !== '`') {
      if (source[i] === '\\') {
        text += source.slice(i, i + 2);
        i += 2;
      } else if (source.startsWith('${', i)) {
        i += 2;
        code(true);
        text += '…';
      } else text += source[i++];
    }
    i++;
    found.push(text);
  };
  /** Code up to the end, or (inside `${`) up to its closing brace. */
  const code = (inside: boolean) => {
    let depth = 0;
    while (i < source.length) {
      const c = source[i] ?? '';
      if (source.startsWith('//', i)) i = source.includes('\n', i) ? source.indexOf('\n', i) : source.length;
      else if (source.startsWith('/*', i))
        i = source.includes('*/', i + 2) ? source.indexOf('*/', i + 2) + 2 : source.length;
      else if (c === "'" || c === '"') quoted(c);
      else if (c === '`') template();
      else {
        if (c === '{') depth++;
        if (c === '}' && depth-- === 0 && inside) {
          i++;
          return;
        }
        i++;
      }
    }
  };
  code(false);
  return found;
}

const modules = readdirSync(MODULES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const sourcesOf = (module: string) => readdirSync(join(MODULES_DIR, module)).filter(isSource).sort();
const read = (module: string, file: string) => readFileSync(join(MODULES_DIR, module, file), 'utf8');
const hasSql = (module: string, file: string) =>
  literalsOf(read(module, file)).some((text) => SQL.test(text));

describe('the module shape', () => {
  it('finds SQL in literals, not in comments or code', () => {
    const placeholder = ['$', '{cols.join(`, `)}'].join('');
    const source = `// SELECT x FROM y\nconst a = \`SELECT ${placeholder} FROM t\`; const b = 'DELETE FROM t';`;
    expect(literalsOf(source).filter((text) => SQL.test(text))).toEqual(['SELECT … FROM t', 'DELETE FROM t']);
    expect(SQL.test('Select a vehicle from the list')).toBe(false);
  });

  it('keeps SQL in repository files', () => {
    const misplaced = modules
      .filter((module) => !NOT_YET_CONVERTED.has(module))
      .flatMap((module) =>
        sourcesOf(module)
          .filter((file) => !isRepository(file) && !SQL_NOT_YET_MOVED[`${module}/${file}`])
          .filter((file) => hasSql(module, file))
          .map((file) => `${module}/${file}`),
      );
    expect(misplaced).toEqual([]);
  });

  it('gives every module routes, a service and a repository', () => {
    const missing = modules
      .filter((module) => !NOT_YET_CONVERTED.has(module))
      .flatMap((module) => {
        const files = sourcesOf(module);
        return [
          !WITHOUT_ROUTES[module] && !files.includes('index.ts') && `${module}: routes (index.ts)`,
          !files.some(isService) && !WITHOUT_ROUTES[module] && `${module}: a service`,
          // A module that touches no database (no SQL anywhere) has nothing for a repository to hold.
          !files.some(isRepository) &&
            files.some((file) => hasSql(module, file)) &&
            `${module}: a repository`,
        ].filter((problem) => problem !== false);
      });
    expect(missing).toEqual([]);
  });

  it('leaves the tenant scope to the access object', () => {
    const byHand = modules
      .filter((module) => !NOT_YET_CONVERTED.has(module))
      .flatMap((module) =>
        sourcesOf(module)
          .filter((file) => HAND_BUILT_SCOPE.test(read(module, file)))
          .map((file) => `${module}/${file}`),
      );
    expect(byHand).toEqual([]);
  });

  it('casts nothing through unknown', () => {
    const casts = modules.flatMap((module) =>
      sourcesOf(module)
        .filter((file) => /\bas unknown as\b/.test(read(module, file)))
        .map((file) => `${module}/${file}`),
    );
    expect(casts).toEqual([]);
  });

  it('lists only modules that exist and still need the list', () => {
    expect([...NOT_YET_CONVERTED].filter((module) => !modules.includes(module))).toEqual([]);
    const moved = Object.keys(SQL_NOT_YET_MOVED).filter((path) => {
      const [module = '', file = ''] = path.split('/');
      return !modules.includes(module) || !sourcesOf(module).includes(file) || !hasSql(module, file);
    });
    expect(moved).toEqual([]);
  });
});
