// The streaming writers' CSV: RFC 4180 quoting, and text a spreadsheet would run as a formula
// (=, +, -, @ at the start) neutralised by the contracts' rule.
import { spreadsheetCell } from '@fleetlens/contracts';

export type CsvCell = string | number | null | undefined;

const quoted = (text: string) => (/[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

export const csvLine = (cells: readonly CsvCell[]): string =>
  `${cells.map((cell) => quoted(String(spreadsheetCell(cell)))).join(',')}\r\n`;

/** A UTF-8 byte order mark, so that Excel reads the names in their own script. */
export const CSV_BOM = '\uFEFF';
