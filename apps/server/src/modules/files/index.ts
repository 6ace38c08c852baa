// Customers' files (domain spec §3 "File", §5, §9; routes /files/new, /files/edit,
// /files/{type}/{type_id}/view/{id}): name, description, date, user. The content is checked by
// its bytes (format and 5 MB) before anything is stored, and stored under a key we make. A file
// belongs to a customer: every call is scoped by the access object, another tenant's file is 404.
import {
  FILE_MEDIA_TYPES,
  fileEditUpload,
  fileLinkSchema,
  fileListQuerySchema,
  fileSchema,
  fileUpload,
  listPageSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Platform } from '../../platform/index.ts';
import { signedLinkQuery } from '../../platform/links.ts';
import { dispositionOf } from '../../platform/objectKeys.ts';
import { fileResponse } from '../../platform/openapi.ts';
import { idParams, op, routesOf } from '../../platform/routes.ts';
import { objectStorage } from '../../platform/storage.ts';
import { fileService } from './service.ts';
import { readUpload, uploadingModule } from './upload.ts';

const linkQuery = signedLinkQuery.extend({ download: z.enum(['1']).optional() });

export const registerFiles = uploadingModule(registerFileRoutes);

function registerFileRoutes(app: FastifyInstance, platform: Platform): void {
  const { config } = platform;
  const files = fileService(platform.database, objectStorage(config, platform.database), app.log);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['files'];
  const route = routesOf(app, platform, tags);
  // The file-upload function of the caller's company opens the files: list, preview (with the
  // content link), upload and edit (route table). The content itself is reached only through
  // the short-lived link the preview hands out.
  const uploaders = { functions: ['file-upld' as const] };
  const withLink = fileSchema.extend({ link: fileLinkSchema });

  route.get(
    '/files',
    op(uploaders, "Files of the caller's companies, paged (filter: name, description, file name)", {
      query: fileListQuerySchema,
      reply: listPageSchema(fileSchema),
      exported: true,
    }),
    ({ access, query }) => files.list(access, query),
  );

  route.get(
    '/files/:id',
    op(uploaders, 'One file, with a short-lived link to its content (preview)', {
      params: idParams,
      reply: withLink,
    }),
    ({ access, params }) => files.get(access, params.id),
  );

  route.post(
    '/files',
    op(uploaders, 'Upload a file (multipart: file, name, description, customer_id); at most 5 MB', {
      multipart: true,
      reply: withLink,
      status: 201,
    }),
    async ({ access, request }) => files.upload(access, await readUpload(request, fileUpload)),
  );

  route.put(
    '/files/:id',
    op(uploaders, 'Edit a file: name and description, and its content when a new file is sent', {
      params: idParams,
      multipart: true,
      reply: withLink,
    }),
    ({ access, params, request }) =>
      files.update(access, params.id, () => readUpload(request, fileEditUpload)),
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
        response: {
          200: fileResponse(
            Object.values(FILE_MEDIA_TYPES),
            'The file in its own format: inline, or as an attachment with download=1 (Content-Disposition names it)',
          ),
        },
      },
    },
    async (request, reply) => {
      const { file, stream, inline } = await files.open(request.params.id, request.query);
      reply.header('Content-Disposition', dispositionOf(file.file_name, inline ? 'inline' : 'attachment'));
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
