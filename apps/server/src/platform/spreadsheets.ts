// The server's CSV and XLSX writers: every spreadsheet the server hands out is written here, so
// every cell passes the contracts' spreadsheetCell (text a spreadsheet would run as a formula is
// neutralised, the rule the console's list exports follow) and every sheet is named as Excel
// accepts (sheetNameOf). CSV by csv-stringify, XLSX by write-excel-file
// (docs/decisions/2026-11-26-reports.md).
import { type SpreadsheetCell, sheetNameOf, spreadsheetCell } from '@fleetlens/contracts';
import { stringify } from 'csv-stringify/sync';
import writeXlsxFile from 'write-excel-file/node';

/** A table as a spreadsheet shows it: a header row, then the rows. */
export interface SheetTable {
  columns: string[];
  rows: SpreadsheetCell[][];
}

/** CSV with a byte order mark, so that Excel reads Japanese, Chinese and Burmese as UTF-8. */
export function csvOf(table: SheetTable): Buffer {
  const text = stringify([table.columns, ...table.rows].map((row) => row.map(spreadsheetCell)));
  return Buffer.from(`\ufeff${text}`, 'utf8');
}

/** One sheet named after `name` (as Excel allows), its header row bold; a missing value stays empty. */
export async function xlsxOf(table: SheetTable, name: string): Promise<Buffer> {
  const header = table.columns.map((value) => ({
    value: spreadsheetCell(value),
    fontWeight: 'bold' as const,
  }));
  const rows = table.rows.map((row) =>
    row.map((cell) => (cell === null || cell === undefined ? null : { value: spreadsheetCell(cell) })),
  );
  return writeXlsxFile([header, ...rows], { sheet: sheetNameOf(name) }).toBuffer();
}
