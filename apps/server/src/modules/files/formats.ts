// A file's format, told by its content (magic bytes), never by its name: a renamed program stays
// a program. The name must then agree with the content, so "report.pdf" holding a PNG is refused.
import { FILE_EXTENSIONS, type FileFormat } from '@fleetlens/contracts';

const startsWith = (data: Buffer, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return data.length >= at + expected.length && data.subarray(at, at + expected.length).equals(expected);
};

/** Office Open XML is a zip; its part names (stored in clear in the local headers) tell which. */
function officeFormat(data: Buffer): FileFormat | undefined {
  if (!startsWith(data, [0x50, 0x4b, 0x03, 0x04])) return undefined;
  if (!data.includes('[Content_Types].xml')) return undefined;
  if (data.includes('xl/workbook.xml')) return 'xlsx';
  if (data.includes('word/document.xml')) return 'docx';
  return undefined;
}

/** UTF-8 text (CSV or plain) without control characters other than tab, line breaks and form feed. */
function isText(data: Buffer): boolean {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return false;
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: this is the check for them
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

export function sniffFormat(data: Buffer): FileFormat | undefined {
  if (data.length === 0) return undefined;
  if (startsWith(data, '%PDF-')) return 'pdf';
  if (startsWith(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(data, 'GIF87a') || startsWith(data, 'GIF89a')) return 'gif';
  if (startsWith(data, 'RIFF') && startsWith(data, 'WEBP', 8)) return 'webp';
  const office = officeFormat(data);
  if (office) return office;
  if (startsWith(data, [0x50, 0x4b])) return undefined;
  return isText(data) ? 'text' : undefined;
}

const extensionOf = (fileName: string) => /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase();

/** The format when content and name agree (and the format is one we take); else undefined. */
export function fileFormatOf(data: Buffer, fileName: string): FileFormat | undefined {
  const format = sniffFormat(data);
  const extension = extensionOf(fileName);
  if (!format || !extension) return undefined;
  return FILE_EXTENSIONS[format].includes(extension) ? format : undefined;
}
