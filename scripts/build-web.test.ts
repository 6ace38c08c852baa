// The start's build step reuses a build only while every input file is the same.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sourcesHash } from './build-web.ts';

const root = mkdtempSync(join(tmpdir(), 'fleetlens-build-web-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the web build's inputs", () => {
  it('hash the same while unchanged, differently after an edit, and ignore the output', () => {
    mkdirSync(join(root, 'web/src'), { recursive: true });
    mkdirSync(join(root, 'web/dist'), { recursive: true });
    writeFileSync(join(root, 'web/src/a.ts'), 'export const a = 1;');
    writeFileSync(join(root, 'lock.json'), '{}');
    const inputs = ['web', 'lock.json'];
    const first = sourcesHash(root, inputs);
    writeFileSync(join(root, 'web/dist/index.html'), '<html></html>');
    expect(sourcesHash(root, inputs)).toBe(first);
    writeFileSync(join(root, 'web/src/a.ts'), 'export const a = 2;');
    expect(sourcesHash(root, inputs)).not.toBe(first);
    writeFileSync(join(root, 'web/src/a.ts'), 'export const a = 1;');
    writeFileSync(join(root, 'lock.json'), '{"x":1}');
    expect(sourcesHash(root, inputs)).not.toBe(first);
  });
});
