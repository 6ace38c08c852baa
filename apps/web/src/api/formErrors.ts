// Puts the server's field-level messages (data.fields of a 400 or 409 answer, already
// translated) under the form fields they name, so a refused save shows where and why. The
// server names a nested field with dots (`memos.0.text`, `cameras.1.camera_id`); antd names it
// with a path (['memos', 0, 'text']). A message goes under the deepest part of its path the form
// shows: `functions.0` under the `functions` picker, `cameras.1.camera_id` under that camera's id.
import type { FormInstance } from 'antd';
import { ApiError } from './client';

type FieldError = { field: string; message: string };
export type FieldPath = (string | number)[];

/** The antd name path of a server field name: list positions become numbers. */
export const pathOf = (field: string): FieldPath =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/** The name paths of the fields the form shows (each Form.Item with a name registers itself). */
function shownPaths(form: FormInstance): FieldPath[] {
  const shown: FieldPath[] = [];
  form.getFieldsValue(true, (meta) => {
    if (meta) shown.push(meta.name);
    return false;
  });
  return shown;
}

const same = (a: FieldPath, b: FieldPath) => a.length === b.length && a.every((part, i) => part === b[i]);
const under = (inner: FieldPath, outer: FieldPath) =>
  inner.length > outer.length && outer.every((part, i) => part === inner[i]);

/**
 * The field that takes a message for `path`: the field of that path, else the deepest shown
 * field above it that holds no shown fields itself (a multiple picker, not a Form.List, whose
 * own errors no one would see).
 */
function fieldFor(path: FieldPath, shown: FieldPath[]): FieldPath | undefined {
  if (shown.some((s) => same(s, path))) return path;
  for (let length = path.length - 1; length > 0; length--) {
    const outer = path.slice(0, length);
    if (shown.some((s) => same(s, outer)) && !shown.some((s) => under(s, outer))) return outer;
  }
  return undefined;
}

/**
 * Shows each field message under its field and returns the messages no shown field can take
 * (a field the screen does not have), for the screen to say above the form. `fieldOf` renames
 * a server field (its first part) to the form's name where they differ.
 */
export function showFieldErrors(
  form: FormInstance,
  error: unknown,
  fieldOf: (field: string) => string = (field) => field,
): string[] {
  if (!(error instanceof ApiError)) return [];
  const fields = (error.data as { fields?: FieldError[] } | undefined)?.fields;
  if (!fields?.length) return [];
  const shown = shownPaths(form);
  const placed = new Map<string, { name: FieldPath; errors: string[] }>();
  const unplaced: string[] = [];
  for (const { field, message } of fields) {
    const [head = field, ...rest] = pathOf(field);
    const path = [fieldOf(String(head)), ...rest];
    const name = fieldFor(path, shown);
    if (!name) {
      unplaced.push(message);
      continue;
    }
    const key = JSON.stringify(name);
    const entry = placed.get(key) ?? { name, errors: [] };
    entry.errors.push(message);
    placed.set(key, entry);
  }
  if (placed.size > 0) form.setFields([...placed.values()]);
  return unplaced;
}

/** A refusal said as lines, for a screen with no form fields to put them under: `field: message` each, else the error's own message. */
export function refusalLines(error: unknown): string[] {
  const fields = ((error as { data?: { fields?: FieldError[] } } | undefined)?.data?.fields ?? []).map(
    (f) => `${f.field}: ${f.message}`,
  );
  return fields.length > 0 ? fields : [(error as Error).message];
}
