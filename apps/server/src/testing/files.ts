// Test helpers: multipart bodies and sample contents of each format.
import { deflateRawSync } from 'node:zlib';

/** A file of a multipart form, under its form field (`file` unless named). */
export interface FilePart {
  name: string;
  data: Buffer;
  type?: string;
  field?: string;
}

export function multipart(
  fields: Record<string, string>,
  files?: FilePart | FilePart[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----fleetlens${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files === undefined ? [] : [files].flat()) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const SAMPLE_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
export const SAMPLE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A Windows program's first bytes ("MZ" header). */
export const SAMPLE_EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  Buffer.alloc(200, 0),
]);

/** A minimal zip whose entries carry the given names (enough to tell XLSX from DOCX). */
export function sampleZip(names: string[]): Buffer {
  const parts: Buffer[] = [];
  for (const name of names) {
    const data = deflateRawSync(Buffer.from('<x/>'));
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(8, 8);
    header.writeUInt32LE(data.length, 18);
    header.writeUInt32LE(4, 22);
    header.writeUInt16LE(name.length, 26);
    parts.push(header, Buffer.from(name), data);
  }
  return Buffer.concat(parts);
}
