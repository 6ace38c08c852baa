// One-time upload addresses, for objects that must not be replaced once checked (event clips;
// firmware files next). Each signed PUT address names a key of its own (freshKeyLike), recorded
// with its owner (0048_one_time_uploads.sql):
// - the local store's upload route takes the slot before it writes (take/release): a second PUT to
//   the address, concurrent or later, is refused (409) and writes nothing;
// - an S3 bucket takes presigned PUTs itself, without asking us: there, one-time use comes from the
//   key. The owner's check accepts one slot's object (accept) and copies it, inside the store, to a
//   key no address ever named, recording its SHA-256 and size; what a later PUT to the address
//   leaves behind is no object of anyone's, and is swept;
// - reading the kept object (verify) hashes it again: bytes that no longer match are never served.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/client.ts';
import { freshKeyLike } from './objectKeys.ts';
import type { ObjectStorage } from './storage.ts';
import {
  acceptSlot,
  deleteSlots,
  expiredSlots,
  insertSlot,
  openSlotsOf,
  releaseSlot,
  takeSlot,
} from './uploads.repository.ts';

/** How many of an owner's addresses are looked at for its object (one per sending of a command). */
const SLOTS_LOOKED_AT = 10;
/** How long after its address expired a slot (and any object at its key) is kept. */
export const SLOT_KEPT_MS = 24 * 3600_000;

export interface UploadAddress {
  key: string;
  url: string;
  expiresAt: Date;
}

/** An accepted object, at a key of its own: what its owner records, and what verify checks. */
export interface KeptObject {
  key: string;
  sha256: string;
  bytes: number;
}

export type Integrity = 'intact' | 'missing' | 'altered';

/** The object's SHA-256 (hex) and size as the store serves it now, or undefined when it is not there. */
export async function sha256Of(
  storage: ObjectStorage,
  key: string,
): Promise<{ sha256: string; bytes: number } | undefined> {
  const stream = await storage.stream(key);
  if (!stream) return undefined;
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    const buffer = chunk as Buffer;
    hash.update(buffer);
    bytes += buffer.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export function oneTimeUploads(database: Queryable, storage: ObjectStorage) {
  return {
    /** A signed PUT address for one upload, under a fresh key like `like` (same area, month, name). */
    async issue(request: {
      like: string;
      owner: string;
      contentType: string;
      seconds: number;
    }): Promise<UploadAddress> {
      const key = freshKeyLike(request.like);
      const expiresAt = new Date(Date.now() + request.seconds * 1000);
      // Recorded before the address exists: an address the table does not know is refused.
      await insertSlot(database, { key, owner: request.owner, expiresAt });
      return { key, url: await storage.signedPutUrl(key, request.contentType, request.seconds), expiresAt };
    },

    /** The upload route takes the address for this request (see takeSlot). */
    take: (key: string) => takeSlot(database, key),

    /** The upload did not arrive whole: the address may be used again. */
    release: (key: string) => releaseSlot(database, key),

    /**
     * Accepts what arrived at the owner's newest address that has an object: copied to a key of its
     * own and hashed there (nothing can write that key), the uploaded objects of the owner's
     * addresses removed. Undefined when nothing arrived, or another check accepted it first.
     */
    async accept(owner: string): Promise<KeptObject | undefined> {
      const slots = await openSlotsOf(database, owner, SLOTS_LOOKED_AT);
      let source: string | undefined;
      for (const key of slots) if (!source && (await storage.head(key))) source = key;
      if (!source) return undefined;
      const key = freshKeyLike(source);
      await storage.copy(source, key);
      const read = await sha256Of(storage, key);
      if (!read || !(await acceptSlot(database, source, owner))) {
        await storage.delete(key);
        return undefined;
      }
      for (const slot of slots) await storage.delete(slot);
      return { key, ...read };
    },

    /** Whether the kept object is still the one accepted (size first, then every byte hashed). */
    async verify(kept: KeptObject): Promise<Integrity> {
      const head = await storage.head(kept.key);
      if (!head) return 'missing';
      if (head.bytes !== kept.bytes) return 'altered';
      const read = await sha256Of(storage, kept.key);
      if (!read) return 'missing';
      return read.sha256 === kept.sha256 && read.bytes === kept.bytes ? 'intact' : 'altered';
    },

    /**
     * Forgets slots whose address expired SLOT_KEPT_MS before `now`, removing any object at their
     * keys (an upload never accepted, or a PUT after the acceptance). Answers how many.
     */
    async sweep(now: Date, limit: number): Promise<number> {
      const keys = await expiredSlots(database, new Date(now.getTime() - SLOT_KEPT_MS), limit);
      // Objects first: a failure leaves the rows, and the next sweep tries again.
      for (const key of keys) await storage.delete(key);
      await deleteSlots(database, keys);
      return keys.length;
    },
  };
}

export type OneTimeUploads = ReturnType<typeof oneTimeUploads>;
