// Object storage for file contents (manuals, customers' files): put, get, stream and delete by
// key. Local disk under $DATA_DIR/objects by default; an S3-compatible bucket when S3_BUCKET is
// set. Keys are made here (newObjectKey), never from a name a user typed, and every key is checked
// against one strict pattern before it touches a path or a URL: traversal cannot be expressed.
import { createHash, createHmac, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import type { Config } from '../config.ts';

export interface ObjectStorage {
  readonly kind: 'local' | 's3';
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The whole object, or undefined when there is none. */
  get(key: string): Promise<Buffer | undefined>;
  /** The object as a stream, or undefined when there is none. */
  stream(key: string): Promise<Readable | undefined>;
  /** Removes the object; removing one that is not there is not an error. */
  delete(key: string): Promise<void>;
}

/** Folder segments of lowercase letters, digits and dashes: no dots, no empty segments. */
const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+){1,5}$/;

export function assertObjectKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
  return key;
}

/** A fresh key under an area ('files', 'manuals'): area/yyyy/mm/uuid. */
export function newObjectKey(area: 'files' | 'manuals', now = new Date()): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return assertObjectKey(`${area}/${now.getUTCFullYear()}/${month}/${randomUUID()}`);
}

export function createLocalStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => join(root, ...assertObjectKey(key).split('/'));
  const missing = (error: unknown) => (error as { code?: string }).code === 'ENOENT';
  return {
    kind: 'local',
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written aside and renamed: a reader never sees half a file, a crash leaves no object.
      const temporary = `${path}.${randomUUID()}.part`;
      try {
        await writeFile(temporary, body, { flag: 'wx' });
        await rename(temporary, path);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
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
      const path = pathOf(key);
      const stream = createReadStream(path);
      return new Promise((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (error) => (missing(error) ? resolve(undefined) : reject(error)));
      });
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix?: string;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

/**
 * A thin S3 client: PUT, GET and DELETE of one object, signed with AWS Signature Version 4 by
 * hand (the official SDK weighs several megabytes for these three calls). Works with AWS S3 and
 * S3-compatible stores (MinIO, Ceph, R2) through S3_ENDPOINT.
 */
export function createS3Storage(settings: S3Settings, fetcher: typeof fetch = fetch): ObjectStorage {
  const endpoint = new URL(settings.endpoint ?? `https://s3.${settings.region}.amazonaws.com`);
  const prefix = settings.prefix ? `${settings.prefix.replace(/^\/+|\/+$/g, '')}/` : '';

  function urlOf(key: string): URL {
    const path = `${prefix}${assertObjectKey(key)}`;
    const url = new URL(endpoint);
    if (settings.forcePathStyle)
      url.pathname = `${endpoint.pathname.replace(/\/$/, '')}/${settings.bucket}/${path}`;
    else {
      url.hostname = `${settings.bucket}.${endpoint.hostname}`;
      url.pathname = `/${path}`;
    }
    return url;
  }

  async function send(method: 'PUT' | 'GET' | 'DELETE', key: string, body?: Buffer, contentType?: string) {
    const url = urlOf(key);
    const stamp = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
    const day = stamp.slice(0, 8);
    const payloadHash = sha256(body ?? '');
    const headers: Record<string, string> = {
      host: url.host,
      'x-amz-content-sha256': payloadHash,
      'x-amz-date': stamp,
      ...(contentType ? { 'content-type': contentType } : {}),
    };
    const names = Object.keys(headers).sort();
    const canonicalRequest = [
      method,
      url.pathname,
      '',
      names.map((n) => `${n}:${headers[n]}\n`).join(''),
      names.join(';'),
      payloadHash,
    ].join('\n');
    const scope = `${day}/${settings.region}/s3/aws4_request`;
    const toSign = ['AWS4-HMAC-SHA256', stamp, scope, sha256(canonicalRequest)].join('\n');
    let signingKey = hmac(`AWS4${settings.secretAccessKey}`, day);
    for (const part of [settings.region, 's3', 'aws4_request']) signingKey = hmac(signingKey, part);
    const signature = createHmac('sha256', signingKey).update(toSign).digest('hex');
    headers.authorization = `AWS4-HMAC-SHA256 Credential=${settings.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`;
    const { host: _host, ...sent } = headers;
    return fetcher(url, { method, headers: sent, body: body ? new Uint8Array(body) : undefined });
  }

  const fail = async (what: string, response: Response) => {
    throw new Error(`S3 ${what} failed: ${response.status} ${(await response.text()).slice(0, 200)}`);
  };

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const response = await send('PUT', key, body, contentType);
      if (!response.ok) await fail('PUT', response);
    },
    async get(key) {
      const response = await send('GET', key);
      if (response.status === 404) return undefined;
      if (!response.ok) return fail('GET', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async stream(key) {
      const response = await send('GET', key);
      if (response.status === 404) return undefined;
      if (!response.ok || !response.body) return fail('GET', response);
      return Readable.fromWeb(response.body as import('node:stream/web').ReadableStream);
    },
    async delete(key) {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) await fail('DELETE', response);
    },
  };
}

const cache = new WeakMap<object, ObjectStorage>();

/** The storage the configuration names (one instance per configuration). */
export function objectStorage(config: Config): ObjectStorage {
  let storage = cache.get(config);
  if (!storage) {
    if (config.S3_BUCKET && !(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY))
      throw new Error('S3_BUCKET is set: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are needed too');
    storage = config.S3_BUCKET
      ? createS3Storage({
          bucket: config.S3_BUCKET,
          region: config.S3_REGION,
          endpoint: config.S3_ENDPOINT,
          accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
          secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
          forcePathStyle: config.S3_FORCE_PATH_STYLE,
          prefix: config.S3_PREFIX,
        })
      : createLocalStorage(join(config.dataDir, 'objects'));
    cache.set(config, storage);
  }
  return storage;
}
