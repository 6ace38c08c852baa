// The release-note calls (server modules/release-notes) and their query keys.
import { releaseNoteResource } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { resourceApi } from '../../api/resource';

export const releaseNotes = resourceApi(releaseNoteResource);
export const releaseNoteKeys = { ...releaseNotes.keys, current: [releaseNotes.name, 'current'] as const };
export const { one: fetchReleaseNote, create: createReleaseNote, update: updateReleaseNote } = releaseNotes;

/** The current version (latest release note by date) for the user menu; null before the first. */
export function useCurrentRelease() {
  return useQuery({
    queryKey: releaseNoteKeys.current,
    queryFn: () => api.get<{ version: string | null }>(`${releaseNoteResource.path}/current`),
  });
}
