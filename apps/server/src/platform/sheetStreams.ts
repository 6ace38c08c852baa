// The server's streaming spreadsheet writers, for the managerial downloads and the lists' exports:
// rows in, bytes out to a stream, header first. CSV is RFC 4180 text with a BOM; XLSX is exceljs'
// streaming workbook writer (one sheet, inline strings, no styles: each row is committed and
// leaves memory as it is zipped), so memory stays flat however many rows. In both, text a
// spreadsheet would run as a formula is neutralised by the contracts' rule.
import { Transform, type Writable } from 'node:stream';
import { type DownloadFormat, spreadsheetCell } from '@fleetlens/contracts';
import ExcelJS from 'exceljs';
import { CSV_BOM, type CsvCell, csvLine } from './csvLines.ts';

export interface RowWriter {
  /** Writes a chunk's rows, waiting while the stream is full. */
  rows(rows: readonly (readonly CsvCell[])[]): Promise<void>;
  /** Writes what is left and ends the stream. */
  end(): Promise<void>;
}

export const CONTENT_TYPES: Record<DownloadFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A stream passing bytes through and counting them (the file's size). */
export function byteCounter(): Transform & { bytes: number } {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      counter.bytes += chunk.length;
      done(null, chunk);
    },
  }) as Transform & { bytes: number };
  counter.bytes = 0;
  return counter;
}

const drained = (out: Writable) => new Promise<void>((resolve) => out.once('drain', resolve));

function csvWriter(out: Writable, header: readonly string[]): RowWriter {
  const write = async (text: string) => {
    if (!out.write(text)) await drained(out);
  };
  let started = write(CSV_BOM + csvLine(header));
  return {
    async rows(rows) {
      await started;
      // One write a chunk: a string per row would cost a call and a buffer each.
      started = write(rows.map(csvLine).join(''));
    },
    async end() {
      await started;
      await new Promise<void>((resolve) => out.end(resolve));
    },
  };
}

function xlsxWriter(out: Writable, header: readonly string[]): RowWriter {
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = book.addWorksheet('data');
  const add = async (rows: readonly (readonly CsvCell[])[]) => {
    for (const cells of rows) sheet.addRow(cells.map((cell) => spreadsheetCell(cell))).commit();
    if (out.writableNeedDrain) await drained(out);
  };
  let started = add([header]);
  return {
    async rows(rows) {
      await started;
      started = add(rows);
    },
    async end() {
      await started;
      sheet.commit();
      await book.commit();
    },
  };
}

export const rowWriter = (format: DownloadFormat, out: Writable, header: readonly string[]): RowWriter =>
  format === 'xlsx' ? xlsxWriter(out, header) : csvWriter(out, header);
