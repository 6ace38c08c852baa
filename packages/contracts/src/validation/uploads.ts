// What a multipart upload takes: its text fields (a zod object) and its one file. The file never
// passes through a zod body (it streams in beside the fields), so its rules are described here
// once: whether it is required, its largest size and the messages (keys of the validation
// catalogue) of a missing and of a too large file. The server's upload route and the web's form
// both read the description, so the form refuses what the server would, with the same words.
import type { z } from 'zod';
import type { FieldMessage } from './formFields.ts';

export type UploadFileRules = {
  /** The message of a missing file, or null when the file may be left out (an edit keeps it). */
  required: FieldMessage | null;
  /** The largest file, in bytes. */
  maxBytes: number;
  /** The message of a file over `maxBytes`. */
  tooLarge: FieldMessage;
  /** A rule on the file's name, when its name says what it is (a firmware image). */
  name?: FileNameRule;
};

export type FileNameRule = {
  valid: (name: string) => boolean;
  /** The message of a name the rule refuses. */
  message: FieldMessage;
};

export type UploadDescription<S extends z.ZodType = z.ZodType> = {
  fields: S;
  file: UploadFileRules;
};

/** A file the upload requires, at most `maxBytes`, refused over it with `tooLarge`. */
export function uploadFile(maxBytes: number, tooLarge: string): UploadFileRules {
  return { required: { key: 'fileRequired', params: {} }, maxBytes, tooLarge: { key: tooLarge, params: {} } };
}

/** The same file, left out when the record keeps its content (an edit). */
export function optionalFile(file: UploadFileRules): UploadFileRules {
  return { ...file, required: null };
}

/** The file, its name also checked by `valid` and refused with `message`. */
export function namedFile(
  file: UploadFileRules,
  valid: (name: string) => boolean,
  message: string,
): UploadFileRules & { name: FileNameRule } {
  return { ...file, name: { valid, message: { key: message, params: {} } } };
}
