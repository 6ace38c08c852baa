// The rules of the signed addresses (routes in index.ts): the HMAC in the query is the permission,
// bound to method, key, expiry and content type; an upload address is good for one upload
// (platform/uploads.ts) and is streamed to the store under a cap; a download may ask for one byte
// range (video players seek with them).
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { pipeline, type Readable, Transform } from 'node:stream';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { ApiError } from '../../platform/errors.ts';
import type { LocalObjectStorage, SignedQuery } from '../../platform/storage.local.ts';
import { isObjectKey, objectStorage } from '../../platform/storage.ts';
import { oneTimeUploads } from '../../platform/uploads.ts';

/** The one range `bytes=a-b`, `bytes=a-` or `bytes=-n` inside the object; anything else is ignored. */
function rangeOf(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header ?? '');
  if (!match || size === 0 || (match[1] === '' && match[2] === '')) return undefined;
  const [from, to] = [match[1] ?? '', match[2] ?? ''];
  const start = from === '' ? Math.max(0, size - Number(to)) : Number(from);
  const end = from === '' || to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return Number.isSafeInteger(start) && start <= end ? { start, end } : undefined;
}

/** Counts the body as it streams and stops it past the cap. */
function capped(maxBytes: number) {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new ApiError('payloadTooLarge'));
      else done(null, chunk);
    },
  });
}

export function signedObjectService(config: Config, database: DatabaseHandle) {
  const storage = objectStorage(config, database);
  const local = storage.kind === 'local' ? (storage as LocalObjectStorage) : undefined;
  const uploads = oneTimeUploads(database, storage);

  async function permitted(method: 'GET' | 'PUT', key: string, query: SignedQuery) {
    if (!local || !isObjectKey(key) || !(await local.verify(method, key, query)))
      throw new ApiError('forbidden');
    return local;
  }

  return {
    async upload(key: string, query: SignedQuery, headers: IncomingHttpHeaders, raw: IncomingMessage) {
      const store = await permitted('PUT', key, query);
      // The signature names the content type; another one is refused, as S3 does.
      if ((headers['content-type'] ?? '') !== query.type) throw new ApiError('forbidden');
      const max = config.STORAGE_UPLOAD_MAX_BYTES;
      if (Number(headers['content-length'] ?? 0) > max) throw new ApiError('payloadTooLarge');
      // One upload per address, taken in the database: a second PUT, concurrent or later, writes nothing.
      const slot = await uploads.take(key);
      if (slot === 'unknown') throw new ApiError('forbidden');
      if (slot === 'used') throw new ApiError('conflict', { messageKey: 'uploadAddressUsed' });
      try {
        // pipeline, not pipe: a client that breaks off ends the write with an error, not a hang.
        const body = pipeline(raw, capped(max), () => {});
        await store.put(key, body, query.type ?? '');
      } catch (error) {
        // Nothing was stored (put writes aside): the device may try the address again.
        await uploads.release(key);
        throw error;
      }
      return { bytes: (await store.head(key))?.bytes ?? 0 };
    },

    async download(key: string, query: SignedQuery, rangeHeader: string | undefined) {
      const store = await permitted('GET', key, query);
      const head = await store.head(key);
      if (!head) throw new ApiError('notFound');
      const range = rangeOf(rangeHeader, head.bytes);
      const body: Readable | undefined = range
        ? store.streamRange(key, range.start, range.end)
        : await store.stream(key);
      if (!body) throw new ApiError('notFound');
      return { head, range, body };
    },
  };
}
