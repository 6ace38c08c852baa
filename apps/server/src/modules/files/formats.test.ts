import { describe, expect, it } from 'vitest';
import { SAMPLE_EXE, SAMPLE_PDF, SAMPLE_PNG, sampleZip } from '../../testing/files.ts';
import { fileFormatOf, sniffFormat } from './formats.ts';

describe('file formats by content', () => {
  it('recognises each accepted format by its bytes', () => {
    expect(sniffFormat(SAMPLE_PDF)).toBe('pdf');
    expect(sniffFormat(SAMPLE_PNG)).toBe('png');
    expect(sniffFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('jpeg');
    expect(sniffFormat(Buffer.from('GIF89a\x01\x00', 'latin1'))).toBe('gif');
    expect(sniffFormat(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe(
      'webp',
    );
    expect(sniffFormat(Buffer.from('vehicle,hours\nFL-01,1200\n'))).toBe('text');
    expect(sniffFormat(Buffer.from('\ufeff名前,時間\r\n'))).toBe('text');
    expect(sniffFormat(sampleZip(['[Content_Types].xml', 'xl/workbook.xml']))).toBe('xlsx');
    expect(sniffFormat(sampleZip(['[Content_Types].xml', 'word/document.xml']))).toBe('docx');
  });

  it('refuses programs, other zips, binary data and empty files', () => {
    expect(sniffFormat(SAMPLE_EXE)).toBeUndefined();
    expect(sniffFormat(sampleZip(['evil.js']))).toBeUndefined();
    expect(sniffFormat(Buffer.from([0x00, 0x01, 0x02, 0xfe]))).toBeUndefined();
    expect(sniffFormat(Buffer.alloc(0))).toBeUndefined();
  });

  it('wants the name to agree with the content', () => {
    expect(fileFormatOf(SAMPLE_PDF, 'Manual.PDF')).toBe('pdf');
    expect(fileFormatOf(SAMPLE_EXE, 'report.pdf')).toBeUndefined();
    expect(fileFormatOf(SAMPLE_PNG, 'report.pdf')).toBeUndefined();
    expect(fileFormatOf(Buffer.from('a,b\n'), 'list.csv')).toBe('text');
    expect(fileFormatOf(Buffer.from('a,b\n'), 'list')).toBeUndefined();
    expect(fileFormatOf(Buffer.from('<script>alert(1)</script>'), 'page.html')).toBeUndefined();
  });
});
