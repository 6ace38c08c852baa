// Puts the server's field-level messages (data.fields of a 400 or 409 answer, already
// translated) under the form fields they name, so a refused save shows where and why.
import type { FormInstance } from 'antd';
import { ApiError } from './client';

type FieldError = { field: string; message: string };

/** Returns true when the error carried field messages and they were shown on the form. */
export function showFieldErrors(
  form: FormInstance,
  error: unknown,
  fieldOf: (field: string) => string = (field) => field,
): boolean {
  if (!(error instanceof ApiError)) return false;
  const fields = (error.data as { fields?: FieldError[] } | undefined)?.fields;
  if (!fields?.length) return false;
  const byField = new Map<string, string[]>();
  for (const { field, message } of fields) {
    // "functions.0" belongs to the "functions" field.
    const name = fieldOf(field.split('.')[0] ?? field);
    byField.set(name, [...(byField.get(name) ?? []), message]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return true;
}
