// Object keys, signed-address lifetimes and download names, checked in one place before they touch
// a path, a URL or a header (platform/storage.ts).
import { randomUUID } from 'node:crypto';

/** Longest life of a signed address (S3's own limit for presigned addresses is 7 days). */
export const SIGNED_URL_MAX_SECONDS = 7 * 24 * 3600;

/**
 * Two to six segments of lowercase letters, digits and dashes; the last may also hold underscores
 * and one short extension (`cam1_20261123100001.mp4`: a clip's name carries its window's stamp).
 * No empty segment, no leading dot, no second dot: traversal cannot be written.
 */
const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+){0,4}\/[a-z0-9][a-z0-9_-]*(\.[a-z0-9]{1,8})?$/;

export function assertObjectKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`invalid object key: ${JSON.stringify(key)}`);
  return key;
}

export function isObjectKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

export function assertExpiry(seconds: number): number {
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > SIGNED_URL_MAX_SECONDS)
    throw new Error(`invalid expiry: ${seconds} s`);
  return seconds;
}

/**
 * A fresh key under an area: area/yyyy/mm/uuid, or area/yyyy/mm/uuid/name when the object needs a
 * name of its own (a clip's `cam1_20261123100001.mp4`).
 */
export function newObjectKey(
  area: 'files' | 'manuals' | 'clips' | 'firmware' | 'downloads' | 'imports',
  now = new Date(),
  name?: string,
): string {
  const month = String(now.getUTCMonth() + 1).padStart(2, '0');
  return assertObjectKey(`${area}/${now.getUTCFullYear()}/${month}/${randomUUID()}${name ? `/${name}` : ''}`);
}

const MADE_KEY = /^[a-z]+\/\d{4}\/\d{2}\/[0-9a-f-]{36}(\/[^/]+)?$/;

/**
 * Another key of the same area, month and name as one newObjectKey made, with a fresh random
 * part: each upload address, and each object kept after its check, names a key of its own
 * (platform/uploads.ts), so no address ever names a kept object.
 */
export function freshKeyLike(key: string): string {
  if (!MADE_KEY.test(assertObjectKey(key))) throw new Error(`not a key of newObjectKey: ${key}`);
  const [area, year, month, , ...name] = key.split('/');
  return assertObjectKey([area, year, month, randomUUID(), ...name].join('/'));
}

// Characters no file system takes in a name (Windows' set, which covers the others), and the
// control characters no header may carry: a report named `Fleet 2026/12` downloads as
// `Fleet 2026_12.xlsx`.
// biome-ignore lint/suspicious/noControlCharactersInRegex: replacing them is the point
const UNSAFE_IN_FILE_NAMES = /[/\\:*?"<>|\u0000-\u001f\u007f]/g;

/**
 * Content-Disposition for a file name: a plain quoted name when it is printable ASCII; for other
 * names an ASCII fallback (each other character as `_`) for old clients and the name itself in
 * the RFC 8187 form (`filename*=UTF-8''…`), which browsers prefer.
 */
export function dispositionOf(name: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  const safe = name.replace(UNSAFE_IN_FILE_NAMES, '_').trim() || 'download';
  const ascii = safe.replace(/[^\x20-\x7e]/g, '_');
  if (ascii === safe) return `${kind}; filename="${safe}"`;
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Content-Disposition that offers the content as a download named `name`. */
export const attachmentOf = (name: string): string => dispositionOf(name);
