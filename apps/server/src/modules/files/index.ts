// Customers' files (domain spec §3 "File", §5, §9; routes /files/new, /files/edit,
// /files/{type}/{type_id}/view/{id}): name, description, date, user. The content is checked by
// its bytes (format and 5 MB) before anything is stored, and stored under a key we make. A file
// belongs to a customer: every call is scoped by platform/tenancy.ts, another tenant's file is 404.
import {
  FILE_LINK_SECONDS,
  FILE_MAX_BYTES,
  FILE_MEDIA_TYPES,
  fileFieldsSchema,
  fileLinkSchema,
  fileListQuerySchema,
  fileSchema,
  listPageSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { signLink, verifyLink } from '../../platform/links.ts';
import { pageOf } from '../../platform/lists.ts';
import { newObjectKey, objectStorage } from '../../platform/storage.ts';
import { canSeeCustomer, visibleCustomerIds } from '../../platform/tenancy.ts';
import { fileFormatOf } from './formats.ts';
import { findFile, insertFile, listFiles, updateFile } from './repository.ts';
import { acceptUploads, readUpload } from './upload.ts';

const idParams = z.object({ id: z.uuid() });
// Optional in the schema so that a missing signature is refused like a wrong one (403).
const linkQuery = z.object({
  expires: z.coerce.number().int().optional(),
  signature: z.string().max(100).optional(),
  download: z.enum(['1']).optional(),
});
const multipartBody = { consumes: ['multipart/form-data'] };

export async function registerFiles(app: FastifyInstance, platform: Platform): Promise<void> {
  await app.register(async (scope) => {
    await acceptUploads(scope);
    registerFileRoutes(scope, platform);
  });
}

function registerFileRoutes(app: FastifyInstance, platform: Platform): void {
  const { database, access, envelope, config } = platform;
  const storage = objectStorage(config, database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  // The file-upload function of the caller's company opens the files: list, preview (with the
  // content link), upload and edit (route table). The content itself is reached only through
  // the short-lived link the preview hands out.
  const uploaders = { functions: ['file-upld' as const] };
  const withLink = fileSchema.extend({ link: fileLinkSchema });
  /** Removes an object no row names (any more): best effort, logged; never fails the call it follows
   *  (a saved change stays a success, a failed one keeps its own error). */
  const discard = async (key: string) => {
    try {
      await storage.delete(key);
    } catch (error) {
      app.log.warn({ err: error, objectKey: key }, 'could not remove an unused file object');
    }
  };

  /** Checks the content against its name and limits; answers what to store. */
  function content(file: { data: Buffer; fileName: string }) {
    const format = fileFormatOf(file.data, file.fileName);
    if (!format) throw new ApiError('validation', { fields: [{ field: 'file', key: 'fileFormat' }] });
    return { format, size: file.data.length, fileName: file.fileName.slice(-200) };
  }

  const linked = async (file: Awaited<ReturnType<typeof findFile>> & object) => {
    const { object_key: _key, ...record } = file;
    return {
      ...record,
      link: await signLink(database, `/api/v1/files/${file.id}/content`, FILE_LINK_SECONDS),
    };
  };

  routes.get(
    '/files',
    {
      preValidation: access(uploaders),
      schema: {
        tags,
        summary: "Files of the caller's companies, paged (filter: name, description, file name)",
        querystring: fileListQuerySchema,
        response: { 200: envelope(listPageSchema(fileSchema)) },
      },
    },
    async (request) => {
      const scope = await visibleCustomerIds(database, principalOf(request));
      return ok(pageOf(request.query, await listFiles(database, scope, request.query)));
    },
  );

  routes.get(
    '/files/:id',
    {
      preValidation: access(uploaders),
      schema: {
        tags,
        summary: 'One file, with a short-lived link to its content (preview)',
        params: idParams,
        response: { 200: envelope(withLink) },
      },
    },
    async (request) => {
      const scope = await visibleCustomerIds(database, principalOf(request));
      return ok(await linked(found(await findFile(database, scope, request.params.id))));
    },
  );

  routes.post(
    '/files',
    {
      preValidation: access(uploaders),
      schema: {
        tags,
        summary: 'Upload a file (multipart: file, name, description, customer_id); at most 5 MB',
        ...multipartBody,
        response: { 201: envelope(withLink) },
      },
    },
    async (request, reply) => {
      const me = principalOf(request);
      const upload = await readUpload(request, fileFieldsSchema, {
        maxBytes: FILE_MAX_BYTES,
        fileRequired: true,
      });
      const customerId = upload.fields.customer_id ?? me.customerId;
      if (!(await canSeeCustomer(database, me, customerId)))
        throw new ApiError('validation', { fields: [{ field: 'customer_id', key: 'customerNotFound' }] });
      const checked = content(upload.file as { data: Buffer; fileName: string });
      const objectKey = newObjectKey('files');
      await storage.put(objectKey, (upload.file as { data: Buffer }).data, FILE_MEDIA_TYPES[checked.format]);
      let id: string;
      try {
        id = await insertFile(database, {
          customerId,
          userId: me.userId,
          name: upload.fields.name,
          description: upload.fields.description,
          objectKey,
          ...checked,
        });
      } catch (error) {
        await discard(objectKey);
        throw error;
      }
      return reply.status(201).send(ok(await linked(found(await findFile(database, null, id)))));
    },
  );

  routes.put(
    '/files/:id',
    {
      preValidation: access(uploaders),
      schema: {
        tags,
        summary: 'Edit a file: name and description, and its content when a new file is sent',
        params: idParams,
        ...multipartBody,
        response: { 200: envelope(withLink) },
      },
    },
    async (request) => {
      const me = principalOf(request);
      const scope = await visibleCustomerIds(database, me);
      found(await findFile(database, scope, request.params.id));
      const upload = await readUpload(request, fileFieldsSchema.omit({ customer_id: true }), {
        maxBytes: FILE_MAX_BYTES,
        fileRequired: false,
      });
      const checked = upload.file ? content(upload.file) : undefined;
      const objectKey = checked ? newObjectKey('files') : undefined;
      if (upload.file && checked && objectKey)
        await storage.put(objectKey, upload.file.data, FILE_MEDIA_TYPES[checked.format]);
      let replaced: { previousKey: string } | undefined;
      try {
        replaced = await updateFile(database, scope, request.params.id, {
          userId: me.userId,
          name: upload.fields.name,
          description: upload.fields.description,
          content: checked && objectKey ? { ...checked, objectKey } : undefined,
        });
      } catch (error) {
        if (objectKey) await discard(objectKey);
        throw error;
      }
      if (!replaced) {
        if (objectKey) await discard(objectKey);
        throw new ApiError('notFound');
      }
      if (objectKey) await discard(replaced.previousKey);
      return ok(await linked(found(await findFile(database, scope, request.params.id))));
    },
  );

  // Opened by the browser (a frame, an image, a download) through the signed link of GET /files/:id.
  routes.get(
    '/files/:id/content',
    {
      schema: {
        tags,
        summary: "A file's content, through the signed link GET /files/{id} gives",
        params: idParams,
        querystring: linkQuery,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { expires, signature, download } = request.query;
      if (!(await verifyLink(database, `/api/v1/files/${id}/content`, expires, signature)))
        throw new ApiError('forbidden');
      const file = found(await findFile(database, null, id));
      const stream = await storage.stream(file.object_key);
      if (!stream) throw new ApiError('notFound');
      // Office files are only downloaded; the rest may show inline, in a frame of our own pages.
      const inline = !download && file.format !== 'xlsx' && file.format !== 'docx';
      reply.header(
        'Content-Disposition',
        `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(file.file_name)}`,
      );
      reply.header(
        'Content-Security-Policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
      );
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      reply.header('Cache-Control', 'private, max-age=300');
      reply.header('Content-Length', String(file.size));
      return reply.type(FILE_MEDIA_TYPES[file.format]).send(stream);
    },
  );
}
