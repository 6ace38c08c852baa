// One contract for both stores: the local disk (always) and an S3-compatible server (when
// S3_TEST_ENDPOINT names one: CI starts one, see .ci/run; with REQUIRE_S3=1 a missing one fails
// instead of skipping). The S3 part goes through real HTTP, signed addresses included.
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { assertObjectKey, newObjectKey } from './objectKeys.ts';
import { createLocalStorage } from './storage.local.ts';
import { createS3Storage } from './storage.s3.ts';
import { s3TestSettings } from './storage.testing.ts';
import { type ObjectStorage, objectStorage } from './storage.ts';

let root = '';
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'fleetlens-objects-'));
});
afterAll(async () => rm(root, { recursive: true, force: true }));

const text = async (stream: NodeJS.ReadableStream | undefined) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream ?? []) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
};

describe('object keys', () => {
  it('are made by the server and cannot name a path outside the store', () => {
    expect(newObjectKey('files')).toMatch(/^files\/\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    expect(newObjectKey('clips', new Date('2026-11-23T10:00:01Z'), 'cam1_20261123100001.mp4')).toMatch(
      /^clips\/2026\/11\/[0-9a-f-]{36}\/cam1_20261123100001\.mp4$/,
    );
    for (const bad of [
      '../etc/passwd',
      'files/../../x',
      'files/..',
      'files/.hidden',
      'files/a..mp4',
      'files/a.b.mp4',
      'files/a_b/c',
      '/files/a',
      'files//a',
      'files\\a',
      'a',
      '',
    ])
      expect(() => assertObjectKey(bad), bad).toThrow();
  });
});

/** The behaviour every store shares, through the interface alone. */
function contract(name: string, make: () => ObjectStorage) {
  describe(`${name}: the store`, () => {
    it('puts, gets, streams, inspects and deletes by key', async () => {
      const storage = make();
      const key = newObjectKey('files');
      await storage.put(key, Buffer.from('hello fleet'), 'text/plain');
      expect((await storage.get(key))?.toString()).toBe('hello fleet');
      expect(await text(await storage.stream(key))).toBe('hello fleet');
      expect(await storage.head(key)).toEqual({ bytes: 11, contentType: 'text/plain' });
      expect((await storage.readStart(key, 5))?.toString()).toBe('hello');
      expect((await storage.readStart(key, 100))?.toString()).toBe('hello fleet');
      await storage.delete(key);
      expect(await storage.get(key)).toBeUndefined();
      expect(await storage.stream(key)).toBeUndefined();
      expect(await storage.head(key)).toBeNull();
      expect(await storage.readStart(key, 5)).toBeUndefined();
      await storage.delete(key); // deleting twice is fine
    });

    it('copies an object with its content type, leaving the original', async () => {
      const storage = make();
      const [from, to] = [
        newObjectKey('clips', new Date(), 'cam1_20261123100001.mp4'),
        newObjectKey('files'),
      ];
      await storage.put(from, Buffer.from('kept as it was'), 'video/mp4');
      await storage.copy(from, to);
      expect((await storage.get(to))?.toString()).toBe('kept as it was');
      expect(await storage.head(to)).toEqual({ bytes: 14, contentType: 'video/mp4' });
      expect(await storage.head(from)).toEqual({ bytes: 14, contentType: 'video/mp4' });
      await storage.delete(from);
      await storage.delete(to);
    });

    it('stores a stream, in parts when it is large', async () => {
      const storage = make();
      const key = newObjectKey('clips', new Date(), 'cam2_20261123100001.mp4');
      const bytes = randomBytes(17 * 1024 * 1024);
      const parts = [bytes.subarray(0, 9_000_000), bytes.subarray(9_000_000)];
      await storage.put(key, Readable.from(parts), 'video/mp4');
      expect(await storage.head(key)).toEqual({ bytes: bytes.length, contentType: 'video/mp4' });
      expect((await storage.get(key))?.equals(bytes)).toBe(true);
      await storage.delete(key);
    });

    it('refuses a key it did not make', async () => {
      const storage = make();
      await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow();
      await expect(storage.signedPutUrl('files/../x', 'video/mp4', 60)).rejects.toThrow();
      await expect(storage.signedGetUrl(newObjectKey('files'), 0)).rejects.toThrow();
    });
  });
}

contract('local disk', () => createLocalStorage({ root }));

describe('local disk: files', () => {
  it('leaves no partial file behind, only the object and its content type', async () => {
    const storage = createLocalStorage({ root });
    const key = newObjectKey('manuals');
    await storage.put(key, Buffer.alloc(1024, 1), 'application/pdf');
    const folder = join(root, ...key.split('/').slice(0, -1));
    const name = key.split('/').at(-1);
    expect((await readdir(folder)).sort()).toEqual([name, `${name}.meta.json`]);
  });

  it('signs addresses only with a key, and verifies what it signed', async () => {
    const key = newObjectKey('clips', new Date(), 'cam1_20261123100001.mp4');
    await expect(createLocalStorage({ root }).signedPutUrl(key, 'video/mp4', 60)).rejects.toThrow();
    const signingKey = async () => Buffer.alloc(32, 7);
    const storage = createLocalStorage({ root, baseUrl: 'http://fleet.test/objects', signingKey });
    const put = new URL(await storage.signedPutUrl(key, 'video/mp4', 60));
    expect(put.pathname).toBe(`/objects/${key}`);
    const query = {
      expires: Number(put.searchParams.get('expires')),
      signature: put.searchParams.get('signature') ?? '',
      type: put.searchParams.get('type') ?? '',
    };
    expect(await storage.verify('PUT', key, query)).toBe(true);
    expect(await storage.verify('GET', key, query)).toBe(false);
    expect(await storage.verify('PUT', key, { ...query, type: 'text/html' })).toBe(false);
    expect(await storage.verify('PUT', `${key.slice(0, -5)}2.mp4`, query)).toBe(false);
    expect(await storage.verify('PUT', key, query, (query.expires + 1) * 1000)).toBe(false);
    const get = new URL(await storage.signedGetUrl(key, 60, { downloadName: 'Forklift 7 — cam 1.mp4' }));
    expect(get.searchParams.get('name')).toBe('Forklift 7 — cam 1.mp4');
  });
});

const s3 = s3TestSettings();
if (s3) contract('S3-compatible server', () => createS3Storage(s3));

describe.skipIf(!s3 && process.env.REQUIRE_S3 !== '1')('S3-compatible server: signed addresses', () => {
  it('is there when CI requires it', () => expect(s3, 'REQUIRE_S3=1 but no S3_TEST_ENDPOINT').toBeDefined());

  it.skipIf(!s3)(
    'uploads through a signed PUT with the signed content type only, and downloads',
    async () => {
      const storage = createS3Storage(s3 as NonNullable<typeof s3>);
      const key = newObjectKey('clips', new Date(), 'cam1_20261123100001.mp4');
      const body = randomBytes(4096);
      const url = await storage.signedPutUrl(key, 'video/mp4', 60);
      const wrongType = await fetch(url, { method: 'PUT', headers: { 'content-type': 'text/html' }, body });
      expect(wrongType.status).toBe(403);
      const tampered = url.replace(
        /X-Amz-Signature=([0-9a-f])/,
        (_, c) => `X-Amz-Signature=${c === '0' ? '1' : '0'}`,
      );
      expect(
        (await fetch(tampered, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body })).status,
      ).toBe(403);
      expect(await storage.head(key)).toBeNull();
      const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body });
      expect(put.status).toBe(200);
      expect(await storage.head(key)).toEqual({ bytes: 4096, contentType: 'video/mp4' });

      const get = await fetch(await storage.signedGetUrl(key, 60, { downloadName: 'cam 1.mp4' }));
      expect(get.status).toBe(200);
      expect(get.headers.get('content-disposition')).toBe('attachment; filename="cam 1.mp4"');
      expect(Buffer.from(await get.arrayBuffer()).equals(body)).toBe(true);
      await storage.delete(key);
    },
  );

  it.skipIf(!s3)('is the store S3_BUCKET configures, its SDK loaded on first use', async () => {
    const settings = s3 as NonNullable<typeof s3>;
    const config = loadConfig({
      NODE_ENV: 'test',
      S3_BUCKET: settings.bucket,
      S3_ENDPOINT: settings.endpoint,
      S3_ACCESS_KEY_ID: settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: settings.secretAccessKey,
      S3_PREFIX: 'test',
    });
    // The S3 store signs with its credentials: it never reads the database's secrets.
    const storage = objectStorage(config, undefined as unknown as DatabaseHandle);
    expect(storage.kind).toBe('s3');
    const key = newObjectKey('files');
    await storage.put(key, Buffer.from('configured'), 'text/plain');
    expect(await storage.head(key)).toEqual({ bytes: 10, contentType: 'text/plain' });
    expect(new URL(await storage.signedGetUrl(key, 60)).pathname).toBe(`/${settings.bucket}/test/${key}`);
    await storage.delete(key);
  });

  it.skipIf(!s3)('refuses an expired address', async () => {
    const storage = createS3Storage(s3 as NonNullable<typeof s3>);
    const key = newObjectKey('clips', new Date(), 'cam3_20261123100001.mp4');
    const url = await storage.signedPutUrl(key, 'video/mp4', 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const put = await fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: 'late' });
    expect(put.status).toBe(403);
    expect(await storage.head(key)).toBeNull();
  });
});
