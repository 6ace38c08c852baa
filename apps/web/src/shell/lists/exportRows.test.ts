import { describe, expect, it } from 'vitest';
import { toCsv, toXlsx } from './exportRows';
import { crc32, zipStored } from './zip';

type Row = { name: string; hours: number | null };
const columns = [
  { title: 'Name', value: (r: Row) => r.name },
  { title: 'Hours', value: (r: Row) => r.hours },
];

describe('list export', () => {
  it('writes CSV with quoting, CRLF and a byte order mark', () => {
    const csv = toCsv(
      [
        { name: 'a,"b"', hours: 1.5 },
        { name: '=cmd', hours: -1 },
        { name: 'line\r\nbreak', hours: null },
      ],
      columns,
    );
    expect(csv).toBe('\uFEFFName,Hours\r\n"a,""b""",1.5\r\n\'=cmd,-1\r\n"line\r\nbreak",\r\n');
  });

  it('writes an XLSX zip whose sheet holds every row, the cells neutralised and escaped', () => {
    const bytes = toXlsx(
      [
        { name: '=HYPERLINK("x")', hours: 3 },
        { name: '<&>\u0001', hours: null },
      ],
      columns,
      'Fleet 2026/12',
    );
    expect([...bytes.slice(0, 4)]).toEqual([0x50, 0x4b, 0x03, 0x04]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toContain('<t xml:space="preserve">\'=HYPERLINK(&quot;x&quot;)</t>');
    expect(text).toContain('<c r="B2"><v>3</v></c>');
    expect(text).toContain('<c r="A3" t="inlineStr"><is><t xml:space="preserve">&lt;&amp;&gt;</t></is></c>');
    // The sheet's name as Excel accepts it (contracts sheetNameOf).
    expect(text).toContain('sheet name="Fleet 2026_12"');
  });

  it('writes a stored zip whose entries carry the right CRC-32', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    const bytes = zipStored({ 'a.txt': 'abc' });
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint32(14, true)).toBe(0x352441c2);
    expect(view.getUint32(bytes.length - 22, true)).toBe(0x06054b50);
    expect(view.getUint16(bytes.length - 22 + 8, true)).toBe(1);
  });
});
