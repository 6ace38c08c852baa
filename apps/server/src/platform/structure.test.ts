// The server's module shape, checked so it cannot drift (docs/decisions/2026-11-26-access-object-and-module-shape.md):
// every module under modules/ has routes (index.ts: schema and guard, a line each), a service (the
// rules: service.ts or *.service.ts) and, when it uses the database, a repository (the SQL:
// repository.ts or *.repository.ts);
// SQL appears in repository files only, in modules/ and in platform/; no module builds the tenant
// scope by hand (the guard's access object does, platform/access.ts); no module casts through
// `unknown`, the way a database row used to be forced into a DTO; a module imports nothing of
// another but its public face (`public.ts`); and a plain resource's path and
// page names are written once, in its description (contracts resources/), not again in a module,
// a walk or a web screen.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import {
  allRoutes,
  featureOf,
  manufacturerResource,
  RESOURCES,
  type ResourceDescription,
} from '@fleetlens/contracts';
import { describe, expect, it } from 'vitest';

const SRC_DIR = join(import.meta.dirname, '..');
const MODULES_DIR = join(SRC_DIR, 'modules');
const PLATFORM_DIR = import.meta.dirname;
const ROOT_DIR = join(SRC_DIR, '..', '..', '..');
const WEB_DIR = join(ROOT_DIR, 'apps', 'web', 'src');

/** Files whose literal only looks like a restatement: a sub-path of their own with the same name. */
const SAME_NAME_ONLY: Record<string, string> = {
  'apps/web/src/features/cases/api.ts': "a case's /vehicles and /devices/{id}",
  'apps/web/src/features/maintenances/api.ts': "a maintenance plan's /vehicles",
  'apps/web/src/features/users/api.ts': "a user's /devices (their browsers)",
};

/** Modules without HTTP routes: they need no index.ts of routes. */
const WITHOUT_ROUTES: Record<string, string> = {
  // The demo's data, created at start-up (main.ts); seed.ts and fleet.ts are its services.
  demo: 'start-up data',
};

/**
 * The one file of a module that other modules may import (`modules/<m>/public.ts`): it re-exports
 * what they may use. Everything else in a module is its own; tests and the test harness may reach
 * further to set a case up.
 */
const PUBLIC_FACE = 'public.ts';
/**
 * A module's running parts: the state it starts and owns. Other modules reach them only through
 * the platform (`platform.deviceLink`: its commands and hooks), so its public face leaves them out.
 */
