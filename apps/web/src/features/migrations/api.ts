// Data migration's calls (server modules/migrations) and their query keys.
import type {
  ImportFileKind,
  ListParamsOf,
  MigrationImport,
  MigrationImportStart,
  MigrationSettings,
  MigrationTransfer,
  migrationImportListQuerySchema,
  migrationTransferListQuerySchema,
  TransferKind,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api, downloadFile } from '../../api/client';
import { type ListAnswer, type ListFetchOptions, listQuery } from '../../api/listQuery';

export type ImportsParams = ListParamsOf<typeof migrationImportListQuerySchema>;

/** The query keys of a kind of migration run (imports, transfers): all, one, a list page. */
const runKeys = <P>(name: string) => ({
  all: [name] as const,
  one: (id: string) => [name, id] as const,
  list: (params: P) => [name, 'list', params] as const,
});

export const importKeys = runKeys<ImportsParams>('migration-imports');

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

// Past data transfer and the customer's migration settings.
export type TransfersParams = ListParamsOf<typeof migrationTransferListQuerySchema>;

export const transferKeys = {
  ...runKeys<TransfersParams>('migration-transfers'),
  settings: (customerId: string) => ['migration-settings', customerId] as const,
};

export const fetchTransfers = (params: TransfersParams, options?: ListFetchOptions) =>
  api.get<ListAnswer<MigrationTransfer>>('/migration-transfers', { ...options, query: listQuery(params) });

export interface TransferRequest {
  customerId: string;
  from: string;
  to: string;
  kinds: TransferKind[];
  event?: File;
  regular?: File;
  videos: File[];
}

/** Uploads the files, then starts the transfer. Quiet: the form shows what was refused. */
export async function requestTransfer(request: TransferRequest): Promise<MigrationTransfer> {
  const form = new FormData();
  if (request.kinds.includes('event') && request.event) form.append('event', request.event);
  if (request.kinds.includes('regular') && request.regular) form.append('regular', request.regular);
  if (request.kinds.includes('video')) for (const video of request.videos) form.append('video', video);
  const created = await api.post<MigrationTransfer>('/migration-transfers', form, {
    quiet: true,
    query: {
      customer_id: request.customerId,
      from: request.from,
      to: request.to,
      kinds: request.kinds.join(','),
    },
    timeoutMs: 30 * 60_000,
  });
  return api.post<MigrationTransfer>(`/migration-transfers/${created.id}/start`, {}, { quiet: true });
}

export const abortTransfer = (id: string) => api.post<MigrationTransfer>(`/migration-transfers/${id}/abort`);
export const restoreTransfer = (id: string) =>
  api.post<MigrationTransfer>(`/migration-transfers/${id}/restore`);
export const downloadTransferIssues = (id: string) =>
  downloadFile(`/migration-transfers/${id}/issues`, 'transfer-issues.csv');

export const fetchMigrationSettings = (customerId: string) =>
  api.get<MigrationSettings>(`/migration-settings/${customerId}`);
/** A company's migration settings (none asked before a company is chosen). */
export const useMigrationSettings = (customerId?: string) =>
  useQuery({
    queryKey: transferKeys.settings(customerId ?? ''),
    queryFn: () => fetchMigrationSettings(customerId as string),
    enabled: !!customerId,
  });
export const saveMigrationSettings = (customerId: string, settings: MigrationSettings) =>
  api.put<MigrationSettings>(`/migration-settings/${customerId}`, settings, { quiet: true });
