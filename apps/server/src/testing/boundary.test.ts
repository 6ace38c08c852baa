// Test code and the code that ships stay apart. Test-only files are `*.test.ts`, the access walks
// (`*.walk.ts`, kept beside the module they describe) and everything in `src/testing/`; no other
// file of the server imports one of them, so the running server never loads a harness, a sample
// or a walk, and a module never leans on its tests.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

const isTestOnly = (path: string): boolean =>
  /\.(test|walk)\.ts$/.test(path) || relative(SRC, path).split('/')[0] === 'testing';

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

describe('test code stays apart from the server', () => {
  it('no shipped file imports a test, a walk or src/testing', () => {
    const leaks = sources(SRC)
      .filter((path) => !isTestOnly(path))
      .flatMap((path) =>
        importsOf(path)
          .filter(isTestOnly)
          .map((target) => `${relative(SRC, path)} → ${relative(SRC, target)}`),
      );
    expect(leaks).toEqual([]);
  });

  it('sees an import into src/testing from a module', () => {
    const module = join(SRC, 'modules/vehicles/service.ts');
    expect(isTestOnly(module)).toBe(false);
    expect(isTestOnly(join(SRC, 'testing/harness.ts'))).toBe(true);
    expect(isTestOnly(join(SRC, 'modules/vehicles/isolation.walk.ts'))).toBe(true);
    expect(importsOf(join(SRC, 'testing/deviceLink.ts'))).toContain(join(SRC, 'testing/harness.ts'));
  });
});