const RUNNING_PARTS: Record<string, string[]> = {
  'device-link': ['link.ts', 'commands.ts', 'broker.ts', 'external.ts', 'adoption.ts', 'tasks.ts'],
};
/** The sources of modules by name and file, as read from modules/ (or given by a test). */
type ModuleTree = Record<string, Record<string, string>>;
/** Relative imports and re-exports of a source (static and dynamic). */
const importsOf = (source: string) =>
  [...source.matchAll(/(?:\bfrom|\bimport\s*\()\s*'(\.[^']+)'/g)].map(([, path = '']) => path);
/**
 * Where modules reach past each other's public face: `events/service.ts imports device-link/commands.repository.ts`,
 * and a public face that hands out a running part.
 */
function reachingImports(tree: ModuleTree): string[] {
  return Object.entries(tree).flatMap(([module, files]) =>
    Object.entries(files).flatMap(([file, source]) =>
      importsOf(source).flatMap((path) => {
        const [other, target, ...deeper] = relative(MODULES_DIR, join(MODULES_DIR, module, path)).split('/');
        if (!other || other.startsWith('..') || !target) return [];
        if (other === module)
          return file === PUBLIC_FACE && RUNNING_PARTS[module]?.includes(target)
            ? [`${module}/${file} hands out its running part ${target}`]
            : [];
        return target === PUBLIC_FACE && deeper.length === 0
          ? []
          : [`${module}/${file} imports ${other}/${[target, ...deeper].join('/')}`];
      }),
    ),
  );
}
/** A hook of the device link's parts overwritten or added to by hand (the platform keeps them). */
const HOOK_WRITTEN = /\.(signUpload|publish|onOnline)\s*=(?!=)|\.(committed|sent|online)\.push\(/;

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
    const misplaced = modules.flatMap((module) =>
      sourcesOf(module)
        .filter((file) => !isRepository(file) && hasSql(module, file))
        .map((file) => `${module}/${file}`),
    );
    expect(misplaced).toEqual([]);
  });

  it('gives every module routes, a service and a repository', () => {
    const missing = modules.flatMap((module) => {
      const files = sourcesOf(module);
      return [
        !WITHOUT_ROUTES[module] && !files.includes('index.ts') && `${module}: routes (index.ts)`,
        !files.some(isService) && !WITHOUT_ROUTES[module] && `${module}: a service`,
        // A module that touches no database (no SQL anywhere) has nothing for a repository to hold.
        !files.some(isRepository) && files.some((file) => hasSql(module, file)) && `${module}: a repository`,
      ].filter((problem) => problem !== false);
    });
    expect(missing).toEqual([]);
  });

  it('leaves the tenant scope to the access object', () => {
    const byHand = modules.flatMap((module) =>
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

  it('keeps SQL in platform repository files', () => {
    const misplaced = readdirSync(PLATFORM_DIR)
      .filter((file) => isSource(file) && !file.endsWith('.testing.ts'))
      .filter((file) => !isRepository(file))
      .filter((file) =>
        literalsOf(readFileSync(join(PLATFORM_DIR, file), 'utf8')).some((text) => SQL.test(text)),
      )
      .sort();
    expect(misplaced).toEqual([]);
  });

  it('finds a module reaching past another’s public face, and a hook written by hand', () => {
    const fixture: ModuleTree = {
      events: {
        'service.ts': [
          "import { abandonCommands } from '../device-link/commands.repository.ts';",
          "import { parseLinkState } from '../device-link/public.ts';",
          "import { eventsByIds } from './repository.ts';",
          "export { hashPassword } from '../identity/password.ts';",
          "const link = await import('../device-link/link.ts');",
          "import { seedDemo } from '../../modules/demo/seed.ts';",
        ].join('\n'),
      },
      'device-link': {
        'public.ts':
          "export { runningLinks } from './link.ts';\nexport { parseLinkState } from './states.repository.ts';",
        'ingest.ts':
          "import { ApiError } from '../../platform/errors.ts';\nimport { runningLinks } from './link.ts';",
      },
    };
    expect(reachingImports(fixture)).toEqual([
      'events/service.ts imports device-link/commands.repository.ts',
      'events/service.ts imports identity/password.ts',
      'events/service.ts imports device-link/link.ts',
      'events/service.ts imports demo/seed.ts',
      'device-link/public.ts hands out its running part link.ts',
    ]);
    expect(HOOK_WRITTEN.test('commands.signUpload = sign;')).toBe(true);
    expect(HOOK_WRITTEN.test('link.ingestor.committed.push((p) => p);')).toBe(true);
    expect(HOOK_WRITTEN.test('if (a.publish === b) platform.deviceLink.onCommitted(f);')).toBe(false);
  });

  it('joins modules only through their public faces and the platform: no internals, no hook by hand', () => {
    const tree: ModuleTree = Object.fromEntries(
      modules.map((module) => [
        module,
        Object.fromEntries(sourcesOf(module).map((file) => [file, read(module, file)])),
      ]),
    );
    const hooks = modules.flatMap((module) =>
      sourcesOf(module)
        .filter((file) => module !== 'device-link' && HOOK_WRITTEN.test(read(module, file)))
        .map((file) => `${module}/${file} writes a device-link hook`),
    );
    expect([...reachingImports(tree), ...hooks]).toEqual([]);
  });

  it('finds a described resource restated in a literal, and only there', () => {
    const probe = restatementsOf(describedVendors);
    expect(literalsOf("const a = '/manufacturers'; // '/manufacturers'").filter(probe)).toEqual([
      '/manufacturers',
    ]);
    expect(literalsOf(`const b = \`/manufacturers/\${id}/edit\`;`).filter(probe)).toEqual([
      '/manufacturers/…/edit',
    ]);
    expect(
      literalsOf("const c = 'manufacturerEdit'; const d = '/manufacturers/options';").filter(probe),
    ).toEqual(['manufacturerEdit']);
  });

  it('serves each plain resource from the server module and web feature its description names', () => {
    const missing = RESOURCES.flatMap((description: ResourceDescription) =>
      [join(MODULES_DIR, featureOf(description)), join(WEB_DIR, 'features', featureOf(description))]
        .filter((dir) => !existsSync(dir))
        .map((dir) => `${description.path}: ${relative(ROOT_DIR, dir)}`),
    );
    expect(missing).toEqual([]);
  });

  it('writes a plain resource’s path and page names only in its description', () => {
    expect(restatingFiles().filter((file) => !SAME_NAME_ONLY[file])).toEqual([]);
  });
});

/** The vendors' description as the probe test needs it (its path and pages). */
const describedVendors: ResourceDescription = manufacturerResource;

/**
 * Whether a literal restates the resource: its path, a record's address, a page's name or address.
 * A list page named like the resource itself (`vehicles`) is not looked for by name: that word is
 * also its table, its API tag and its translations' namespace; its address is looked for.
 */
function restatementsOf(description: ResourceDescription): (text: string) => boolean {
  const pages: string[] = Object.values(description.pages);
  const named = pages.filter((page) => page !== description.path.slice(1));
  const addresses = allRoutes()
    .filter((route) => route.path !== '' && pages.includes(route.name))
    .map((route) => route.path.replace(/:\w+/g, '…'));
  const texts = new Set<string>([
    description.path,
    `${description.path}/:id`,
    `${description.path}/…`,
    ...named,
    ...addresses,
  ]);
  return (text) => texts.has(text);
}

/** Source files (server modules, isolation walks, the web app) that restate a described resource. */
function restatingFiles(): string[] {
  const probes = RESOURCES.map(restatementsOf);
  const files = [
    ...sourcesUnder(MODULES_DIR),
    ...sourcesUnder(join(SRC_DIR, 'testing', 'walks')).filter((file) => file.endsWith('.isolation.ts')),
    ...sourcesUnder(WEB_DIR),
  ];
  return files
    .filter((file) =>
      literalsOf(readFileSync(file, 'utf8')).some((text) => probes.some((restates) => restates(text))),
    )
    .map((file) => relative(ROOT_DIR, file))
    .sort();
}

/** Every source file below `dir` (not tests, not test helpers). */
function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
    .filter((file) => !file.includes(`${join(WEB_DIR, 'test')}/`));
}
