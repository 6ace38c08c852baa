// A migration file's lines as records: the header read against the mapping (field → header), each
// line's cells by field, checked with the contracts' schema (an import's record form, a transfer's
// line). The check and the write both read the file through here, so a line is always read the
// same way.
import type { Readable } from 'node:stream';
import {
  type ColumnMapping,
  type ImportFileKind,
  type ImportIssue,
  issueKey,
  parseImportLine,
} from '@fleetlens/contracts';
import { csvRecords } from './csv.ts';

export type Issue = Omit<ImportIssue, 'reason'>;

/** A bad line's issue as a run keeps it: where it is, and its message key. */
export interface LineIssue<File extends string> {
  file: File;
  line: number;
  column: string;
  value: string;
  key: string;
  params: Record<string, unknown>;
}

export type Line<Value = Record<string, unknown>, File extends string = ImportFileKind> =
  | { line: number; ok: true; value: Value }
  | { line: number; ok: false; issues: LineIssue<File>[] };

/** A file-wide issue (header, encoding, empty) on `line`. */
export const fileIssue = <File extends string>(
  file: File,
  line: number,
  key: string,
  column = '',
  value = '',
): LineIssue<File> => ({ file, line, column, value, key, params: {} });

/** A line's cells checked: its value, or each bad field's message key. */
export type CheckedCells<Value> =
  | { ok: true; value: Value }
  | { ok: false; issues: { field: string; key: string; params?: Record<string, unknown> }[] };

/**
 * Reads a file's lines after its header, each line's cells by field checked by `check`; a header
 * that lacks a mapped column is one issue. `header` is told when the header line is read.
 */
export async function* mappedLines<File extends string, Value>(
  file: File,
  stream: Readable,
  mapping: ColumnMapping,
  check: (cells: Record<string, string>) => CheckedCells<Value>,
  header?: () => void,
): AsyncGenerator<Line<Value, File>> {
  let index: [field: string, column: number, header: string][] | undefined;
  let width = 0;
  for await (const record of csvRecords(stream)) {
    if (!index) {
      header?.();
      width = record.cells.length;
      const missing = Object.values(mapping).filter((header) => !record.cells.includes(header));
      if (missing.length > 0) {
        yield {
          line: record.line,
          ok: false,
          issues: missing.map((header) => fileIssue(file, record.line, 'importHeaderMissing', header)),
        };
        return;
      }
      index = Object.entries(mapping).map(([field, header]) => [field, record.cells.indexOf(header), header]);
      continue;
    }
    if (record.cells.length !== width) {
      yield {
        line: record.line,
        ok: false,
        issues: [fileIssue(file, record.line, 'importColumnCount', '', String(record.cells.length))],
      };
      continue;
    }
    const cells: Record<string, string> = {};
    for (const [field, column] of index) cells[field] = record.cells[column] ?? '';
    const checked = check(cells);
    if (checked.ok) yield { line: record.line, ok: true, value: checked.value };
    else {
      const headerOf = (field: string) => index?.find(([f]) => f === field)?.[2] ?? field;
      yield {
        line: record.line,
        ok: false,
        issues: checked.issues.map(({ field, key, params = {} }) => ({
          file,
          line: record.line,
          column: headerOf(field),
          value: cells[field] ?? '',
          key,
          params,
        })),
      };
    }
  }
}

/** An import file's lines, checked with the record form's schema. */
export const linesOf = (file: ImportFileKind, stream: Readable, mapping: ColumnMapping) =>
  mappedLines(file, stream, mapping, (cells) => {
    const parsed = parseImportLine(file, cells);
    return parsed.ok
      ? parsed
      : { ok: false, issues: parsed.issues.map((issue) => ({ field: issue.field, ...issueKey(issue) })) };
  });
