// The file calls (server modules/files) and their query keys. Uploads go as multipart FormData.
import type { FileRecord, fileListQuerySchema, ListParamsOf } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { listFetch } from '../../api/listQuery';

export type FileListParams = ListParamsOf<typeof fileListQuerySchema>;

export type FileWithLink = FileRecord & { link: { url: string; expires_at: string } };
export type FileForm = { name: string; description?: string; customer_id?: string; file?: File };

export const fileKeys = {
  all: ['files'] as const,
  list: (params: FileListParams) => ['files', 'list', params] as const,
  one: (id: string) => ['files', 'one', id] as const,
};

function formData(values: FileForm): FormData {
  const data = new FormData();
  data.set('name', values.name ?? '');
  data.set('description', values.description ?? '');
  if (values.customer_id) data.set('customer_id', values.customer_id);
  // The file goes last, so the server has read the fields when the content streams in.
  if (values.file) data.set('file', values.file, values.file.name);
  return data;
}

export const fetchFiles = listFetch<FileRecord, FileListParams>('/files');
export const fetchFile = (id: string) => api.get<FileWithLink>(`/files/${encodeURIComponent(id)}`);
export const createFile = (values: FileForm) => api.post<FileWithLink>('/files', formData(values));
export const updateFile = (id: string, values: FileForm) =>
  api.put<FileWithLink>(`/files/${encodeURIComponent(id)}`, formData(values));

/** The preview route of a file (console route /files/{type}/{type_id}/view/{id}). */
export const fileViewPath = (file: Pick<FileRecord, 'type' | 'type_id' | 'id'>) =>
  `/files/${file.type}/${file.type_id}/view/${file.id}`;
