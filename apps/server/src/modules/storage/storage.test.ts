// The local store's signed addresses, served by our own routes: what a device and a browser do
// with them, and every way a request without our signature is refused (403, never a 5xx).
import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { newObjectKey } from '../../platform/objectKeys.ts';
import { type ObjectStorage, objectStorage } from '../../platform/storage.ts';
import { type OneTimeUploads, oneTimeUploads } from '../../platform/uploads.ts';
import { PUBLIC_URL, type StoringHarness, startHarness, storingIn } from '../../testing/harness.ts';

const MAX = 64 * 1024;
let h: StoringHarness;
let storage: ObjectStorage;
let uploads: OneTimeUploads;

beforeAll(async () => {
  const limit = { STORAGE_UPLOAD_MAX_BYTES: String(MAX) };
  h = await storingIn('signed', (env) => startHarness({ ...env, ...limit }));
  // The same store the server uses: same folder, same key in the same database.
  storage = objectStorage(
    loadConfig({ NODE_ENV: 'test', PUBLIC_URL, DATA_DIR: h.dataDir, ...limit }),
    h.database,
  );
  uploads = oneTimeUploads(h.database, storage);
});
afterAll(async () => h?.close());

/** Sends a signed address (absolute, as a device gets it) to the app. */
function send(
  url: string,
  init: { method?: 'GET' | 'PUT'; headers?: Record<string, string>; body?: Buffer | Readable } = {},
) {
  const { pathname, search, origin } = new URL(url);
  expect(origin).toBe(PUBLIC_URL);
  return h.app.inject({
    method: init.method ?? 'GET',
    url: `${pathname}${search}`,
    headers: init.headers,
    payload: init.body,
  });
}

const mp4 = { 'content-type': 'video/mp4' };
const clipKey = () => newObjectKey('clips', new Date(), 'cam1_20261123100001.mp4');
/** A one-time upload address, as a command hands it to a device. */
const uploadAddress = (seconds = 300) =>
  uploads.issue({ like: clipKey(), owner: randomUUID(), contentType: 'video/mp4', seconds });

