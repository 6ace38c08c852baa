// The server's streaming writers: CSV quoted and neutralised as before over many rows; an XLSX
// workbook another reader opens (exceljs), its text escaped as XML wants and its formula-like
// text neutralised; and what the XLSX writer holds stays within a chunk of rows however long the
// file, whether the deflater or the reader is the slower.
import { PassThrough, type Readable, Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { CsvCell } from './csvLines.ts';
import { rowWriter } from './sheetStreams.ts';

const bytesOf = async (stream: Readable) => {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
};

const HEADER = ['day', 'name', 'n', 'x'];
const CHUNK = 5000;
const CHUNKS = 10;
const chunkOf = (from: number, count: number): CsvCell[][] =>
  Array.from({ length: count }, (_, i) => [`2025-01-01`, `Vehicle ${from + i}`, from + i, (from + i) / 8]);

describe('the CSV writer', () => {
  it('quotes what RFC 4180 asks, neutralises formulas and keeps numbers as they are, in pieces over many rows', async () => {
    const out = new PassThrough();
    const file = bytesOf(out);
    const writer = rowWriter('csv', out, HEADER);
    await writer.rows([
      ['a,b', 'say "hi"', -0.5, null],
      ['line\nbreak', '=SUM(A1)', Number.NaN, '-2'],
    ]);
    await writer.rows(chunkOf(0, 3000));
    await writer.end();
    const text = (await file).toString('utf8');
    expect(text.slice(0, 96)).toBe(
      `\uFEFFday,name,n,x\r\n"a,b","say ""hi""",-0.5,\r\n"line\nbreak",'=SUM(A1),,'-2\r\n2025-01-01,Vehicle 0,0,0\r\n`,
    );
    expect(text.split('\r\n')).toHaveLength(3 + 3000 + 1);
    expect(text.endsWith('2025-01-01,Vehicle 2999,2999,374.875\r\n')).toBe(true);
  });
});

describe('the streaming XLSX writer', () => {
  it('writes a workbook another reader opens: text escaped, formulas neutralised, empty cells left out', async () => {
    const out = new PassThrough();
    const file = bytesOf(out);
    const writer = rowWriter('xlsx', out, HEADER);
    await writer.rows([
      ['2025-01-01', '車両 1 🚚', 1.5, null],
      ['2025-01-02', ' <a> & "b" \'c\' ', -2, 0],
      ['2025-01-03', 'bell\u0007 and a lone \ud800', 3, undefined],
      ['2025-01-04', '=HYPERLINK("x")', Number.NaN, 'x'],
    ]);
    await writer.rows(chunkOf(0, 3000));
    await writer.end();
    const bytes = await file;

    const book = new ExcelJS.Workbook();
    await book.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    expect(sheet?.name).toBe('data');
    expect(sheet?.rowCount).toBe(3005);
    expect([1, 2, 3, 4, 5, 3005].map((r) => sheet?.getRow(r).values)).toEqual([
      [undefined, 'day', 'name', 'n', 'x'],
      [undefined, '2025-01-01', '車両 1 🚚', 1.5],
      [undefined, '2025-01-02', ' <a> & "b" \'c\' ', -2, 0],
      [undefined, '2025-01-03', 'bell and a lone \ufffd', 3],
      [undefined, '2025-01-04', '\'=HYPERLINK("x")', undefined, 'x'],
      [undefined, '2025-01-01', 'Vehicle 2999', 2999, 2999 / 8],
    ]);
    const xml = new TextDecoder().decode(unzipSync(new Uint8Array(bytes))['xl/worksheets/sheet1.xml']);
    expect(xml).toContain('<t xml:space="preserve"> &lt;a&gt; &amp; &quot;b&quot; &apos;c&apos; </t>');
    expect(xml).not.toContain('<f>');
  });

  it('hands each chunk to the deflater before it takes the next: its bytes are out by then', async () => {
    let written = 0;
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        written += chunk.length;
        done();
      },
    });
    const writer = rowWriter('xlsx', out, HEADER);
    const outAfter: number[] = [];
    for (let chunk = 0; chunk < CHUNKS; chunk++) {
      await writer.rows(chunkOf(chunk * CHUNK, CHUNK));
      outAfter.push(written);
    }
    await writer.end();
    // A writer that queued the sheet's XML ahead of its deflater (exceljs' streaming writer did,
    // in memory) would be chunks behind here, the more so the longer the file.
    const perChunk = written / CHUNKS;
    outAfter.forEach((bytes, chunk) => {
      expect(bytes, `after chunk ${chunk}`).toBeGreaterThanOrEqual((chunk - 1) * perChunk);
    });
  });

  it('stops within a chunk when its reader takes nothing, and ends a whole file once it reads again', async () => {
    const out = new PassThrough();
    const writer = rowWriter('xlsx', out, HEADER);
    let accepted = 0;
    let waiting: Promise<void> | undefined;
    // A writer that kept what its reader did not take would accept every chunk here.
    for (let chunk = 0; chunk < CHUNKS && !waiting; chunk++) {
      const call = writer.rows(chunkOf(chunk * CHUNK, CHUNK));
      // Waiting is only how the test sees that the writer waits; no pace is asserted.
      if (await Promise.race([call.then(() => true), delay(500).then(() => false)])) accepted++;
      else waiting = call;
    }
    expect(accepted).toBeLessThanOrEqual(2);
    expect(out.readableLength).toBeLessThan(1024 ** 2);

    const file = bytesOf(out);
    await waiting;
    for (let chunk = accepted + 1; chunk < CHUNKS; chunk++) await writer.rows(chunkOf(chunk * CHUNK, CHUNK));
    await writer.end();
    const xml = new TextDecoder().decode(unzipSync(new Uint8Array(await file))['xl/worksheets/sheet1.xml']);
    expect(xml.match(/<row /g)?.length).toBe(CHUNKS * CHUNK + 1);
    expect(xml).toContain(`<t>Vehicle ${CHUNKS * CHUNK - 1}</t>`);
  });
});
