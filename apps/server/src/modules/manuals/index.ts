// The user manual (console spec §2.1 user menu, §3 "Manual", §7 GET /manual/{id}, §8): versions
// uploaded by admins (PDF, through object storage), listed for admin and support, and downloaded
// by everyone signed in through a short-lived signed link (the browser opens it in a new tab).
import {
  FILE_LINK_SECONDS,
  FILE_MEDIA_TYPES,
  listPageSchema,
  listQuerySchema,
  MANUAL_MAX_BYTES,
  manualFieldsSchema,
  manualSchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { signLink, verifyLink } from '../../platform/links.ts';
import { pageOf } from '../../platform/lists.ts';
import { newObjectKey, objectStorage } from '../../platform/storage.ts';
import { fileFormatOf } from '../files/formats.ts';
import { acceptUploads, readUpload } from '../files/upload.ts';
import { findManual, insertManual, listManuals } from './repository.ts';

const idParams = z.object({ id: z.uuid() });
// Optional in the schema so that a missing signature is refused like a wrong one (403).
const linkQuery = z.object({
  expires: z.coerce.number().int().optional(),
  signature: z.string().max(100).optional(),
});
const manualNotFound = () => new ApiError('notFound', { messageKey: 'manualNotFound' });

export async function registerManuals(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(async (scope) => {
    await acceptUploads(scope);
    registerManualRoutes(scope, platform);
  });
}

function registerManualRoutes(app: FastifyInstance, platform: Platform): void {
  const { database, access, envelope, config } = platform;
  const storage = objectStorage(config, database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['manuals'];

  routes.get(
    '/manuals',
    {
      preValidation: access({ roles: routeRoles('manuals') }),
      schema: {
        tags,
        summary: 'Versions of the user manual, latest first',
        querystring: listQuerySchema,
        response: { 200: envelope(listPageSchema(manualSchema)) },
      },
    },
    async (request) => ok(pageOf(request.query, await listManuals(database, request.query))),
  );

  routes.post(
    '/manuals',
    {
      preValidation: access({ roles: ['admin'] }),
      schema: {
        tags,
        summary: 'Upload a new version of the user manual (admin; multipart: version, file as PDF)',
        consumes: ['multipart/form-data'],
        response: { 201: envelope(manualSchema) },
      },
    },
    async (request, reply) => {
      const upload = await readUpload(request, manualFieldsSchema, {
        maxBytes: MANUAL_MAX_BYTES,
        fileRequired: true,
      });
      const file = upload.file as { data: Buffer; fileName: string };
      if (fileFormatOf(file.data, file.fileName) !== 'pdf')
        throw new ApiError('validation', { fields: [{ field: 'file', key: 'fileFormat' }] });
      const objectKey = newObjectKey('manuals');
      await storage.put(objectKey, file.data, FILE_MEDIA_TYPES.pdf);
      try {
        const manual = await insertManual(database, {
          version: upload.fields.version,
          fileName: file.fileName.slice(-200),
          size: file.data.length,
          objectKey,
          userId: principalOf(request).userId,
        });
        return reply.status(201).send(ok(manual));
      } catch (error) {
        await storage.delete(objectKey);
        throw error;
      }
    },
  );

  routes.get(
    '/manual/:id',
    {
      preValidation: access(),
      schema: {
        tags: ['console', ...tags],
        summary: "The address of the user manual's file (a signed link, valid a few minutes)",
        params: idParams,
        response: { 200: envelope(z.object({ manual: z.string() })) },
      },
    },
    async (request) => {
      const manual = await findManual(database, request.params.id);
      if (!manual) throw manualNotFound();
      const link = await signLink(database, `/api/v1/manual/${manual.id}/file`, FILE_LINK_SECONDS);
      return ok({ manual: link.url });
    },
  );

  routes.get(
    '/manual/:id/file',
    {
      schema: {
        tags: ['console', ...tags],
        summary: 'The user manual (PDF), through the signed link of GET /manual/{id}',
        params: idParams,
        querystring: linkQuery,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (
        !(await verifyLink(
          database,
          `/api/v1/manual/${id}/file`,
          request.query.expires,
          request.query.signature,
        ))
      )
        throw new ApiError('forbidden');
      const manual = await findManual(database, id);
      const stream = manual && (await storage.stream(manual.file_key));
      if (!manual || !stream) throw manualNotFound();
      reply.header('Content-Disposition', `inline; filename*=UTF-8''${encodeURIComponent(manual.file_name)}`);
      reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'");
      reply.header('Cache-Control', 'private, max-age=300');
      return reply.type(FILE_MEDIA_TYPES.pdf).send(stream);
    },
  );
}
