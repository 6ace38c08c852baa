// The user manual (console spec §2.1 user menu, §3 "Manual", §7 GET /manual/{id}, §8): versions
// uploaded by admins (PDF, through object storage), listed for admin and support, and downloaded
// by everyone signed in through a short-lived signed link (the browser opens it in a new tab).
import {
  FILE_MEDIA_TYPES,
  listPageSchema,
  listQuerySchema,
  manualSchema,
  manualUpload,
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
import { readUpload, uploadingModule } from '../files/public.ts';
import { manualService } from './service.ts';

export const registerManuals = uploadingModule(registerManualRoutes);

function registerManualRoutes(app: FastifyInstance, platform: Platform): void {
  const { config } = platform;
  const manuals = manualService(platform.database, objectStorage(config, platform.database));
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['manuals'];
  const route = routesOf(app, platform, tags);

  route.get(
    '/manuals',
    op('manuals', 'Versions of the user manual, latest first', {
      query: listQuerySchema,
      reply: listPageSchema(manualSchema),
      exported: true,
    }),
    ({ query }) => manuals.list(query),
  );

  route.post(
    '/manuals',
    op(['admin'], 'Upload a new version of the user manual (admin; multipart: version, file as PDF)', {
      multipart: true,
      reply: manualSchema,
      status: 201,
    }),
    async ({ access, request }) => manuals.upload(access, await readUpload(request, manualUpload)),
  );

  // Everyone signed in: the user menu's manual link.
  routesOf(app, platform, ['console', ...tags]).get(
    '/manual/:id',
    op({}, "The address of the user manual's file (a signed link, valid a few minutes)", {
      params: idParams,
      reply: z.object({ manual: z.string() }),
    }),
    ({ params }) => manuals.link(params.id),
  );

  routes.get(
    '/manual/:id/file',
    {
      schema: {
        tags: ['console', ...tags],
        summary: 'The user manual (PDF), through the signed link of GET /manual/{id}',
        params: idParams,
        querystring: signedLinkQuery,
        response: { 200: fileResponse([FILE_MEDIA_TYPES.pdf], 'The manual, a PDF shown inline') },
      },
    },
    async (request, reply) => {
      const { expires, signature } = request.query;
      const manual = await manuals.open(request.params.id, expires, signature);
      reply.header('Content-Disposition', dispositionOf(manual.fileName, 'inline'));
      reply.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'self'");
      reply.header('Cache-Control', 'private, max-age=300');
      return reply.type(FILE_MEDIA_TYPES.pdf).send(manual.stream);
    },
  );
}
