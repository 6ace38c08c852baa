// A rule of an object schema that reads several of its fields (a refinement, such as "a notice
// goes to everyone or to some"), described once: the schema refines with it and the form checks
// the field it names with the same test and message, so neither restates it.
import type { FieldMessage } from './formFields.ts';

export type ObjectRule<T> = {
  /** The field a refusal is shown under. */
  field: keyof T & string;
  /** Whether the object passes; it reads only what it needs, so a form's values will do. */
  holds: (value: T) => boolean;
  /** The refusal's message, a key of the validation catalogue. */
  message: FieldMessage;
};

export function objectRule<T>(
  field: keyof T & string,
  holds: (value: T) => boolean,
  key: string,
): ObjectRule<T> {
  return { field, holds, message: { key, params: {} } };
}

/** The options of the schema's `.refine(rule.holds, refinement(rule))`: zod's message and path. */
export function refinement<T>(rule: ObjectRule<T>): { message: string; path: string[] } {
  return { message: `validation.${rule.message.key}`, path: [rule.field] };
}
