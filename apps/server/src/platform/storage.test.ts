import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertObjectKey, createLocalStorage, createS3Storage, newObjectKey } from './storage.ts';

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
    for (const bad of [
      '../etc/passwd',
      'files/../../x',
      '/files/a',
      'files//a',
      'files/a.pdf',
      'files\\a',
      'a',
      '',
    ])
      expect(() => assertObjectKey(bad), bad).toThrow();
  });
});

describe('local object storage', () => {
  it('puts, gets, streams and deletes by key', async () => {
    const storage = createLocalStorage(root);
    const key = newObjectKey('files');
    await storage.put(key, Buffer.from('hello fleet'), 'text/plain');
    expect((await storage.get(key))?.toString()).toBe('hello fleet');
    expect(await text(await storage.stream(key))).toBe('hello fleet');
    await storage.delete(key);
    expect(await storage.get(key)).toBeUndefined();
    expect(await storage.stream(key)).toBeUndefined();
    await storage.delete(key); // deleting twice is fine
  });

  it('leaves no partial file behind', async () => {
    const storage = createLocalStorage(root);
    const key = newObjectKey('manuals');
    await storage.put(key, Buffer.alloc(1024, 1), 'application/pdf');
    const folder = join(root, ...key.split('/').slice(0, -1));
    expect(await readdir(folder)).toEqual([key.split('/').at(-1)]);
  });
});

describe('S3 object storage (thin client)', () => {
  it('signs each request with AWS Signature V4 and maps answers', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const answers = [
      new Response(null, { status: 200 }),
      new Response('stored'),
      new Response(null, { status: 404 }),
    ];
    const storage = createS3Storage(
      {
        bucket: 'fleet-files',
        region: 'eu-central-1',
        endpoint: 'https://minio.example.com',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret',
        forcePathStyle: true,
        prefix: 'prod',
      },
      (async (url: URL, init: RequestInit) => {
        calls.push({ url: String(url), init });
        return answers.shift() as Response;
      }) as typeof fetch,
    );
    const key = newObjectKey('files');
    await storage.put(key, Buffer.from('stored'), 'application/pdf');
    expect((await storage.get(key))?.toString()).toBe('stored');
    expect(await storage.get(key)).toBeUndefined();
    expect(calls[0]?.url).toBe(`https://minio.example.com/fleet-files/prod/${key}`);
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
    expect(headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(calls[0]?.init.method).toBe('PUT');
    await expect(storage.put('../escape', Buffer.from('x'), 'text/plain')).rejects.toThrow();
  });
});
