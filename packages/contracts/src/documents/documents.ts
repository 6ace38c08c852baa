// Release notes, manuals and files (domain spec §3 "Release note", "File", §5, §9; console spec
// §2.1 user menu, §3 "Manual", §8). Their contents live in object storage; the database keeps the
// facts (version, name, who, when) and the storage key, never a name the user chose as a path.
import { z } from 'zod';
import { companyListQuerySchema } from '../api/errors.ts';
import { recordTimes, refSchema } from '../api/records.ts';
import { isRealDate, textOptional, textRequired } from '../validation/fields.ts';
import { optionalFile, type UploadDescription, uploadFile } from '../validation/uploads.ts';

/** Spec §5 and §9: a file is at most 5 MB. */
export const FILE_MAX_BYTES = 5 * 1024 * 1024;
/** A manual is a whole handbook: larger than a customer's file, still bounded. */
export const MANUAL_MAX_BYTES = 50 * 1024 * 1024;
/** How long a signed link to a stored file (manual download, file preview) stays valid. */
export const FILE_LINK_SECONDS = 300;

/**
 * The formats a file may have, recognised by content (magic bytes), never by the name the user
 * gave it: 'text' covers CSV and plain text (valid UTF-8 without control characters).
 */
export const FILE_FORMATS = ['pdf', 'png', 'jpeg', 'gif', 'webp', 'text', 'xlsx', 'docx'] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

/** The names (extensions) each format may carry, so that a renamed file is refused too. */
export const FILE_EXTENSIONS: Record<FileFormat, readonly string[]> = {
  pdf: ['pdf'],
  png: ['png'],
  jpeg: ['jpg', 'jpeg'],
  gif: ['gif'],
  webp: ['webp'],
  text: ['csv', 'txt'],
  xlsx: ['xlsx'],
  docx: ['docx'],
};
export const FILE_MEDIA_TYPES: Record<FileFormat, string> = {
  pdf: 'application/pdf',
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  text: 'text/plain; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** What the file picker offers (the server decides by content). */
export const FILE_ACCEPT = Object.values(FILE_EXTENSIONS)
  .flat()
  .map((e) => `.${e}`)
  .join(',');

// ---- Release notes -------------------------------------------------------------------------

export const RELEASE_DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

export const releaseNoteBodySchema = z
  .object({
    version: textRequired('validation.versionRequired', 50),
    note: textRequired('validation.noteRequired', 10_000),
    date: z
      .string('validation.dateRequired')
      .min(1, { error: 'validation.dateRequired', abort: true })
      .regex(RELEASE_DATE_PATTERN, { error: 'validation.invalidDate', abort: true })
      .refine(isRealDate, 'validation.invalidDate'),
  })
  .strict();
export type ReleaseNoteBody = z.input<typeof releaseNoteBodySchema>;

export const releaseNoteSchema = z.object({
  id: z.string(),
  version: z.string(),
  note: z.string(),
  /** YYYY-MM-DD */
  date: z.string(),
  ...recordTimes,
});
export type ReleaseNote = z.infer<typeof releaseNoteSchema>;

/** The user menu's release link: the latest note by date, or none yet. */
export const currentReleaseSchema = z.object({ version: z.string().nullable() });

// ---- Manuals ------------------------------------------------------------------------------

export const manualFieldsSchema = z
  .object({
    version: textRequired('validation.versionRequired', 50),
  })
  .strict();

/** A new manual version: its version and its PDF (POST /manuals, the admin's upload form). */
export const manualUpload = {
  fields: manualFieldsSchema,
  file: uploadFile(MANUAL_MAX_BYTES, 'manualTooLarge'),
} satisfies UploadDescription;

export const manualSchema = z.object({
  id: z.string(),
  version: z.string(),
  file_name: z.string(),
  size: z.number().int(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type Manual = z.infer<typeof manualSchema>;

// ---- Files --------------------------------------------------------------------------------

/** The kind of record a file belongs to (route /files/{type}/{type_id}/view/{id}). */
export const FILE_OWNER_TYPES = ['customer'] as const;

export const fileFieldsSchema = z
  .object({
    name: textRequired('validation.nameRequired', 200),
    description: textOptional(2000),
    /** Staff choose the company; a customer's user files under their own when absent. */
    customer_id: z.uuid('validation.companyRequired').optional(),
  })
  .strict();
export type FileFields = z.input<typeof fileFieldsSchema>;

/** A new file (POST /files): its fields and its content. */
export const fileUpload = {
  fields: fileFieldsSchema,
  file: uploadFile(FILE_MAX_BYTES, 'fileTooLarge'),
} satisfies UploadDescription;
/** An edited file (PUT /files/:id): its company stays, a new content is sent only to replace it. */
export const fileEditUpload = {
  fields: fileFieldsSchema.omit({ customer_id: true }),
  file: optionalFile(fileUpload.file),
} satisfies UploadDescription;

export const fileListQuerySchema = companyListQuerySchema;

export const fileSchema = z.object({
  id: z.string(),
  type: z.enum(FILE_OWNER_TYPES),
  type_id: z.string(),
  name: z.string(),
  description: z.string(),
  file_name: z.string(),
  format: z.enum(FILE_FORMATS),
  size: z.number().int(),
  customer: refSchema,
  user: refSchema.nullable(),
  /** updated_at is the spec's "date" of a file. */
  ...recordTimes,
});
export type FileRecord = z.infer<typeof fileSchema>;

/** A signed, short-lived address of the stored content (preview and download). */
export const fileLinkSchema = z.object({ url: z.string(), expires_at: z.string() });
