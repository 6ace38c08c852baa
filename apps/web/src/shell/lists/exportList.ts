// A list's export, made by the server (its `<list>/export`: the same rows, filters and order as
// the list's own call, written as they are read): the browser names the columns the user sees —
// each the path of its value in the list's rows, its header in the user's language and the words
// of its codes — and the user's time zone and language, has the address signed for its user, and
// opens it, so the file is saved as it streams and never held here.
import { exportColumnText, isLanguage, type ListExportFormat } from '@fleetlens/contracts';
import { API_BASE, api } from '../../api/client';
import { type ListParams, listQuery } from '../../api/listQuery';
import { i18n } from '../../app/i18n';

export type ExportedColumn = {
  /** The value's path in a list row (`customer`, `actor.name`). */
  path: string;
  title: string;
  /** The words of the column's codes (`{ forklift: 'Forklift' }`; `true`/`false` for a switch). */
  labels?: Record<string, string>;
};

/** A list's parameters, or a table's query (a report's). */
export type ExportParams = ListParams | Record<string, string | number | boolean | undefined>;

export type ListExport = {
  format: ListExportFormat;
  columns: ExportedColumn[];
  /** The file's name without extension (the server adds the day). */
  fileName: string;
};

/** The user's time zone, as the console shows times in it. */
const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

/** The address of a list's export: the list's parameters (no paging) and the export's own. */
export function exportAddress(
  path: string,
  params: ListParams,
  { format, columns, fileName }: ListExport,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(listQuery(params as ListParams)))
    if (key !== 'page' && key !== 'perPage' && value !== undefined && value !== null && value !== '')
      query.append(key, String(value));
  query.set('format', format);
  query.set('time_zone', timeZone());
  // What the server words itself (a fuel figure's explanation) is in the console's language.
  if (isLanguage(i18n.language)) query.set('language', i18n.language);
  query.set('file_name', fileName);
  for (const column of columns) query.append('column', exportColumnText(column.path, column.title));
  for (const column of columns)
    for (const [code, text] of Object.entries(column.labels ?? {}))
      query.append('label', `${column.path}:${code}:${text}`);
  return `${API_BASE}${path}/export?${query.toString()}`;
}

/** Asks the server for the export through a link signed for this user, and lets the browser save it. */
export async function saveListExport(path: string, params: ExportParams, request: ListExport): Promise<void> {
  const link = await api.post<{ url: string }>('/export-links', {
    url: exportAddress(path, params, request),
  });
  const anchor = Object.assign(document.createElement('a'), { href: link.url, download: '' });
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
}