describe('signed addresses of the local store', () => {
  it('take a device upload and give it back, whole, in ranges, or as a named download', async () => {
    const { key, url } = await uploadAddress();
    const body = Buffer.from('0123456789'.repeat(100));
    expect(url.startsWith(`${PUBLIC_URL}/api/v1/storage/objects/${key}?`)).toBe(true);
    const put = await send(url, { method: 'PUT', headers: mp4, body });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ bytes: 1000 });
    expect(await storage.head(key)).toEqual({ bytes: 1000, contentType: 'video/mp4' });

    const get = await send(await storage.signedGetUrl(key, 60));
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-type']).toBe('video/mp4');
    expect(get.headers['accept-ranges']).toBe('bytes');
    expect(get.rawPayload.equals(body)).toBe(true);

    const url2 = await storage.signedGetUrl(key, 60, { downloadName: 'Forklift 7 cam 1.mp4' });
    const part = await send(url2, { headers: { range: 'bytes=10-19' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe('bytes 10-19/1000');
    expect(part.body).toBe('0123456789');
    expect(part.headers['content-disposition']).toBe('attachment; filename="Forklift 7 cam 1.mp4"');
    expect((await send(url2, { headers: { range: 'bytes=-3' } })).body).toBe('789');
    // A range outside the object is ignored: the whole object.
    expect((await send(url2, { headers: { range: 'bytes=5000-' } })).statusCode).toBe(200);
    // HEAD, as players and download managers ask first: the headers, no body.
    const { pathname, search } = new URL(url2);
    const head = await h.app.inject({ method: 'HEAD', url: `${pathname}${search}` });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe('1000');
    expect(head.body).toBe('');
  });

  it('refuse a wrong, missing, expired or reused signature with 403, and store nothing', async () => {
    const issued = await uploadAddress();
    const key = issued.key;
    const url = new URL(issued.url);
    const body = Buffer.from('video');
    const variants: [string, string][] = [];
    const with_ = (change: (q: URLSearchParams) => void, path = url.pathname) => {
      const q = new URLSearchParams(url.search);
      change(q);
      return `${PUBLIC_URL}${path}?${q}`;
    };
    variants.push(['no signature', with_((q) => q.delete('signature'))]);
    variants.push(['no expiry', with_((q) => q.delete('expires'))]);
    variants.push(['later expiry', with_((q) => q.set('expires', String(Number(q.get('expires')) + 60)))]);
    variants.push(['other type', with_((q) => q.set('type', 'text/html'))]);
    variants.push(['bad signature', with_((q) => q.set('signature', 'x'.repeat(43)))]);
    variants.push(['other key', with_(() => {}, url.pathname.replace('cam1_', 'cam2_'))]);
    variants.push(['not a key', with_(() => {}, '/api/v1/storage/objects/clips/A/b.mp4')]);
    for (const [label, address] of variants) {
      const res = await send(address, { method: 'PUT', headers: mp4, body });
      expect(res.statusCode, label).toBe(403);
      expect(res.json().code, label).toBe(40300);
    }
    // The signed type only: a browser form's or another type is refused as S3 refuses it.
    const other = await send(url.href, { method: 'PUT', headers: { 'content-type': 'text/html' }, body });
    expect(other.statusCode).toBe(403);
    // A download address does not upload, an upload address does not download.
    expect((await send(url.href)).statusCode).toBe(403);
    const get = await storage.signedGetUrl(key, 60);
    expect((await send(get, { method: 'PUT', headers: mp4, body })).statusCode).toBe(403);

    const expired = await uploadAddress(1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect((await send(expired.url, { method: 'PUT', headers: mp4, body })).statusCode).toBe(403);
    expect(await storage.head(expired.key)).toBeNull();
    expect(await storage.head(key)).toBeNull();
    // Signed but not (yet) there.
    expect((await send(get)).statusCode).toBe(404);
  });

  it('take one upload per address: a second or concurrent PUT is 409 and writes nothing', async () => {
    const first = Buffer.from('first upload');
    const second = Buffer.from('second upload');
    const { key, url } = await uploadAddress();
    expect((await send(url, { method: 'PUT', headers: mp4, body: first })).statusCode).toBe(200);
    const again = await send(url, { method: 'PUT', headers: mp4, body: second });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(40900);
    expect(again.json().message).toContain('has been used already');
    expect((await storage.get(key))?.equals(first)).toBe(true);

    // Two at once: the database gives the address to one of them.
    const racing = await uploadAddress();
    const answers = await Promise.all(
      [first, second].map((body) => send(racing.url, { method: 'PUT', headers: mp4, body })),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers[0]?.statusCode === 200 ? first : second;
    expect((await storage.get(racing.key))?.equals(winner)).toBe(true);

    // Signed right, but never issued as an upload address: refused like a forged one.
    const unissued = await storage.signedPutUrl(clipKey(), 'video/mp4', 300);
    expect((await send(unissued, { method: 'PUT', headers: mp4, body: first })).statusCode).toBe(403);
  });

  it(`refuse an upload over STORAGE_UPLOAD_MAX_BYTES with 413 and leave nothing behind`, async () => {
    const { key, url } = await uploadAddress();
    const big = await send(url, { method: 'PUT', headers: mp4, body: Buffer.alloc(MAX + 1) });
    expect(big.statusCode).toBe(413);
    // Sent in chunks without a length: stopped at the cap while it streams.
    const chunks = Readable.from([Buffer.alloc(MAX / 2), Buffer.alloc(MAX / 2), Buffer.alloc(1)]);
    const streamed = await send(url, { method: 'PUT', headers: mp4, body: chunks });
    expect(streamed.statusCode).toBe(413);
    expect(await storage.head(key)).toBeNull();
    expect(await readdir(join(h.dataDir, 'objects', ...key.split('/').slice(0, -1)))).toEqual([]);
    // Exactly the cap is fine.
    expect((await send(url, { method: 'PUT', headers: mp4, body: Buffer.alloc(MAX) })).statusCode).toBe(200);
  });

  it('answer junk in the address with 4xx', async () => {
    for (const path of [
      '',
      'a',
      'clips/x/y.mp4?expires=abc',
      'clips/%00/x',
      `clips/x?signature=${'a'.repeat(300)}`,
    ]) {
      const res = await h.app.inject({ method: 'PUT', url: `/api/v1/storage/objects/${path}`, payload: 'x' });
      expect(res.statusCode, path).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, path).toBeLessThan(500);
    }
  });
});
