// The manual calls (server modules/manuals) and their query keys.
import type { Manual } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListParams, listFetch } from '../../api/listQuery';
import { queryKeys } from '../../api/platform';

export const manualKeys = {
  all: ['manuals'] as const,
  list: (params: ListParams) => ['manuals', 'list', params] as const,
  /** The user menu reads the latest manual from /users/my. */
  my: queryKeys.my,
};

export const fetchManuals = listFetch<Manual>('/manuals');
export function uploadManual(values: { version: string; file: File }) {
  const data = new FormData();
  data.set('version', values.version);
  data.set('file', values.file, values.file.name);
  return api.post<Manual>('/manuals', data);
}
