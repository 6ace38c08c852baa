// The release-note calls (server modules/release-notes) and their query keys.
import type { ReleaseNote, ReleaseNoteBody } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';
import { type ListParams, listFetch } from '../../api/listQuery';

export const releaseNoteKeys = {
  all: ['release-notes'] as const,
  list: (params: ListParams) => ['release-notes', 'list', params] as const,
  one: (id: string) => ['release-notes', 'one', id] as const,
  current: ['release-notes', 'current'] as const,
};

export const fetchReleaseNotes = listFetch<ReleaseNote>('/release-notes');
export const fetchReleaseNote = (id: string) =>
  api.get<ReleaseNote>(`/release-notes/${encodeURIComponent(id)}`);
export const createReleaseNote = (body: ReleaseNoteBody) => api.post<ReleaseNote>('/release-notes', body);
export const updateReleaseNote = (id: string, body: ReleaseNoteBody) =>
  api.put<ReleaseNote>(`/release-notes/${encodeURIComponent(id)}`, body);

/** The current version (latest release note by date) for the user menu; null before the first. */
export function useCurrentRelease() {
  return useQuery({
    queryKey: releaseNoteKeys.current,
    queryFn: () => api.get<{ version: string | null }>('/release-notes/current'),
  });
}
