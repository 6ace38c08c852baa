// The local object store's signed addresses (platform/storage.local.ts): a device PUTs a clip to
// the upload address a command handed it, a browser GETs an object through a download address.
// No token: the HMAC in the query is the permission, bound to method, key, expiry and content
// type or download name. A wrong or expired signature, or an address not issued as a one-time
// upload (platform/uploads.ts), is 403; a second upload to an address 409; a missing object 404,
// an upload over STORAGE_UPLOAD_MAX_BYTES 413; nothing is written unless the whole body arrived.
// With S3 storage the addresses point at the bucket and these routes refuse everything.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { attachmentOf } from '../../platform/objectKeys.ts';
import { fileResponse } from '../../platform/openapi.ts';
import { signedObjectService } from './service.ts';

const params = z.object({ '*': z.string().max(300) });
// Optional in the schema so that a missing signature is refused like a wrong one (403).
/** What an object is sent as: the type it was uploaded with; the objects are the devices' clips. */
const OBJECT_TYPES = ['video/mp4', 'application/octet-stream', '*/*'];

const signedQuery = z.object({
  expires: z.coerce.number().int().optional(),
  signature: z.string().max(200).optional(),
  type: z.string().max(200).optional(),
  name: z.string().max(255).optional(),
});

export async function registerStorage(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(async (scope) => {
    // The upload is the raw body, of whatever type was signed: streamed to the store, not parsed.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    registerRoutes(scope, platform);
  });
}

function registerRoutes(app: FastifyInstance, { config, database, envelope }: Platform): void {
  const objects = signedObjectService(config, database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['storage'];

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
    async (request) =>
      ok(await objects.upload(request.params['*'], request.query, request.headers, request.raw)),
  );

  routes.get(
    '/storage/objects/*',
    {
      schema: {
        tags,
        summary: 'Download an object through a signed address (byte ranges for video players)',
        params,
        querystring: signedQuery,
        response: {
          200: fileResponse(
            OBJECT_TYPES,
            'The object in the media type it was uploaded with (a clip: video/mp4)',
          ),
          206: fileResponse(OBJECT_TYPES, 'The byte range asked for (Range), Content-Range saying which'),
        },
      },
    },
    async (request, reply) => {
      const { head, range, body } = await objects.download(
        request.params['*'],
        request.query,
        request.headers.range,
      );
      if (request.query.name) reply.header('Content-Disposition', attachmentOf(request.query.name));
      reply.header('Content-Security-Policy', "default-src 'none'; media-src 'self'; sandbox");
      reply.header('Cache-Control', 'private, max-age=300');
      reply.header('Accept-Ranges', 'bytes');
      reply.type(head.contentType);
      if (range) {
        reply.status(206);
        reply.header('Content-Range', `bytes ${range.start}-${range.end}/${head.bytes}`);
      }
      reply.header('Content-Length', String(range ? range.end - range.start + 1 : head.bytes));
      return reply.send(body);
    },
  );
}
