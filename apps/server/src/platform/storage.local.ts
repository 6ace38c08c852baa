// The local-disk object store (the default): objects under one folder, each with a small sidecar
// holding its content type. Its signed addresses point at this server's own route
// (modules/storage/index.ts) and carry an HMAC over method, key, expiry and the content type (upload) or
// download name, so the route needs no token and trusts nothing else in the request.
import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertExpiry, assertObjectKey } from './objectKeys.ts';
import type { ObjectHead, ObjectStorage } from './storage.ts';

export interface LocalStorageOptions {
  root: string;
  /** The absolute address of the signed-object route, without a trailing slash. */
  baseUrl?: string;
  /** The HMAC key of signed addresses (needed only to sign or verify them). */
  signingKey?: () => Promise<Buffer>;
}

export interface SignedQuery {
  expires?: number;
  signature?: string;
  /** The content type an upload must carry (PUT). */
  type?: string;
  /** The download name (GET). */
  name?: string;
}

export interface LocalObjectStorage extends ObjectStorage {
  readonly kind: 'local';
  /** True when the query is our signature for this method and key, and has not expired. */
  verify(method: 'GET' | 'PUT', key: string, query: SignedQuery, now?: number): Promise<boolean>;
  /** A byte range of the object, both ends included (the caller has checked it exists). */
  streamRange(key: string, start: number, end: number): Readable;
}

const DEFAULT_TYPE = 'application/octet-stream';
const missing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';

export function createLocalStorage(options: LocalStorageOptions): LocalObjectStorage {
  const { root } = options;
  const pathOf = (key: string) => join(root, ...assertObjectKey(key).split('/'));
  // Two dots: no key can name a sidecar (keys hold at most one).
  const metaOf = (path: string) => `${path}.meta.json`;

  const signatureOf = async (method: string, key: string, expires: number, detail: string) => {
    if (!options.signingKey) throw new Error('local storage: no signing key for signed addresses');
    return createHmac('sha256', await options.signingKey())
      .update(`${method}\n${key}\n${expires}\n${detail}`)
      .digest('base64url');
  };
  const addressOf = (key: string, query: Record<string, string>) => {
    if (!options.baseUrl) throw new Error('local storage: no base address for signed addresses');
    return `${options.baseUrl}/${assertObjectKey(key)}?${new URLSearchParams(query)}`;
  };
  const expiryOf = (seconds: number) => Math.floor(Date.now() / 1000) + assertExpiry(seconds);

  async function readType(path: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(metaOf(path), 'utf8')) as { contentType?: unknown };
      return typeof meta.contentType === 'string' ? meta.contentType : DEFAULT_TYPE;
    } catch {
      return DEFAULT_TYPE;
    }
  }

  /** Writes the object aside and renames it: a reader never sees half a file, a crash leaves no object. */
  async function writeAside(path: string, contentType: string, write: (part: string) => Promise<void>) {
    await mkdir(dirname(path), { recursive: true });
    const part = `${path}.${randomUUID()}.part`;
    const metaPart = `${part}.meta`;
    try {
      await write(part);
      await writeFile(metaPart, JSON.stringify({ contentType }), { flag: 'wx' });
      await rename(metaPart, metaOf(path));
      await rename(part, path);
    } catch (error) {
      await rm(part, { force: true });
      await rm(metaPart, { force: true });
      throw error;
    }
  }

  return {
    kind: 'local',
    async put(key, body, contentType) {
      await writeAside(pathOf(key), contentType, async (part) => {
        if (Buffer.isBuffer(body)) await writeFile(part, body, { flag: 'wx' });
        else await pipeline(body, createWriteStream(part, { flags: 'wx' }));
      });
    },
    async copy(fromKey, toKey) {
      const from = pathOf(fromKey);
      const contentType = await readType(from);
      await writeAside(pathOf(toKey), contentType, (part) => copyFile(from, part));
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async stream(key) {
      const stream = createReadStream(pathOf(key));
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (error) => (missing(error) ? resolve(undefined) : reject(error)));
      });
    },
    streamRange(key, start, end) {
      return createReadStream(pathOf(key), { start, end });
    },
    async head(key): Promise<ObjectHead | null> {
      const path = pathOf(key);
      try {
        const info = await stat(path);
        if (!info.isFile()) return null;
        return { bytes: info.size, contentType: await readType(path) };
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async readStart(key, length) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(pathOf(key), 'r');
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
      try {
        const buffer = Buffer.alloc(Math.max(0, length));
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async delete(key) {
      const path = pathOf(key);
      await rm(path, { force: true });
      await rm(metaOf(path), { force: true });
    },
    async signedPutUrl(key, contentType, expiresInSeconds) {
      const expires = expiryOf(expiresInSeconds);
      const signature = await signatureOf('PUT', assertObjectKey(key), expires, contentType);
      return addressOf(key, { expires: String(expires), type: contentType, signature });
    },
    async signedGetUrl(key, expiresInSeconds, { downloadName } = {}) {
      const expires = expiryOf(expiresInSeconds);
      const signature = await signatureOf('GET', assertObjectKey(key), expires, downloadName ?? '');
      return addressOf(key, {
        expires: String(expires),
        ...(downloadName ? { name: downloadName } : {}),
        signature,
      });
    },
    async verify(method, key, query, now = Date.now()) {
      const { expires, signature } = query;
      if (expires === undefined || !signature || !Number.isSafeInteger(expires) || expires * 1000 < now)
        return false;
      const detail = (method === 'PUT' ? query.type : query.name) ?? '';
      const expected = Buffer.from(await signatureOf(method, key, expires, detail));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
