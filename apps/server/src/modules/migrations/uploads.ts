// A run's files as the user uploads them (multipart): each stored in object storage as it comes,
// never held in memory; on a refusal (a part not wanted, a file too large, a kind missing) what was
// stored goes again, so an upload leaves all of its files or none.
import { IMPORT_FILE_MAX_BYTES } from '@fleetlens/contracts';
import type { FastifyRequest } from 'fastify';
import { ApiError } from '../../platform/errors.ts';
import type { ObjectStorage } from '../../platform/storage.ts';

export const fileError = (field: string, key: string) =>
  new ApiError('validation', { fields: [{ field, key }] });

export interface StoredFile<Kind extends string> {
  kind: Kind;
  name: string;
  key: string;
}

export interface UploadRules<Kind extends string> {
  /** The most file parts the request may hold. */
  most: number;
  /** A file part's kind, name, key and content type; throws to refuse it. */
  accept(
    part: { fieldname: string; filename?: string },
    stored: StoredFile<Kind>[],
  ): StoredFile<Kind> & { type: string };
  /** The kinds that must come, and the message key of one that did not. */
  required: readonly Kind[];
  missingKey: string;
}

export async function storeUploads<Kind extends string>(
  request: FastifyRequest,
  storage: ObjectStorage,
  { most, accept, required, missingKey }: UploadRules<Kind>,
): Promise<StoredFile<Kind>[]> {
  const stored: StoredFile<Kind>[] = [];
  const drop = () => Promise.all(stored.map((f) => storage.delete(f.key).catch(() => {})));
  try {
    for await (const part of request.parts({
      limits: { fileSize: IMPORT_FILE_MAX_BYTES, files: most, fields: 0, parts: most },
    })) {
      if (part.type !== 'file') continue;
      let file: StoredFile<Kind> & { type: string };
      try {
        file = accept(part, stored);
      } catch (error) {
        part.file.resume();
        throw error;
      }
      const { type, ...kept } = file;
      stored.push(kept);
      await storage.put(kept.key, part.file, type);
      if (part.file.truncated) throw fileError(kept.kind, 'fileTooLarge');
    }
  } catch (error) {
    await drop();
    // The multipart parser's own refusals carry a string code (an ApiError's is a number).
    const code = (error as { code?: unknown }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileError('file', 'fileTooLarge');
    if (typeof code === 'string' && code.startsWith('FST_')) throw fileError('file', 'invalid');
    throw error;
  }
  const missing = required.filter((kind) => !stored.some((f) => f.kind === kind));
  if (missing.length > 0) {
    await drop();
    throw new ApiError('validation', { fields: missing.map((field) => ({ field, key: missingKey })) });
  }
  return stored;
}
