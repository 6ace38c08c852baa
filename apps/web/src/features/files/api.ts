// The file calls (server modules/files) and their query keys. Uploads go as multipart FormData.
import type { FileRecord, fileListQuerySchema, ListParamsOf } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { resourceApi } from '../../api/resource';

export type FileListParams = ListParamsOf<typeof fileListQuerySchema>;

export type FileWithLink = FileRecord & { link: { url: string; expires_at: string } };
export type FileForm = { name: string; description?: string; customer_id?: string; file?: File };

// A file travels as multipart FormData and comes back with its download link: only the list and
// the keys are the common ones.
export const files = resourceApi<FileRecord, FileListParams>('/files');
export const fileKeys = files.keys;

function formData(values: FileForm): FormData {
  const data = new FormData();
  data.set('name', values.name ?? '');
  data.set('description', values.description ?? '');
  if (values.customer_id) data.set('customer_id', values.customer_id);
  // The file goes last, so the server has read the fields when the content streams in.
  if (values.file) data.set('file', values.file, values.file.name);
  return data;
}

export const fetchFile = (id: string) => api.get<FileWithLink>(files.path(id));
export const createFile = (values: FileForm) => api.post<FileWithLink>('/files', formData(values));
export const updateFile = (id: string, values: FileForm) =>
  api.put<FileWithLink>(files.path(id), formData(values));

/** The preview route of a file (console route /files/{type}/{type_id}/view/{id}). */
export const fileViewPath = (file: Pick<FileRecord, 'type' | 'type_id' | 'id'>) =>
  `/files/${file.type}/${file.type_id}/view/${file.id}`;
