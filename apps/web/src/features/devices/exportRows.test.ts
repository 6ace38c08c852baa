import { describe, expect, it } from 'vitest';
import { neutralise, toCsv, toXlsx, zip } from './exportRows';

type Row = { name: string; n: number | null };
const columns = [
  { title: 'Name', value: (r: Row) => r.name },
  { title: 'N', value: (r: Row) => r.n },
];

describe('list export', () => {
  it('neutralises cells a spreadsheet would run as formulas', () => {
    expect(['=SUM(A1)', '+1', '-2', '@x', 'plain'].map(neutralise)).toEqual([
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@x",
      'plain',
    ]);
    expect(neutralise(-2)).toBe(-2);
  });

  it('writes CSV with a BOM, quoting where needed', () => {
    const csv = toCsv(columns, [
      { name: 'Forklift, "7"', n: 3 },
      { name: '=cmd', n: null },
    ]);
    expect(csv).toBe('\uFEFFName,N\r\n"Forklift, ""7""",3\r\n\'=cmd,\r\n');
  });

  it('writes a stored zip whose entries carry the right CRC', () => {
    const bytes = zip([{ name: 'a.txt', text: 'abc' }]);
    const view = new DataView(bytes.buffer);
    expect(view.getUint32(0, true)).toBe(0x04034b50);
    expect(view.getUint32(14, true)).toBe(0x352441c2);
    expect(view.getUint32(bytes.length - 22, true)).toBe(0x06054b50);
  });

  it('puts every row in the XLSX sheet', () => {
    const text = new TextDecoder().decode(toXlsx(columns, [{ name: '<&>', n: 1 }], 'devices'));
    expect(text).toContain('<t xml:space="preserve">&lt;&amp;&gt;</t>');
    expect(text).toContain('<c r="B2"><v>1</v></c>');
    expect(text).toContain('sheet name="devices"');
  });
});
