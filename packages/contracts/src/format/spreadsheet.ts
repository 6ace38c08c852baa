// What a spreadsheet may be handed, in one place for the console's list exports and the server's
// report exports. A text cell that starts with = + - @ (or a tab or carriage return) is what
// Excel, LibreOffice and Sheets would run as a formula (OWASP's CSV injection): a vehicle named
// `=HYPERLINK("http://…","open")` would become a live link. Such text gets a leading apostrophe,
// so it shows as text. Numbers stay numbers (a negative number is no formula).
// A sheet's name has rules of its own: Excel refuses a workbook whose sheet name holds [ ] : * ? /
// \, is longer than 31 characters, is empty or starts or ends with an apostrophe ("History" is
// kept for itself), so a report named `Fleet 2026/12` must not reach the writer as it is.

export type SpreadsheetCell = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as a spreadsheet should see it: text that could start a formula is neutralised. */
export function spreadsheetCell(cell: SpreadsheetCell): string | number {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : '';
  const text = String(cell);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export const SHEET_NAME_MAX = 31;
const SHEET_NAME_FALLBACK = 'Sheet1';
// Excel's forbidden characters, and the control characters XML 1.0 cannot carry.
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
const SHEET_NAME_BAD = /[[\]:*?/\\\u0000-\u001f\u007f]/g;

/** A name Excel accepts for a sheet, as close to `name` as its rules allow. */
export function sheetNameOf(name: string): string {
  const chars = [...name.replace(SHEET_NAME_BAD, '_').trim()];
  // 31 UTF-16 units at most, cut between characters (never inside a surrogate pair).
  while (chars.join('').length > SHEET_NAME_MAX) chars.pop();
  const cut = chars
    .join('')
    .replace(/^'+|'+$/g, '')
    .trim();
  if (cut === '') return SHEET_NAME_FALLBACK;
  return cut.toLowerCase() === 'history' ? `${cut}_` : cut;
}
