// The managerial downloads' calls (server modules/downloads) and their query keys.
import {
  type DownloadRequestCreate,
  type DownloadRequestItem,
  SYNC_DOWNLOAD_SECONDS,
} from '@fleetlens/contracts';
import { API_BASE, api, downloadFile } from '../../api/client';
import { type ListParams, listFetch, listKeys } from '../../api/listQuery';

export const downloadKeys = listKeys<ListParams>('download-requests');

export const fetchDownloads = listFetch<DownloadRequestItem>('/download-requests');

/** A synchronous request answers once its file is made: the call waits the server's time for it. */
export const requestDownload = (body: DownloadRequestCreate) =>
  api.post<DownloadRequestItem>('/download-requests', body, {
    timeoutMs: (SYNC_DOWNLOAD_SECONDS + 15) * 1000,
  });

export const cancelDownload = (id: string) =>
  api.post<DownloadRequestItem>(`/download-requests/${id}/cancel`);

/** The file's name as the server names it: type, period and format. */
export const downloadName = (r: DownloadRequestItem) => `${r.download_type}_${r.from}_${r.to}.${r.format}`;

/**
 * A finished file saved by the browser: its signed link asked for (refused once the link time is
 * over, with the server's message), then the file read through it.
 */
export async function saveDownload(request: DownloadRequestItem): Promise<void> {
  const link = await api.post<{ url: string; expires_at: string }>(`/download-requests/${request.id}/link`);
  const url = new URL(link.url, window.location.origin);
  await downloadFile(url.pathname.slice(API_BASE.length), downloadName(request), {
    query: Object.fromEntries(url.searchParams),
  });
}
