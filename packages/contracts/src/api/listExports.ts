// A list's export, asked of the server: the list's own query (its filters and order, without
// paging) and what the file shows — its format, the columns the user sees with their headers in
// the user's language, and the time zone the times are written in. Every described list answers
// it at `<path>/export` (the server's platform/listExports.ts); the browser opens the file through
// a signed link (`POST /export-links`), so neither side holds the whole file.
import { z } from 'zod';
import { LANGUAGES } from '../shell/i18n.ts';
import { isTimeZone } from '../validation/fields.ts';

export const LIST_EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ListExportFormat = (typeof LIST_EXPORT_FORMATS)[number];

/** The most columns an export takes (more than any list shows). */
export const MAX_EXPORT_COLUMNS = 60;
/** How long a signed export link works: the browser opens it at once. */
export const EXPORT_LINK_SECONDS = 60;

/** A column as the query carries it: the field's path in the list's row, a colon, its header. */
export const exportColumnText = (path: string, title: string) => `${path}:${title}`;
const COLUMN_PATTERN = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)*:[^\r\n]{0,200}$/i;

/** A column of an export: the path of its value in a list row (`actor.name`) and its header. */
export interface ExportColumn {
  path: string;
  title: string;
}
export const exportColumnOf = (text: string): ExportColumn => {
  const colon = text.indexOf(':');
  return { path: text.slice(0, colon), title: text.slice(colon + 1) };
};

const columnText = z.string().regex(COLUMN_PATTERN, 'validation.exportColumn');
const LABEL_PATTERN = /^[a-z_][a-z0-9_.]*:[\w.-]{1,64}:[^\r\n]{0,200}$/i;
const labelText = z.string().regex(LABEL_PATTERN, 'validation.exportColumn');
/** The most words of codes an export takes. */
export const MAX_EXPORT_LABELS = 500;

/** The words of a column's codes as a query carries them: `path:code:Word`, by path, then code. */
export function exportLabelsOf(label: string | string[] | undefined): Map<string, Map<string, string>> {
  const labels = new Map<string, Map<string, string>>();
  for (const text of label === undefined ? [] : Array.isArray(label) ? label : [label]) {
    const [path = '', code = ''] = text.split(':', 2);
    const words = labels.get(path) ?? new Map<string, string>();
    words.set(code, text.slice(path.length + code.length + 2));
    labels.set(path, words);
  }
  return labels;
}

/** What an export adds to its list's query. */
export const listExportFields = {
  format: z.enum(LIST_EXPORT_FORMATS).default('csv'),
  /** The columns in the order shown, each `path:Header`; none: every field of the row, by name. */
  column: z
    .union([columnText, z.array(columnText).max(MAX_EXPORT_COLUMNS, 'validation.exportColumn')])
    .optional(),
  /** The words of the columns' codes, each `path:code:Word` (a state's name in the user's language). */
  label: z
    .union([labelText, z.array(labelText).max(MAX_EXPORT_LABELS, 'validation.exportColumn')])
    .optional(),
  time_zone: z.string().max(64).refine(isTimeZone, 'validation.exportTimeZone').default('UTC'),
  /** The user's language, for what the server words itself (a fuel figure's explanation); else Accept-Language. */
  language: z.enum(LANGUAGES).optional(),
  /** The file's name without its extension (a date is added). */
  file_name: z.string().max(120).optional(),
  // A signed link's own parameters (`POST /export-links`): read by the route's guard.
  user: z.uuid().optional(),
  expires: z.coerce.number().int().optional(),
  signature: z.string().max(100).optional(),
};

/**
 * The export query of a list whose query is `query`: its filters and order without paging, and the
 * export's fields. A query with rules over several fields (an event list's period) keeps them: it
 * is read whole beside the export's fields, its paging ignored.
 */
export function listExportQueryOf(query: z.ZodType): z.ZodType {
  const own = z.object(listExportFields);
  if (query instanceof z.ZodObject && (query._zod.def.checks ?? []).length === 0)
    return query.omit({ page: true, perPage: true }).extend(listExportFields);
  return z.intersection(query, own);
}

/** The columns an export query names, as a list. */
export const exportColumnsOf = (column: string | string[] | undefined): ExportColumn[] =>
  (column === undefined ? [] : Array.isArray(column) ? column : [column]).map(exportColumnOf);

/** `POST /export-links`: the export's address (under /api/v1, ending in /export) to sign for the caller. */
export const exportLinkBodySchema = z.strictObject({
  url: z
    .string()
    .max(8000)
    .regex(/^\/api\/v1\/[a-z0-9/-]+\/export(\?[^#]*)?$/, 'validation.exportLink'),
});
export const exportLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
