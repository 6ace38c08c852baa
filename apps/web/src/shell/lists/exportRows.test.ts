import { describe, expect, it } from 'vitest';
import { safeCell, toCsv, toXlsx } from './exportRows';
import { crc32 } from './zip';

type Row = { name: string; hours: number };
const columns = [
  { key: 'name', title: 'Name', value: (r: Row) => r.name },
  { key: 'hours', title: 'Hours', value: (r: Row) => r.hours },
];

describe('list export', () => {
  it('neutralises text that a spreadsheet would run as a formula, keeps numbers', () => {
    expect(['=1+1', '+A1', '-2', '@SUM(A1)', '\tx', 'plain'].map(safeCell)).toEqual([
      "'=1+1",
      "'+A1",
      "'-2",
      "'@SUM(A1)",
      "'\tx",
      'plain',
    ]);
    expect(safeCell(-0.5)).toBe(-0.5);
    expect(safeCell(null)).toBe('');
  });

  it('writes CSV with quoting, CRLF and a byte order mark', () => {
    const csv = toCsv(
      [
        { name: 'a,"b"', hours: 1.5 },
        { name: '=cmd', hours: -1 },
      ],
      columns,
    );
    expect(csv).toBe('\uFEFFName,Hours\r\n"a,""b""",1.5\r\n\'=cmd,-1\r\n');
  });

  it('writes an XLSX zip whose sheet holds the neutralised cells', () => {
    const bytes = toXlsx([{ name: '=HYPERLINK("x")', hours: 3 }], columns);
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('<t xml:space="preserve">\'=HYPERLINK(&quot;x&quot;)</t>');
    expect(text).toContain('<c r="B2"><v>3</v></c>');
  });

  it('computes the ZIP checksum (CRC-32)', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });
});
