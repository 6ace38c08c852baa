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
import { principalOf } from '../../platform/access.ts';
import { ok } from '../../platform/envelope.ts';
import { ApiError, found } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { pageOf } from '../../platform/lists.ts';
import {
  currentVersion,
  findReleaseNote,
  insertReleaseNote,
  listReleaseNotes,
  updateReleaseNote,
} from './repository.ts';

const idParams = z.object({ id: z.uuid() });

export async function registerReleaseNotes(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database, access, envelope } = platform;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['release notes'];

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
    async (request) => ok(pageOf(request.query, await listReleaseNotes(database, request.query))),
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
    async () => ok({ version: await currentVersion(database) }),
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
    async (request) => ok(found(await findReleaseNote(database, request.params.id))),
  );

  routes.post(
    '/release-notes',
    {
      preValidation: access({ roles: routeRoles('releaseNoteNew') }),
      schema: {
        tags,
        summary: 'Publish a release note (admin)',
        body: releaseNoteBodySchema,
        response: { 201: envelope(releaseNoteSchema) },
      },
    },
    async (request, reply) => {
      const id = await insertReleaseNote(database, request.body, principalOf(request).userId);
      return reply.status(201).send(ok(found(await findReleaseNote(database, id))));
    },
  );

  routes.put(
    '/release-notes/:id',
    {
      preValidation: access({ roles: routeRoles('releaseNoteEdit') }),
      schema: {
        tags,
        summary: 'Edit a release note (admin)',
        params: idParams,
        body: releaseNoteBodySchema,
        response: { 200: envelope(releaseNoteSchema) },
      },
    },
    async (request) => {
      if (!(await updateReleaseNote(database, request.params.id, request.body)))
        throw new ApiError('notFound');
      return ok(found(await findReleaseNote(database, request.params.id)));
    },
  );
}
