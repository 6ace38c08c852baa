// Test code and the code that ships stay apart. Test-only files are `*.test.ts` and everything in
// `src/testing/` (the harness, the samples and every module's access walks, in `testing/walks/`);
// no other file of the server imports one of them, so the running server never loads a harness, a
// sample or a walk, and a module never leans on its tests. A module does not import `app.ts`
// either: the app is built from the modules, never the other way round.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { strayWalks } from './walks/discover.ts';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const APP = join(SRC, 'app.ts');

const isTestOnly = (path: string): boolean =>
  /\.test\.ts$/.test(path) || relative(SRC, path).split('/')[0] === 'testing';

const isModule = (path: string): boolean => relative(SRC, path).split('/')[0] === 'modules';

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** The relative imports of a file (static, re-exports and dynamic), resolved to paths. */
function importsOf(path: string): string[] {
  const text = readFileSync(path, 'utf8');
  const specifiers = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)'(\.[^']+)'/g)];
  return specifiers.map((m) => resolve(dirname(path), m[1] as string));
}

const edges = (from: (path: string) => boolean, to: (path: string) => boolean): string[] =>
  sources(SRC)
    .filter((path) => !isTestOnly(path) && from(path))
    .flatMap((path) =>
      importsOf(path)
        .filter(to)
        .map((target) => `${relative(SRC, path)} → ${relative(SRC, target)}`),
    );

describe('test code stays apart from the server', () => {
  it('no shipped file imports a test or src/testing', () => {
    expect(edges(() => true, isTestOnly)).toEqual([]);
  });

  it('no module file imports src/testing or app.ts', () => {
    expect(edges(isModule, (target) => isTestOnly(target) || target === APP)).toEqual([]);
  });

  it('keeps no access walk beside a module (they live in testing/walks/)', () => {
    expect(strayWalks()).toEqual([]);
  });

  it('sees an import into src/testing from a module', () => {
    const module = join(SRC, 'modules/vehicles/service.ts');
    expect(isTestOnly(module)).toBe(false);
    expect(isModule(module)).toBe(true);
    expect(isTestOnly(join(SRC, 'testing/harness.ts'))).toBe(true);
    expect(isTestOnly(join(SRC, 'testing/walks/vehicles.isolation.ts'))).toBe(true);
    expect(isTestOnly(join(SRC, 'modules/vehicles/isolation.walk.ts'))).toBe(false);
    expect(importsOf(join(SRC, 'testing/deviceLink.ts'))).toContain(join(SRC, 'testing/harness.ts'));
    expect(importsOf(join(SRC, 'main.ts'))).toContain(APP);
  });
});
