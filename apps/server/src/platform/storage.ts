// Object storage for file contents (manuals, customers' files, event clips): put, get, stream,
// inspect and delete by key, and signed addresses through which a device uploads or a browser
// downloads without a token. Local disk under $DATA_DIR/objects by default (its signed addresses
// are served by this server, modules/storage); an S3-compatible bucket when S3_BUCKET is set.
// Keys are made here (newObjectKey), never from a name a user typed, and every key is checked
// against one strict pattern before it touches a path or a URL: traversal cannot be expressed.
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import { serverSecret } from './secrets.ts';
import { createLocalStorage } from './storage.local.ts';
import type { S3Settings } from './storage.s3.ts';

export {
  assertExpiry,
  assertObjectKey,
  attachmentOf,
  freshKeyLike,
  isObjectKey,
  newObjectKey,
  SIGNED_URL_MAX_SECONDS,
} from './objectKeys.ts';

export interface ObjectHead {
  bytes: number;
  contentType: string;
}

export interface SignedGetOptions {
  /** Offers the object as a download under this name (Content-Disposition: attachment). */
  downloadName?: string;
}

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  /** Stores the object; a stream (or a large buffer) goes up in parts on S3. */
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The whole object, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** The object as a stream, or undefined when there is none. */
  stream(key: string): Promise<Readable | undefined>;
  /** Size and content type, or null when there is no such object. */
  head(key: string): Promise<ObjectHead | null>;
  /** The first `length` bytes (all of a shorter object), or undefined when there is none. */
  readStart(key: string, length: number): Promise<Buffer | undefined>;
  /** Copies the object (content type included) to another key, replacing what was there. */
  copy(fromKey: string, toKey: string): Promise<void>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
  /** An absolute address to PUT the object to, with exactly this Content-Type, until it expires. */
  signedPutUrl(key: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** An absolute address to GET the object from until it expires. */
  signedGetUrl(key: string, expiresInSeconds: number, options?: SignedGetOptions): Promise<string>;
}

/**
 * The S3 store, its SDK loaded on first use: the SDK costs about 35 MB of memory and half a second
 * at start, which a server on the local-disk default should not pay.
 */
function lazyS3Storage(settings: S3Settings): ObjectStorage {
  let loaded: Promise<ObjectStorage> | undefined;
  const store = () => {
    loaded ??= import('./storage.s3.ts').then(({ createS3Storage }) => createS3Storage(settings));
    return loaded;
  };
  return {
    kind: 's3',
    put: async (...args) => (await store()).put(...args),
    get: async (key) => (await store()).get(key),
    stream: async (key) => (await store()).stream(key),
    head: async (key) => (await store()).head(key),
    readStart: async (key, length) => (await store()).readStart(key, length),
    copy: async (from, to) => (await store()).copy(from, to),
    delete: async (key) => (await store()).delete(key),
    signedPutUrl: async (...args) => (await store()).signedPutUrl(...args),
    signedGetUrl: async (...args) => (await store()).signedGetUrl(...args),
  };
}

/** Where the local store's signed addresses are served (modules/storage/index.ts). */
export const LOCAL_OBJECTS_PATH = '/api/v1/storage/objects';

const cache = new WeakMap<object, ObjectStorage>();

/** The storage the configuration names (one instance per configuration). */
export function objectStorage(config: Config, database: DatabaseHandle): ObjectStorage {
  let storage = cache.get(config);
  if (!storage) {
    if (config.S3_BUCKET && !(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY))
      throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
    let signingKey: Promise<Buffer> | undefined;
    storage = config.S3_BUCKET
      ? lazyS3Storage({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
          prefix: config.S3_PREFIX,
        })
      : createLocalStorage({
          root: join(config.dataDir, 'objects'),
          baseUrl: `${config.publicUrl}${LOCAL_OBJECTS_PATH}`,
          // Kept in the database like the file-link key, so restarts keep issued addresses valid.
          signingKey: () => {
            signingKey ??= serverSecret(database, 'storage_link_key');
            signingKey.catch(() => {
              signingKey = undefined;
            });
            return signingKey;
          },
        });
    cache.set(config, storage);
  }
  return storage;
}
