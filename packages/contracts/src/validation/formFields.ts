// What a form needs to know of a field's schema, read from the schema itself so no form restates
// it: whether the field is required and with which message, the longest text it takes (for an
// input's maxLength), and the check of a value (the server's own message for what it refuses).
import { z } from 'zod';
import { issueKey } from './issues.ts';

export type FieldMessage = { key: string; params: Record<string, unknown> };

export type FieldDescription = {
  /** The message of an empty field, or null when the field may stay empty. */
  required: FieldMessage | null;
  /** The field takes text: blank text counts as empty. */
  text: boolean;
  /** The longest text the field takes. */
  maxLength: number | undefined;
};

/** Wrappers that change what an empty value means, not what a value must be. */
function core(schema: z.ZodType): z.ZodType {
  let inner = schema;
  for (;;) {
    if (
      inner instanceof z.ZodDefault ||
      inner instanceof z.ZodPrefault ||
      inner instanceof z.ZodOptional ||
      inner instanceof z.ZodNullable ||
      inner instanceof z.ZodReadonly ||
      inner instanceof z.ZodCatch
    )
      inner = inner.unwrap() as z.ZodType;
    else if (inner instanceof z.ZodPipe) inner = inner.in as z.ZodType;
    else return inner;
  }
}

/** The first refusal of a value by its schema, as a key of the validation catalogue. */
export function fieldIssue(schema: z.ZodType, value: unknown): FieldMessage | null {
  const issue = schema.safeParse(value).error?.issues[0];
  return issue ? issueKey(issue) : null;
}

// An empty text or list refused for its length is refused as missing.
const asMissing = (message: FieldMessage): FieldMessage =>
  ['tooShort', 'invalidType'].includes(message.key) ? { key: 'required', params: {} } : message;

export function describeField(schema: z.ZodType): FieldDescription {
  const inner = core(schema);
  const text = inner instanceof z.ZodString;
  const empty = text ? '' : inner instanceof z.ZodArray ? [] : undefined;
  const refusal = fieldIssue(schema, empty);
  return {
    required: refusal && asMissing(refusal),
    text,
    maxLength: text ? ((inner as z.ZodString).maxLength ?? undefined) : undefined,
  };
}

/** The fields of an object schema, also when it is refined or transformed. */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> {
  const inner = core(schema);
  if (inner instanceof z.ZodObject) return inner.shape as Record<string, z.ZodType>;
  throw new Error('shapeOf: not an object schema');
}
