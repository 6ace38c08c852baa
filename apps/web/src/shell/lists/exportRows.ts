// Turns the rows a list's filter shows into a CSV or an XLSX file. Every cell goes through the
// contracts' spreadsheetCell (formula-like text neutralised, the rule the server's exports share)
// and the sheet's name through sheetNameOf.
import { type SpreadsheetCell, sheetNameOf, spreadsheetCell } from '@fleetlens/contracts';
import { zipStored } from './zip';

export type Cell = SpreadsheetCell;
export type ExportColumn<T> = { title: string; value: (row: T) => Cell };

function table<T>(rows: T[], columns: ExportColumn<T>[]): (string | number)[][] {
  return [
    columns.map((c) => spreadsheetCell(c.title)),
    ...rows.map((r) => columns.map((c) => spreadsheetCell(c.value(r)))),
  ];
}

/** CSV (RFC 4180, CRLF) with a byte order mark, so spreadsheet programs read UTF-8. */
export function toCsv<T>(rows: T[], columns: ExportColumn<T>[]): string {
  const quote = (v: string | number) => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
  };
  return `\uFEFF${table(rows, columns)
    .map((r) => r.map(quote).join(','))
    .join('\r\n')}\r\n`;
}

const xml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c);
// XML 1.0 has no place for most control characters.
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g;

function columnName(index: number): string {
  let n = index + 1;
  let name = '';
  while (n > 0) {
    const m = (n - 1) % 26;
    name = String.fromCharCode(65 + m) + name;
    n = Math.floor((n - 1) / 26);
  }
  return name;
}

/** A one-sheet XLSX workbook (inline strings, numbers as numbers). */
export function toXlsx<T>(rows: T[], columns: ExportColumn<T>[], sheetName = 'Sheet1'): Uint8Array {
  const sheetRows = table(rows, columns)
    .map((r, i) => {
      const cells = r
        .map((v, j) => {
          const ref = `${columnName(j)}${i + 1}`;
          if (typeof v === 'number') return `<c r="${ref}"><v>${v}</v></c>`;
          return `<c r="${ref}" t="inlineStr"><is><t xml:space="preserve">${xml(v.replace(CONTROL, ''))}</t></is></c>`;
        })
        .join('');
      return `<row r="${i + 1}">${cells}</row>`;
    })
    .join('');
  const head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
  const ns = 'http://schemas.openxmlformats.org';
  return zipStored({
    '[Content_Types].xml': `${head}<Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    '_rels/.rels': `${head}<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    'xl/workbook.xml': `${head}<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="${xml(sheetNameOf(sheetName))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    'xl/_rels/workbook.xml.rels': `${head}<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    'xl/worksheets/sheet1.xml': `${head}<worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>${sheetRows}</sheetData></worksheet>`,
  });
}

/** Lets the browser save `data` as `fileName`. */
export function download(data: BlobPart, fileName: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
