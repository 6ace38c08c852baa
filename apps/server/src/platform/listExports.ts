// A list's export (docs/decisions/2026-12-06-exports-and-inputs.md): `GET <path>/export` answers
// the rows the list's own call answers — the same service, so the same access rule, tenant scope,
// filters and order — as CSV or XLSX, written by the streaming writers a page at a time, so
// memory stays flat however long the list. The columns are the ones the user sees, named by the
// paths of their values in the list's rows, with headers in the user's language; times are
// written in the user's time zone. The browser opens the file through a link signed for its user
// (`POST /export-links`), so it saves the stream as it comes instead of holding it.
import { PassThrough } from 'node:stream';
import {
  type ExportColumn,
  exportColumnsOf,
  exportLabelsOf,
  type Language,
  type listExportFields,
  listExportQueryOf,
  wallClockIn,
} from '@fleetlens/contracts';
import type { FastifyReply, preValidationAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import type { RequestAccess } from './access.ts';
import type { CsvCell } from './csvLines.ts';
import { ApiError } from './errors.ts';
import { requestLanguage } from './i18n.ts';
import type { Platform } from './index.ts';
import { verifyLink } from './links.ts';
import { type ReadingOn, readOn } from './lists.ts';
import { dispositionOf } from './objectKeys.ts';
import { CONTENT_TYPES, rowWriter } from './sheetStreams.ts';

/** Rows read a page at a time: few statements, little memory. */
export const EXPORT_PAGE_ROWS = 1000;

type Row = Record<string, unknown>;
/** A page of a list as its service answers it. */
type ListCall = (
  access: RequestAccess,
  query: Record<string, unknown> & { page: number; perPage: number },
) => Promise<{ list: unknown[]; perPage?: number }>;

/** A field the server words itself in the user's language (a value the browser words from several numbers). */
export type ExportWording = (value: unknown, lang: Language) => CsvCell;

export interface ListExportSpec {
  /** The list's query schema (an object: its filters, order and paging). */
  query: z.ZodType;
  /** A row of the list: its fields are the columns an export may name. */
  item: z.ZodType;
  list: ListCall;
  /** Fields written as the server words them, by path (the fuel report's explanation). */
  words?: Record<string, ExportWording>;
}

/** The export query of a list: its query without paging, and the export's own fields. */
export const exportQueryOf = (query: z.ZodType) => listExportQueryOf(query);

/** The row of a list page's schema (`{ list: [row], total, … }`), or of the answer's `rows` field. */
export function listItemOf(page: z.ZodType, rows = 'list'): z.ZodType {
  const list = page instanceof z.ZodObject ? page.shape[rows] : undefined;
  if (!(list instanceof z.ZodArray)) throw new Error('an exported list answers a list page');
  return list.element as z.ZodType;
}

/** The top-level fields of a list's row; none when the row is not a plain object. */
const fieldsOf = (item: z.ZodType): string[] => (item instanceof z.ZodObject ? Object.keys(item.shape) : []);

/** The columns to write: those asked for (each starting at a field of the row), else every field. */
export function columnsOf(item: z.ZodType, asked: string | string[] | undefined): ExportColumn[] {
  const fields = fieldsOf(item);
  const columns = exportColumnsOf(asked);
  if (columns.length === 0) return fields.map((field) => ({ path: field, title: field }));
  for (const column of columns)
    if (!fields.includes(column.path.split('.')[0] ?? ''))
      throw new ApiError('validation', { fields: [{ field: 'column', key: 'exportColumn' }] });
  return columns;
}

const SERVER_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A server time (UTC, as the API writes it) as 'YYYY-MM-DD HH:mm:ss' in `zone`. */
export function timeIn(value: string, zone: string): string {
  const utc = /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : `${value.replace(' ', 'T')}Z`;
  const at = new Date(utc);
  if (Number.isNaN(at.getTime())) return value;
  const { year, month, day, hour, minute, second } = wallClockIn(at, zone);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(second)}`;
}

/** One value as a cell: times in the zone, a named record by its name, a list joined. */
export function cellOf(value: unknown, zone: string): CsvCell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'string') return SERVER_TIME.test(value) ? timeIn(value, zone) : value;
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (Array.isArray(value))
    return value
      .map((entry) => cellOf(entry, zone))
      .filter((cell) => cell !== null && cell !== '')
      .join(', ');
  if (typeof value === 'object') {
    const named = value as Row;
    for (const key of ['name', 'label', 'username', 'title'])
      if (typeof named[key] === 'string') return named[key] as string;
  }
  return null;
}

const valueAt = (row: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Row)[key] : undefined), row);

/** A code as its words (`label=path:code:Word`): a state, a kind, a switch, a number code, each of a list. */
function wordsOf(value: unknown, words: Map<string, string> | undefined): unknown {
  if (!words) return value;
  if (Array.isArray(value)) return value.map((entry) => wordsOf(entry, words));
  return typeof value === 'string' || typeof value === 'boolean' || typeof value === 'number'
    ? (words.get(String(value)) ?? value)
    : value;
}

/** What an export's handler reads: the export's own fields, and the list's filters and order. */
export type ExportQuery = z.output<z.ZodObject<typeof listExportFields>> & Record<string, unknown>;

/** The file's name: the one asked for (the console adds the day), else the list's and the day. */
const fileNameOf = (query: ExportQuery, path: string, now: Date) =>
  `${query.file_name?.trim() || `${path.slice(1).replaceAll('/', '-')}-${timeIn(now.toISOString(), query.time_zone).slice(0, 10)}`}.${query.format}`;

/**
 * Answers the export: the first page is read before anything is sent, so a refusal of the list's
 * (a filter it does not take) is an ordinary error; the rest follow as the stream drains.
 */
export async function sendExport(
  spec: ListExportSpec,
  path: string,
  access: RequestAccess,
  query: ExportQuery,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const columns = columnsOf(spec.item, query.column);
  const labels = exportLabelsOf(query.label);
  const lang = query.language ?? requestLanguage(reply.request.headers['accept-language']);
  const shownValue = (row: unknown, path: string) => {
    const value = valueAt(row, path);
    const wording = spec.words && Object.hasOwn(spec.words, path) ? spec.words[path] : undefined;
    if (wording) return value === null || value === undefined ? null : wording(value, lang);
    return wordsOf(value, labels.get(path));
  };
  const {
    format,
    time_zone: zone,
    column: _c,
    label: _l,
    language: _g,
    file_name: _f,
    user: _u,
    expires: _e,
    signature: _s,
    ...filters
  } = query;
  // A list read on by cursor (the event lists: `next_cursor`) is followed by it; any other is read
  // through (`readOn`): its pages continue after the last row's key, where its order allows.
  const readingOn: ReadingOn = new Map();
  const pageOf = (page: number, cursor?: string) =>
    readOn(readingOn, () =>
      spec.list(access, {
        ...filters,
        page: cursor ? 1 : page,
        perPage: EXPORT_PAGE_ROWS,
        ...(cursor ? { cursor } : {}),
      }),
    );
  let answer = await pageOf(1);
  const out = new PassThrough();
  const writer = rowWriter(
    format,
    out,
    columns.map((c) => c.title),
  );
  const write = async () => {
    for (let page = 1; ; page++) {
      await writer.rows(answer.list.map((row) => columns.map((c) => cellOf(shownValue(row, c.path), zone))));
      const cursor = (answer as { next_cursor?: string | null }).next_cursor;
      if (cursor === null || answer.list.length < (answer.perPage ?? EXPORT_PAGE_ROWS)) break;
      answer = await pageOf(page + 1, cursor);
    }
    await writer.end();
  };
  write().catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  reply.header('Content-Disposition', dispositionOf(fileNameOf(query, path, new Date())));
  reply.header('Cache-Control', 'private, no-store');
  return reply.type(CONTENT_TYPES[format]).send(out);
}

/**
 * The guard's first step on an export: a call without a token that carries a link signed for a
 * user (`…&user=…&expires=…&signature=…`, the signature over everything before `&expires`) is that
 * user's call, as they stand now; the route's own guard then checks its rule as for any call.
 */
export function signedCaller(platform: Platform): preValidationAsyncHookHandler {
  return async (request) => {
    if (request.headers.authorization) return;
    const signed = /^(.*)&expires=(\d+)&signature=([\w-]+)$/.exec(request.url);
    if (!signed) return;
    const [, base = '', expires, signature] = signed;
    const user = new URLSearchParams(base.split('?')[1] ?? '').getAll('user');
    if (user.length !== 1 || !(await verifyLink(platform.database, base, Number(expires), signature)))
      throw new ApiError('forbidden');
    const principal = (await platform.auth.currentPrincipals(user)).get(user[0] ?? '');
    if (!principal) throw new ApiError('forbidden');
    request.principal = principal;
  };
}
