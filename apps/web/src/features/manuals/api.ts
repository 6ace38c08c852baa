// The manual calls (server modules/manuals) and their query keys.
import type { Manual } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { queryKeys } from '../../api/platform';
import { resourceApi } from '../../api/resource';

// A new version is uploaded as multipart FormData; none is changed or deleted.
export const manuals = resourceApi<Manual>('/manuals');
/** `my`: the user menu reads the latest manual from /users/my. */
export const manualKeys = { ...manuals.keys, my: queryKeys.my };
export function uploadManual(values: { version: string; file: File }) {
  const data = new FormData();
  data.set('version', values.version);
  data.set('file', values.file, values.file.name);
  return api.post<Manual>('/manuals', data);
}
