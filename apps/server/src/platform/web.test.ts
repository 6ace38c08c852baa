// The built console as the server sends it: compressed (brotli, gzip) when the browser accepts it,
// hashed assets cached for good, index.html revalidated, a missing chunk a 404; and the address the
// console belongs at.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../testing/harness.ts';

let h: Harness;
let dist: string;
const html = `<!doctype html><html><body><div id="root"></div>${'<!-- padding -->'.repeat(100)}</body></html>`;
const script = `export const answer = ${JSON.stringify('x'.repeat(4000))};`;

/** A dist folder shaped as Vite's build with the precompressing plugin leaves it. */
function writeDist(dir: string): void {
  mkdirSync(join(dir, 'assets'));
  for (const [name, text] of [
    ['index.html', html],
    ['assets/index-Ab12Cd34.js', script],
  ] as const) {
    writeFileSync(join(dir, name), text);
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
}

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'fleetlens-web-'));
  writeDist(dist);
  h = await startHarness({ WEB_DIST: dist, OIDC_REDIRECT_URIS: 'http://localhost:5173/' });
});
afterAll(async () => {
  await h?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  h.app.inject({ url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the console files', () => {
  it('sends a hashed asset in brotli or gzip as the browser accepts, cached for good', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('sends index.html compressed and revalidated, at / and at any console path', async () => {
    for (const url of ['/', '/index.html', '/some/deep/link']) {
      const res = await get(url, 'br');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(html);
    }
  });

  it('sends a file a rebuild wrote after the start, without a restart', async () => {
    // `npm run build` beside a running server: the new chunk names must answer at once.
    const rebuilt = `export const rebuilt = ${JSON.stringify('y'.repeat(4000))};`;
    writeFileSync(join(dist, 'assets/index-Rebuilt1.js'), rebuilt);
    writeFileSync(join(dist, 'assets/index-Rebuilt1.js.br'), brotliCompressSync(rebuilt));
    const res = await get('/assets/index-Rebuilt1.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(rebuilt);
    writeFileSync(join(dist, 'favicon-new.svg'), '<svg/>');
    const icon = await get('/favicon-new.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a chunk that is not there (the version before a deploy), not index.html', async () => {
    const res = await get('/assets/screens-Old00000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/html/);
  });
});

describe("the console's address", () => {
  it('is told to the console before sign-in, with every origin it may be opened at', async () => {
    // Opened elsewhere (http://127.0.0.1:8080 for PUBLIC_URL http://localhost:8080), the console
    // goes to this address instead of waiting on a sign-in the realm would refuse.
    const res = await h.app.inject('/api/v1/config');
    expect(res.json().data).toMatchObject({
      consoleUrl: 'http://fleet.test',
      consoleOrigins: ['http://fleet.test', 'http://localhost:5173'],
    });
  });
});
