// Export of what a list's filter shows, as CSV or XLSX, built in the browser. Cells starting with
// = + - @ are neutralised (a leading apostrophe) so a spreadsheet never runs them as formulas.
// XLSX is written by hand (one sheet, inline strings, a stored zip): no library for one file type.

export type ExportColumn<T> = { title: string; value: (row: T) => string | number | null };

const FORMULA_START = /^[=+\-@\t\r]/;

/** The text a cell carries: formulas neutralised. */
export function neutralise(value: string | number | null): string | number {
  if (value === null) return '';
  if (typeof value === 'number') return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function toCsv<T>(columns: ExportColumn<T>[], rows: T[]): string {
  const cell = (v: string | number) => {
    const text = String(v);
    return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
  };
  const lines = [columns.map((c) => cell(neutralise(c.title)))];
  for (const row of rows) lines.push(columns.map((c) => cell(neutralise(c.value(row)))));
  // The BOM makes spreadsheet programs read UTF-8 (Japanese, Chinese, Burmese) correctly.
  return `\uFEFF${lines.map((l) => l.join(',')).join('\r\n')}\r\n`;
}

/** XML 1.0 has no place for control characters other than tab and line ends. */
const allowedInXml = (ch: string) => {
  const code = ch.charCodeAt(0);
  return code >= 32 || code === 9 || code === 10 || code === 13;
};

const xml = (text: string) =>
  [...text]
    .filter(allowedInXml)
    .join('')
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;');

function column(index: number): string {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

function sheetXml<T>(columns: ExportColumn<T>[], rows: T[]): string {
  const cells = (values: (string | number)[], r: number) =>
    values
      .map((v, c) =>
        typeof v === 'number'
          ? `<c r="${column(c)}${r}"><v>${v}</v></c>`
          : `<c r="${column(c)}${r}" t="inlineStr"><is><t xml:space="preserve">${xml(v)}</t></is></c>`,
      )
      .join('');
  const all = [
    columns.map((c) => neutralise(c.title)),
    ...rows.map((row) => columns.map((c) => neutralise(c.value(row)))),
  ];
  const body = all.map((values, i) => `<row r="${i + 1}">${cells(values, i + 1)}</row>`).join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${body}</sheetData></worksheet>`;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = (CRC_TABLE[(crc ^ byte) & 0xff] ?? 0) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** A zip of stored (uncompressed) files. */
export function zip(files: { name: string; text: string }[]): Uint8Array {
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  const central: Uint8Array[] = [];
  let offset = 0;
  for (const file of files) {
    const name = encoder.encode(file.name);
    const data = encoder.encode(file.text);
    const crc = crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint16(6, 0x0800, true); // UTF-8 names
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, name.length, true);
    const entry = new DataView(new ArrayBuffer(46));
    entry.setUint32(0, 0x02014b50, true);
    entry.setUint16(4, 20, true);
    entry.setUint16(6, 20, true);
    entry.setUint16(8, 0x0800, true);
    entry.setUint32(16, crc, true);
    entry.setUint32(20, data.length, true);
    entry.setUint32(24, data.length, true);
    entry.setUint16(28, name.length, true);
    entry.setUint32(42, offset, true);
    parts.push(new Uint8Array(local.buffer), name, data);
    central.push(new Uint8Array(entry.buffer), name);
    offset += 30 + name.length + data.length;
  }
  const size = central.reduce((n, p) => n + p.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, files.length, true);
  end.setUint16(10, files.length, true);
  end.setUint32(12, size, true);
  end.setUint32(16, offset, true);
  const all = [...parts, ...central, new Uint8Array(end.buffer)];
  const out = new Uint8Array(all.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of all) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export function toXlsx<T>(columns: ExportColumn<T>[], rows: T[], sheetName: string): Uint8Array {
  const ns = 'http://schemas.openxmlformats.org/';
  return zip([
    {
      name: '[Content_Types].xml',
      text: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="${ns}package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    },
    {
      name: '_rels/.rels',
      text: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}package/2006/relationships"><Relationship Id="rId1" Type="${ns}officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      text: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="${ns}spreadsheetml/2006/main" xmlns:r="${ns}officeDocument/2006/relationships"><sheets><sheet name="${xml(sheetName.slice(0, 31))}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      text: `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="${ns}package/2006/relationships"><Relationship Id="rId1" Type="${ns}officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    },
    { name: 'xl/worksheets/sheet1.xml', text: sheetXml(columns, rows) },
  ]);
}

/** Saves the rows as `name`.csv or `name`.xlsx through the browser's download. */
export function download<T>(
  format: 'csv' | 'xlsx',
  name: string,
  columns: ExportColumn<T>[],
  rows: T[],
): void {
  const blob =
    format === 'csv'
      ? new Blob([toCsv(columns, rows)], { type: 'text/csv;charset=utf-8' })
      : new Blob([toXlsx(columns, rows, name) as BlobPart], {
          type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${name}.${format}`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
