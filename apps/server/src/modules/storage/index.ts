// The local object store's signed addresses (platform/storage.local.ts): a device PUTs a clip to
// the upload address a command handed it, a browser GETs an object through a download address.
// No token: the HMAC in the query is the permission, bound to method, key, expiry and content
// type or download name. A wrong or expired signature is 403, a missing object 404, an upload
// over STORAGE_UPLOAD_MAX_BYTES 413; nothing is written unless the whole body arrived. With S3
// storage the addresses point at the bucket and these routes refuse everything.
import { pipeline, Transform } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import { ApiError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { attachmentOf } from '../../platform/objectKeys.ts';
import type { LocalObjectStorage, SignedQuery } from '../../platform/storage.local.ts';
import { isObjectKey, objectStorage } from '../../platform/storage.ts';

const params = z.object({ '*': z.string().max(300) });
// Optional in the schema so that a missing signature is refused like a wrong one (403).
const signedQuery = z.object({
  expires: z.coerce.number().int().optional(),
  signature: z.string().max(200).optional(),
  type: z.string().max(200).optional(),
  name: z.string().max(255).optional(),
});

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

export async function registerStorage(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(async (scope) => {
    // The upload is the raw body, of whatever type was signed: streamed to the store, not parsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    registerRoutes(scope, platform);
  });
}

function registerRoutes(app: FastifyInstance, { config, database, envelope }: Platform): void {
  const storage = objectStorage(config, database);
  const local = storage.kind === 'local' ? (storage as LocalObjectStorage) : undefined;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['storage'];

  async function permitted(method: 'GET' | 'PUT', key: string, query: SignedQuery) {
    if (!local || !isObjectKey(key) || !(await local.verify(method, key, query)))
      throw new ApiError('forbidden');
    return local;
  }

  routes.put(
    '/storage/objects/*',
    {
      schema: {
        tags,
        summary: 'Upload an object through a signed address (a device sends its clip here)',
        params,
        querystring: signedQuery,
        response: { 200: envelope(z.object({ bytes: z.int() })) },
      },
    },
    async (request) => {
      const key = request.params['*'];
      const store = await permitted('PUT', key, request.query);
      // The signature names the content type; another one is refused, as S3 does.
      if ((request.headers['content-type'] ?? '') !== request.query.type) throw new ApiError('forbidden');
      const max = config.STORAGE_UPLOAD_MAX_BYTES;
      if (Number(request.headers['content-length'] ?? 0) > max) throw new ApiError('payloadTooLarge');
      // pipeline, not pipe: a client that breaks off ends the write with an error, not a hang.
      const body = pipeline(request.raw, capped(max), () => {});
      await store.put(key, body, request.query.type);
      return ok({ bytes: (await store.head(key))?.bytes ?? 0 });
    },
  );

  routes.get(
    '/storage/objects/*',
    {
      schema: {
        tags,
        summary: 'Download an object through a signed address (byte ranges for video players)',
        params,
        querystring: signedQuery,
      },
    },
    async (request, reply) => {
      const key = request.params['*'];
      const store = await permitted('GET', key, request.query);
      const head = await store.head(key);
      if (!head) throw new ApiError('notFound');
      if (request.query.name) reply.header('Content-Disposition', attachmentOf(request.query.name));
      reply.header('Content-Security-Policy', "default-src 'none'; media-src 'self'; sandbox");
      reply.header('Cache-Control', 'private, max-age=300');
      reply.header('Accept-Ranges', 'bytes');
      reply.type(head.contentType);
      const range = rangeOf(request.headers.range, head.bytes);
      if (range) {
        reply.status(206);
        reply.header('Content-Range', `bytes ${range.start}-${range.end}/${head.bytes}`);
        reply.header('Content-Length', String(range.end - range.start + 1));
        return reply.send(store.streamRange(key, range.start, range.end));
      }
      const stream = await store.stream(key);
      if (!stream) throw new ApiError('notFound');
      reply.header('Content-Length', String(head.bytes));
      return reply.send(stream);
    },
  );
}
