// An import file read as it streams (never held whole): UTF-8 with or without its BOM, or Shift_JIS
// (what spreadsheet programs in Japan save), told apart by whether the first part is valid UTF-8;
// cells split by comma, semicolon or tab, whichever the header line holds most of; RFC 4180 quotes,
// a quoted cell may span lines. Node's own TextDecoder reads Shift_JIS (full ICU), so no decoder
// library is needed.
import type { Readable } from 'node:stream';

export const CSV_DELIMITERS = [',', ';', '\t'] as const;
export type CsvEncoding = 'utf-8' | 'shift_jis';

/** A file that is neither UTF-8 nor Shift_JIS, from this line on. */
export class MisEncodedError extends Error {
  override name = 'MisEncodedError';
  readonly line: number;
  constructor(line: number) {
    super(`the file is not UTF-8 or Shift_JIS (line ${line})`);
    this.line = line;
  }
}

export interface CsvRecord {
  /** The file's line the record starts on (the header is 1). */
  line: number;
  cells: string[];
}

/** The encoding of a file by its first bytes: a BOM or valid UTF-8 says UTF-8, else Shift_JIS. */
export function encodingOf(start: Buffer): CsvEncoding {
  if (start[0] === 0xef && start[1] === 0xbb && start[2] === 0xbf) return 'utf-8';
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(start, { stream: true });
    return 'utf-8';
  } catch {
    return 'shift_jis';
  }
}

/** The delimiter a header line uses most, outside quotes (comma when it has none). */
export function delimiterOf(header: string): string {
  let best = ',';
  let most = 0;
  for (const d of CSV_DELIMITERS) {
    let count = 0;
    let quoted = false;
    for (const c of header) {
      if (c === '"') quoted = !quoted;
      else if (c === d && !quoted) count += 1;
    }
    if (count > most) [best, most] = [d, count];
  }
  return best;
}

/** The first line of a file's first bytes, decoded (for the headers before an import starts). */
export function firstLine(start: Buffer): { encoding: CsvEncoding; delimiter: string; header: string } {
  const encoding = encodingOf(start);
  const text = new TextDecoder(encoding).decode(start).replace(/^\ufeff/, '');
  const header = text.split(/\r?\n/, 1)[0] ?? '';
  return { encoding, delimiter: delimiterOf(header), header };
}

/** Bytes read before the encoding is judged, unless a byte beyond ASCII comes sooner. */
const SNIFF_BYTES = 1024 * 1024;

/** The stream's parts, the first of them grown until it holds a byte beyond ASCII (or is large). */
async function* prefixed(parts: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let head: Buffer[] | undefined = [];
  let size = 0;
  for await (const part of parts) {
    if (!head) {
      yield part;
      continue;
    }
    head.push(part);
    size += part.length;
    if (size >= SNIFF_BYTES || part.some((b) => b >= 0x80)) {
      yield Buffer.concat(head);
      head = undefined;
    }
  }
  if (head && size > 0) yield Buffer.concat(head);
}

const QUOTE = 34;
const LINE_FEED = 10;

/** Reads a file's records, each with the line it starts on; blank lines are skipped. */
export async function* csvRecords(stream: Readable): AsyncGenerator<CsvRecord> {
  let decoder: InstanceType<typeof TextDecoder> | undefined;
  let delimiter: string | undefined;
  let line = 1;
  let start = 1;
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let afterQuote = false;
  let pending = '';
  let first = true;
  const finish = (): CsvRecord | undefined => {
    cells.push(cell.trim());
    const record = { line: start, cells };
    cells = [];
    cell = '';
    afterQuote = false;
    return record.cells.length === 1 && record.cells[0] === '' ? undefined : record;
  };
  const decode = (chunk: Buffer | undefined) => {
    try {
      return chunk === undefined
        ? (decoder?.decode() ?? '')
        : (decoder as InstanceType<typeof TextDecoder>).decode(chunk, { stream: true });
    } catch {
      throw new MisEncodedError(line);
    }
  };
  const out: CsvRecord[] = [];
  /**
   * Reads `text` on from where the last part ended. Runs of plain characters are taken as one slice
   * up to the next delimiter, line end or quote (a character at a time made a string per character:
   * most of a million-line check's time and garbage).
   */
  const scan = (text: string) => {
    const separator = (delimiter as string).charCodeAt(0);
    const n = text.length;
    let i = 0;
    while (i < n) {
      if (quoted) {
        const q = text.indexOf('"', i);
        const part = text.slice(i, q < 0 ? n : q);
        cell += part;
        for (let k = part.indexOf('\n'); k >= 0; k = part.indexOf('\n', k + 1)) line += 1;
        if (q < 0) return;
        if (q + 1 === n) {
          // The next part decides whether this quote is doubled: keep it for then.
          pending = '"';
          return;
        }
        if (text.charCodeAt(q + 1) === QUOTE) {
          cell += '"';
          i = q + 2;
        } else {
          quoted = false;
          afterQuote = true;
          i = q + 1;
        }
        continue;
      }
      let j = i;
      for (; j < n; j += 1) {
        const c = text.charCodeAt(j);
        if (c === separator || c === LINE_FEED || c === QUOTE) break;
      }
      if (j > i) {
        const part = text.slice(i, j);
        cell += afterQuote ? part.replaceAll('\r', '') : part;
      }
      if (j === n) return;
      const c = text.charCodeAt(j);
      if (c === separator) {
        cells.push(afterQuote ? cell : cell.trim());
        cell = '';
        afterQuote = false;
      } else if (c === LINE_FEED) {
        if (cell.endsWith('\r')) cell = cell.slice(0, -1);
        const record = finish();
        if (record) out.push(record);
        line += 1;
        start = line;
      } else if (cell.trim() === '' && !afterQuote) {
        quoted = true;
        cell = '';
      } else cell += '"';
      i = j + 1;
    }
  };
  for await (const chunk of prefixed(stream as AsyncIterable<Buffer>)) {
    decoder ??= new TextDecoder(encodingOf(chunk), { fatal: true, ignoreBOM: false });
    const text = pending + decode(chunk);
    pending = '';
    if (first) {
      const end = text.indexOf('\n');
      if (end < 0) {
        pending = text;
        continue;
      }
      delimiter = delimiterOf(text.slice(0, end));
      first = false;
    } else if (text === '') continue;
    scan(text);
    yield* out;
    out.length = 0;
  }
  if (!decoder) return;
  const rest = pending + decode(undefined);
  pending = '';
  delimiter ??= delimiterOf(rest.split('\n', 1)[0] ?? '');
  scan(rest);
  if (pending === '"') quoted = false;
  if (cell !== '' || cells.length > 0) {
    const record = finish();
    if (record) out.push(record);
  }
  yield* out;
}
