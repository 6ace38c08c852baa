// Release notes (domain spec §3 "Release note"; routes /release-note/…): version, note, date.
// Everyone signed in reads them; the user menu's release link shows the current version; only
// admins write them (console spec §6).
import {
  currentReleaseSchema,
  type ListQuery,
  type ReleaseNoteBody,
  releaseNoteResource,
} from '@fleetlens/contracts';
import type { RequestAccess } from '../../platform/access.ts';
import { op, resource, routeModule } from '../../platform/routes.ts';
import { releaseNoteService } from './service.ts';

export const registerReleaseNotes = routeModule(['release notes'], async (route, platform) => {
  const notes = releaseNoteService(platform.database);

  // Everyone signed in reads; the list, the current version, then one note: the API document's order.
  const note = {
    service: {
      list: (_: RequestAccess, query: ListQuery) => notes.list(query),
      get: (_: RequestAccess, id: string) => notes.get(id),
      create: notes.create,
      update: (_: RequestAccess, id: string, body: ReleaseNoteBody) => notes.update(id, body),
    },
  };
  resource(route, releaseNoteResource, {
    ...note,
    list: { rule: {}, summary: 'Release notes, latest first (filter: version or note)' },
  });
  route.get(
    `${releaseNoteResource.path}/current`,
    op({}, 'The current version: the latest release note by date (the user menu)', {
      reply: currentReleaseSchema,
    }),
    () => notes.current(),
  );
  resource(route, releaseNoteResource, {
    ...note,
    get: { rule: {}, summary: 'One release note' },
    create: { summary: 'Publish a release note (admin)' },
    edit: { summary: 'Edit a release note (admin)' },
  });
});
