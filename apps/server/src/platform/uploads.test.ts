// One-time upload addresses on both stores: local disk always, an S3-compatible server when
// S3_TEST_ENDPOINT names one (CI). What a check accepts is copied under a key no address named,
// hashed there, and read back only while it matches; a PUT to a used S3 address (the bucket cannot
// refuse it) changes nothing kept. The local store's route, which refuses that PUT, is tested in
// modules/storage.
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../testing/database.ts';
import { freshKeyLike, newObjectKey } from './objectKeys.ts';
import { createLocalStorage } from './storage.local.ts';
import { createS3Storage } from './storage.s3.ts';
import { s3TestSettings } from './storage.testing.ts';
import type { ObjectStorage } from './storage.ts';
import { oneTimeUploads, SLOT_KEPT_MS, type UploadAddress } from './uploads.ts';

let db: TestDatabase;
let root = '';
beforeAll(async () => {
  db = await createTestDatabase();
  root = await mkdtemp(join(tmpdir(), 'fleetlens-uploads-'));
});
afterAll(async () => {
  await db?.drop();
  await rm(root, { recursive: true, force: true });
});

const sha256 = (body: Buffer) => createHash('sha256').update(body).digest('hex');
const like = () => newObjectKey('clips', new Date(), 'cam1_20261123100001.mp4');
const putTo = (url: string, body: Buffer) =>
  fetch(url, { method: 'PUT', headers: { 'content-type': 'video/mp4' }, body: new Uint8Array(body) });

describe('object keys of uploads', () => {
  it('are fresh for each address, keeping the area, month and name', () => {
    const key = like();
    const fresh = freshKeyLike(key);
    expect(fresh).not.toBe(key);
    expect(fresh.split('/').filter((_, i) => i !== 3)).toEqual(key.split('/').filter((_, i) => i !== 3));
    expect(() => freshKeyLike('clips/x/cam1.mp4')).toThrow();
  });
});

/** `upload` does what a device does with the address on that store. */
function oneTime(
  name: string,
  make: () => ObjectStorage,
  upload: (storage: ObjectStorage, address: UploadAddress, body: Buffer) => Promise<void>,
) {
  describe(`${name}: one-time uploads`, () => {
    it('accept the newest upload of their owner, once, under a key no address named', async () => {
      const storage = make();
      const uploads = oneTimeUploads(db, storage);
      const owner = randomUUID();
      const issue = (who: string) =>
        uploads.issue({ like: like(), owner: who, contentType: 'video/mp4', seconds: 300 });
      // The command went out twice (the device came back): two addresses, both used.
      const [first, second] = [await issue(owner), await issue(owner)];
      expect(first.key).not.toBe(second.key);
      const old = Buffer.from('uploaded to the first address');
      const body = Buffer.from('uploaded to the second address');
      await upload(storage, first, old);
      await upload(storage, second, body);
      const kept = await uploads.accept(owner);
      expect(kept).toEqual({ key: expect.any(String), sha256: sha256(body), bytes: body.length });
      if (!kept) throw new Error('kept');
      expect([first.key, second.key]).not.toContain(kept.key);
      expect(kept.key.endsWith('/cam1_20261123100001.mp4')).toBe(true);
      expect(await storage.head(first.key)).toBeNull();
      expect(await storage.head(second.key)).toBeNull();
      expect(await storage.head(kept.key)).toEqual({ bytes: body.length, contentType: 'video/mp4' });
      // Accepted once; another owner's check never takes these, nor an object at a key it did not issue.
      expect(await uploads.accept(owner)).toBeUndefined();
      const stranger = randomUUID();
      await issue(stranger);
      await storage.put(freshKeyLike(first.key), body, 'video/mp4');
      expect(await uploads.accept(stranger)).toBeUndefined();
      expect(await uploads.verify(kept)).toBe('intact');
    });

    it('never call an altered or missing object intact', async () => {
      const storage = make();
      const uploads = oneTimeUploads(db, storage);
      const owner = randomUUID();
      const address = await uploads.issue({ like: like(), owner, contentType: 'video/mp4', seconds: 300 });
      const body = Buffer.from('the evidence, as it arrived');
      await upload(storage, address, body);
      const kept = await uploads.accept(owner);
      if (!kept) throw new Error('kept');
      // Same size, other bytes: only the hash tells.
      const forged = Buffer.from(body.toString().replace('evidence', 'evidenze'));
      await storage.put(kept.key, forged, 'video/mp4');
      expect(await uploads.verify(kept)).toBe('altered');
      await storage.put(kept.key, Buffer.concat([body, body]), 'video/mp4');
      expect(await uploads.verify(kept)).toBe('altered');
      await storage.delete(kept.key);
      expect(await uploads.verify(kept)).toBe('missing');
    });

    it('forget expired addresses a day on, with whatever a late upload left at them', async () => {
      const storage = make();
      const uploads = oneTimeUploads(db, storage);
      const address = await uploads.issue({
        like: like(),
        owner: randomUUID(),
        contentType: 'video/mp4',
        seconds: 60,
      });
      await upload(storage, address, Buffer.from('never accepted'));
      expect(await uploads.sweep(new Date(), 1000)).toBe(0);
      const later = new Date(Date.now() + 60_000 + SLOT_KEPT_MS + 1000);
      expect(await uploads.sweep(later, 1000)).toBeGreaterThanOrEqual(1);
      expect(await storage.head(address.key)).toBeNull();
      expect(await uploads.take(address.key)).toBe('unknown');
    });
  });
}

// The local store's uploads go through its route (modules/storage), which takes the slot first.
oneTime(
  'local disk',
  () =>
    createLocalStorage({
      root,
      baseUrl: 'http://fleet.test/objects',
      signingKey: async () => Buffer.alloc(32, 7),
    }),
  async (storage, address, body) => {
    expect(await oneTimeUploads(db, storage).take(address.key)).toBe('taken');
    await storage.put(address.key, body, 'video/mp4');
  },
);

const s3 = s3TestSettings();
if (s3)
  oneTime(
    'S3-compatible server',
    () => createS3Storage(s3),
    async (_storage, address, body) => {
      expect((await putTo(address.url, body)).status).toBe(200);
    },
  );

describe.skipIf(!s3 && process.env.REQUIRE_S3 !== '1')('S3-compatible server: a used address', () => {
  it.skipIf(!s3)(
    'takes a second PUT into nothing anyone keeps: the accepted object stays as it was',
    async () => {
      const storage = createS3Storage(s3 as NonNullable<typeof s3>);
      const uploads = oneTimeUploads(db, storage);
      const owner = randomUUID();
      const address = await uploads.issue({ like: like(), owner, contentType: 'video/mp4', seconds: 300 });
      const body = Buffer.from('first and only evidence');
      expect((await putTo(address.url, body)).status).toBe(200);
      const kept = await uploads.accept(owner);
      if (!kept) throw new Error('kept');
      // The bucket takes it (a presigned address cannot be spent), but it lands on no kept key.
      expect((await putTo(address.url, Buffer.from('replacement'))).status).toBe(200);
      expect(await uploads.accept(owner)).toBeUndefined();
      expect(await uploads.verify(kept)).toBe('intact');
      expect((await storage.get(kept.key))?.equals(body)).toBe(true);
    },
  );
});
