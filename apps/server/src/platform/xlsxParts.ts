// What an XLSX holds besides its rows, and its rows' XML, for the streaming writer: the fewest
// parts Excel, LibreOffice and Sheets open without a repair (content types, the package's and the
// workbook's relations, one sheet, the default style), and rows of inline strings and numbers,
// so no table of strings grows with the file. Text a spreadsheet would run as a formula is
// neutralised by the contracts' rule, as in the CSV.
import { spreadsheetCell } from '@fleetlens/contracts';
import type { CsvCell } from './csvLines.ts';

const HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const PACKAGE_RELATIONS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const RELATION = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml';

export const SHEET_PART = 'xl/worksheets/sheet1.xml';

/** Every part but the sheet, by its path in the package, for a workbook of one sheet named `sheet`. */
export const packageParts = (sheet: string): [path: string, xml: string][] => [
  [
    '[Content_Types].xml',
    `${HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
      `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
      `<Default Extension="xml" ContentType="application/xml"/>` +
      `<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.sheet.main+xml"/>` +
      `<Override PartName="/${SHEET_PART}" ContentType="${TYPE}.worksheet+xml"/>` +
      `<Override PartName="/xl/styles.xml" ContentType="${TYPE}.styles+xml"/></Types>`,
  ],
  [
    '_rels/.rels',
    `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONS}">` +
      `<Relationship Id="rId1" Type="${RELATION}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
  ],
  [
    'xl/workbook.xml',
    `${HEAD}<workbook xmlns="${MAIN}" xmlns:r="${RELATION}">` +
      `<sheets><sheet name="${xmlText(sheet)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
  ],
  [
    'xl/_rels/workbook.xml.rels',
    `${HEAD}<Relationships xmlns="${PACKAGE_RELATIONS}">` +
      `<Relationship Id="rId1" Type="${RELATION}/worksheet" Target="worksheets/sheet1.xml"/>` +
      `<Relationship Id="rId2" Type="${RELATION}/styles" Target="styles.xml"/></Relationships>`,
  ],
  [
    'xl/styles.xml',
    `${HEAD}<styleSheet xmlns="${MAIN}">` +
      '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>' +
      '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
      '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
      '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
      '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>' +
      '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles></styleSheet>',
  ],
];

export const SHEET_START = `${HEAD}<worksheet xmlns="${MAIN}"><sheetData>`;
export const SHEET_END = '</sheetData></worksheet>';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};
// Characters XML 1.0 cannot carry (C0 controls but tab, line feed and carriage return; U+FFFE,
// U+FFFF) are left out, as exceljs did; a lone surrogate becomes U+FFFD.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const NOT_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const SPECIAL = /[&<>"']/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const PLAIN = /^[^&<>"'\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff\ud800-\udfff]*$/;

function xmlText(text: string): string {
  if (PLAIN.test(text)) return text;
  return text
    .replace(LONE_SURROGATE, '\ufffd')
    .replace(NOT_XML, '')
    .replace(SPECIAL, (c) => ESCAPES[c] as string);
}

/** Column letters of the first `count` columns: A … Z, AA … */
export function columnNames(count: number): string[] {
  return Array.from({ length: count }, (_, i) => {
    let name = '';
    for (let n = i + 1; n > 0; n = Math.floor((n - 1) / 26))
      name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
    return name;
  });
}

/** Row `n` (from 1) as sheet XML: numbers as numbers, text inline, an empty cell left out. */
export function rowXml(n: number, cells: readonly CsvCell[], columns: readonly string[]): string {
  let xml = `<row r="${n}">`;
  for (let i = 0; i < cells.length; i++) {
    const value = spreadsheetCell(cells[i]);
    if (typeof value === 'number') xml += `<c r="${columns[i]}${n}"><v>${value}</v></c>`;
    else if (value !== '') {
      // Leading or trailing spaces stay only where the text says so.
      const space = value.trim() === value ? '' : ' xml:space="preserve"';
      xml += `<c r="${columns[i]}${n}" t="inlineStr"><is><t${space}>${xmlText(value)}</t></is></c>`;
    }
  }
  return `${xml}</row>`;
}
