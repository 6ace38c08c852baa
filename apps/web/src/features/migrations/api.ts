// Data migration's calls (server modules/migrations) and their query keys.
import type {
  ImportFileKind,
  ListParamsOf,
  MigrationImport,
  MigrationImportStart,
  migrationImportListQuerySchema,
} from '@fleetlens/contracts';
import { api, downloadFile } from '../../api/client';
import { type ListAnswer, type ListFetchOptions, listQuery } from '../../api/listQuery';

export type ImportsParams = ListParamsOf<typeof migrationImportListQuerySchema>;

const ALL = ['migration-imports'] as const;
export const importKeys = {
  all: ALL,
  one: (id: string) => [...ALL, id] as const,
  list: (params: ImportsParams) => [...ALL, 'list', params] as const,
};

export const fetchImports = (params: ImportsParams, options?: ListFetchOptions) =>
  api.get<ListAnswer<MigrationImport>>('/migration-imports', { ...options, query: listQuery(params) });

export const fetchImport = (id: string) => api.get<MigrationImport>(`/migration-imports/${id}`);

/** Quiet: the form shows which file is missing or refused. */
export const uploadImportFiles = (customerId: string, files: Partial<Record<ImportFileKind, File>>) => {
  const form = new FormData();
  for (const [kind, file] of Object.entries(files)) if (file) form.append(kind, file);
  return api.post<MigrationImport>('/migration-imports', form, {
    quiet: true,
    query: { customer_id: customerId },
    timeoutMs: 10 * 60_000,
  });
};

export const startImport = (id: string, body: MigrationImportStart) =>
  api.post<MigrationImport>(`/migration-imports/${id}/start`, body, { quiet: true });
export const abortImport = (id: string) => api.post<MigrationImport>(`/migration-imports/${id}/abort`);
export const restoreImport = (id: string) => api.post<MigrationImport>(`/migration-imports/${id}/restore`);
export const downloadIssues = (id: string) =>
  downloadFile(`/migration-imports/${id}/issues`, 'import-issues.csv');
