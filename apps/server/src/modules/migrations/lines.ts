// An import file's lines as records: the header read against the mapping (field → header), each
// line's cells by field, checked with the record form's schema. The check and the write both read
// the file through here, so a line is always read the same way.
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

export type Line =
  | { line: number; ok: true; value: Record<string, unknown> }
  | { line: number; ok: false; issues: Issue[] };

/** A file-wide issue (header, encoding, empty) on `line`. */
export const fileIssue = (
  file: ImportFileKind,
  line: number,
  key: string,
  column = '',
  value = '',
): Issue => ({
  file,
  line,
  column,
  value,
  key,
  params: {},
});

/** Reads the file's lines after its header; a header that lacks a mapped column is one issue. */
export async function* linesOf(
  file: ImportFileKind,
  stream: Readable,
  mapping: ColumnMapping,
): AsyncGenerator<Line> {
  let index: [field: string, column: number, header: string][] | undefined;
  let width = 0;
  for await (const record of csvRecords(stream)) {
    if (!index) {
      width = record.cells.length;
      const missing = Object.entries(mapping).filter(([, header]) => !record.cells.includes(header));
      if (missing.length > 0) {
        yield {
          line: record.line,
          ok: false,
          issues: missing.map(([, header]) => fileIssue(file, record.line, 'importHeaderMissing', header)),
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
    const parsed = parseImportLine(file, cells);
    if (parsed.ok) yield { line: record.line, ok: true, value: parsed.value };
    else {
      const headerOf = (field: string) => index?.find(([f]) => f === field)?.[2] ?? field;
      yield {
        line: record.line,
        ok: false,
        issues: parsed.issues.map((issue) => ({
          file,
          line: record.line,
          column: headerOf(issue.field),
          value: cells[issue.field] ?? '',
          ...issueKey(issue),
        })),
      };
    }
  }
}
