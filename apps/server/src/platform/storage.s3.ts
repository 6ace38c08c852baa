// The S3 object store, through the official AWS SDK v3: AWS S3, or an S3-compatible server
// (MinIO, Ceph, Garage, R2...) through S3_ENDPOINT with path-style addresses. Signed addresses are
// SigV4 presigned URLs; streams and large buffers go up as multipart uploads (lib-storage).

import type { Readable } from 'node:stream';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { assertExpiry, assertObjectKey, attachmentOf } from './objectKeys.ts';
import type { ObjectStorage } from './storage.ts';

export interface S3Settings {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
  prefix?: string;
}

/** Buffers above this go up in parts; S3's smallest part is 5 MiB. */
const MULTIPART_FROM_BYTES = 16 * 1024 * 1024;
const PART_BYTES = 8 * 1024 * 1024;

const statusOf = (error: unknown) =>
  error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // The SDK's default checksums (CRC32 on every request) are unknown to several S3-compatible
    // servers, and a presigned PUT would carry the checksum of an empty body: only when required.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Storage(settings: S3Settings, client = createS3Client(settings)): ObjectStorage {
  const prefix = settings.prefix ? `${settings.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
  const Bucket = settings.bucket;
  const keyOf = (key: string) => `${prefix}${assertObjectKey(key)}`;

  /** The GET's body, or undefined when the object is not there. */
  async function fetchObject(key: string, range?: string) {
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket, Key: keyOf(key), Range: range }));
      return answer.Body as (Readable & { transformToByteArray(): Promise<Uint8Array> }) | undefined;
    } catch (error) {
      if (statusOf(error) === 404) return undefined;
      throw error;
    }
  }

  return {
    kind: 's3',
    async put(key, body, contentType) {
      const Key = keyOf(key);
      if (Buffer.isBuffer(body) && body.length < MULTIPART_FROM_BYTES) {
        await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentType: contentType }));
        return;
      }
      await new Upload({
        client,
        params: { Bucket, Key, Body: body, ContentType: contentType },
        partSize: PART_BYTES,
        queueSize: 2,
      }).done();
    },
    async get(key) {
      const body = await fetchObject(key);
      return body ? Buffer.from(await body.transformToByteArray()) : undefined;
    },
    async stream(key) {
      return fetchObject(key);
    },
    async head(key) {
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket, Key: keyOf(key) }));
        return {
          bytes: answer.ContentLength ?? 0,
          contentType: answer.ContentType ?? 'application/octet-stream',
        };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    },
    async readStart(key, length) {
      if (length <= 0) return (await this.head(key)) ? Buffer.alloc(0) : undefined;
      try {
        const body = await fetchObject(key, `bytes=0-${length - 1}`);
        return body ? Buffer.from(await body.transformToByteArray()) : undefined;
      } catch (error) {
        // 416: an empty object has no first byte to range over.
        if (statusOf(error) === 416) return Buffer.alloc(0);
        throw error;
      }
    },
    async copy(fromKey, toKey) {
      // Inside the bucket, on the server: the bytes do not pass through us (up to 5 GB).
      const CopySource = `${Bucket}/${encodeURI(keyOf(fromKey))}`;
      await client.send(new CopyObjectCommand({ Bucket, Key: keyOf(toKey), CopySource }));
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: keyOf(key) }));
      } catch (error) {
        if (statusOf(error) !== 404) throw error;
      }
    },
    async signedPutUrl(key, contentType, expiresInSeconds) {
      const command = new PutObjectCommand({ Bucket, Key: keyOf(key), ContentType: contentType });
      // content-type is signed: an upload with another type is refused by the store itself.
      return getSignedUrl(client, command, {
        expiresIn: assertExpiry(expiresInSeconds),
        signableHeaders: new Set(['content-type']),
      });
    },
    async signedGetUrl(key, expiresInSeconds, { downloadName } = {}) {
      const command = new GetObjectCommand({
        Bucket,
        Key: keyOf(key),
        ...(downloadName ? { ResponseContentDisposition: attachmentOf(downloadName) } : {}),
      });
      return getSignedUrl(client, command, { expiresIn: assertExpiry(expiresInSeconds) });
    },
  };
}
