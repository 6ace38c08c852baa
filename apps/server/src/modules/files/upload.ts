// Reads one multipart upload: its text fields and one file, the file held to a byte limit while
// it streams in (busboy stops reading at the limit; nothing larger is ever buffered or stored).
// Answers validation errors keyed for the form: 'file' (required, too large, wrong format) and
// the fields of the given schema. The upload's description in the contracts holds its rules (the
// fields' schema, whether a file is required, its largest size and messages); the form reads it too.
import multipart from '@fastify/multipart';
import { issueKey, type UploadDescription } from '@fleetlens/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { ApiError } from '../../platform/errors.ts';
import type { Platform } from '../../platform/index.ts';
import { assertCleanText } from '../../platform/input.ts';

/** Registers the multipart parser in a module's own scope. */
export async function acceptUploads(scope: FastifyInstance): Promise<void> {
  await scope.register(multipart, { throwFileSizeLimit: true });
}

/**
 * A module that takes uploads: its routes are declared in a scope of their own with the multipart
 * parser, which fastify registers once per scope (two modules registering it in one scope fail at
 * start-up). Every uploading module is registered through this, so none forgets its scope.
 */
export const uploadingModule =
  (declare: (scope: FastifyInstance, platform: Platform) => Promise<void> | void) =>
  async (app: FastifyInstance, platform: Platform): Promise<void> => {
    await app.register(async (scope) => {
      await acceptUploads(scope);
      await declare(scope, platform);
    });
  };

export interface Upload<T> {
  fields: T;
  /** Absent when the form sent no file (an edit that keeps the content). */
  file?: { data: Buffer; fileName: string };
}

const fileError = (key: string, params: Record<string, unknown> = {}) =>
  new ApiError('validation', { fields: [{ field: 'file', key, params }] });

export async function readUpload<S extends z.ZodType>(
  request: FastifyRequest,
  upload: UploadDescription<S>,
): Promise<Upload<z.output<S>>> {
  const { fields: schema, file: rules } = upload;
  if (!request.isMultipart()) throw fileError('fileRequired');
  const raw: Record<string, string> = {};
  let file: Upload<unknown>['file'];
  try {
    const parts = request.parts({
      limits: { fileSize: rules.maxBytes, files: 1, fields: 20, fieldSize: 64 * 1024, parts: 21 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (data.length > 0) file = { data, fileName: part.filename ?? '' };
      } else if (typeof part.value === 'string' && part.value !== '') {
        raw[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileError(rules.tooLarge.key, rules.tooLarge.params);
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
      throw new ApiError('validation', { fields: [{ field: 'file', key: 'invalid' }] });
    throw error;
  }
  // The parts never pass the server's body check (they stream in here): the same rule, applied here.
  assertCleanText({ ...raw, file: file?.fileName });
  const parsed = schema.safeParse(raw);
  const fields = parsed.success
    ? []
    : parsed.error.issues.map((issue) => ({
        field: issue.path.join('.') || (issue.code === 'unrecognized_keys' ? issue.keys.join(',') : ''),
        ...issueKey(issue as Parameters<typeof issueKey>[0]),
      }));
  if (!file && rules.required) fields.push({ field: 'file', ...rules.required });
  if (fields.length) throw new ApiError('validation', { fields });
  return { fields: parsed.data as z.output<S>, file };
}
