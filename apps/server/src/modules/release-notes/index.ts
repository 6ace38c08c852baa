// Release notes (domain spec §3 "Release note"; routes /release-note/…): version, note, date.
// Everyone signed in reads them; the user menu's release link shows the current version; only
// admins write them (console spec §6).
import {
  currentReleaseSchema,
  listPageSchema,
  listQuerySchema,
  releaseNoteBodySchema,
  releaseNoteSchema,
  routeRoles,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../platform/envelope.ts';
import type { Platform } from '../../platform/index.ts';
import { routesOf } from '../../platform/routes.ts';
import { releaseNoteService } from './service.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerReleaseNotes(app: FastifyInstance, platform: Platform): Promise<void> {
  const { access, envelope } = platform;
  const notes = releaseNoteService(platform.database);
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['release notes'];
  const route = routesOf(app, platform, tags);

  routes.get(
    '/release-notes',
    {
      preValidation: access(),
      schema: {
        tags,
        summary: 'Release notes, latest first (filter: version or note)',
        querystring: listQuerySchema,
        response: { 200: envelope(listPageSchema(releaseNoteSchema)) },
      },
    },
    async (request) => ok(await notes.list(request.query)),
  );

  routes.get(
    '/release-notes/current',
    {
      preValidation: access(),
      schema: {
        tags,
        summary: 'The current version: the latest release note by date (the user menu)',
        response: { 200: envelope(currentReleaseSchema) },
      },
    },
    async () => ok(await notes.current()),
  );

  routes.get(
    '/release-notes/:id',
    {
      preValidation: access(),
      schema: {
        tags,
        summary: 'One release note',
        params: idParams,
        response: { 200: envelope(releaseNoteSchema) },
      },
    },
    async (request) => ok(await notes.get(request.params.id)),
  );

  route.post(
    '/release-notes',
    {
      rule: { roles: routeRoles('releaseNoteNew') },
      summary: 'Publish a release note (admin)',
      body: releaseNoteBodySchema,
      reply: releaseNoteSchema,
      status: 201,
    },
    ({ access, body }) => notes.create(access, body),
  );

  route.put(
    '/release-notes/:id',
    {
      rule: { roles: routeRoles('releaseNoteEdit') },
      summary: 'Edit a release note (admin)',
      params: idParams,
      body: releaseNoteBodySchema,
      reply: releaseNoteSchema,
    },
    ({ params, body }) => notes.update(params.id, body),
  );
}
