// The release-note calls (server modules/release-notes) and their query keys.
import type { ReleaseNote, ReleaseNoteBody } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import type { ListParams } from '../../api/listQuery';
import { resourceApi } from '../../api/resource';

export const releaseNotes = resourceApi<ReleaseNote, ListParams, ReleaseNoteBody>('/release-notes');
export const releaseNoteKeys = { ...releaseNotes.keys, current: ['release-notes', 'current'] as const };
export const { one: fetchReleaseNote, create: createReleaseNote, update: updateReleaseNote } = releaseNotes;

/** The current version (latest release note by date) for the user menu; null before the first. */
export function useCurrentRelease() {
  return useQuery({
    queryKey: releaseNoteKeys.current,
    queryFn: () => api.get<{ version: string | null }>('/release-notes/current'),
  });
}
