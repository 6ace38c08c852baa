// Which columns of a list the user chose to see, kept per list in this browser. Columns not
// named yet (added later) show by default. A list describes its columns as `ListColumn`s: antd
// columns with a string key and title, the cell's text, and where the server's export finds it.

import type { SpreadsheetCell as Cell } from '@fleetlens/contracts';
import type { ColumnType } from 'antd/es/table';
import { createElement, type ReactNode, useState } from 'react';
import { CellText } from './CellText';

export type ListColumn<T> = ColumnType<T> & {
  key: string;
  title: string;
  /**
   * The cell's text (a long text's tooltip); columns without one (actions) are neither exported
   * nor chosen.
   */
  exportValue?: (row: T) => Cell;
  /**
   * Where the server's export finds the value in a list row, where it is not the column's
   * `dataIndex` or key (`created_at` for the key `created`; `actor.name`).
   */
  exportField?: string;
  /**
   * The codes the value may hold (a state's, a kind's; `SWITCH_CODES` for a yes/no shown as
   * words): the export writes each code as this column's own text of it (`exportValue`), so the
   * file says what the table says in the user's language (`codeWordsOf`).
   */
  codes?: readonly Code[];
  /**
   * The words of the value's codes, where the column's text says more than its code (a vehicle
   * type with its icon's letter): `{ forklift: 'Forklift' }`. Else the words come from `codes`.
   */
  exportLabels?: Record<string, string>;
  /** Always in the table (the row's name): not offered in the column chooser. */
  alwaysShown?: boolean;
  /**
   * A text that may be long (a name, a description): cut at this width (true: the default width)
   * with an ellipsis and shown whole in a tooltip (the export value), so it never pushes the
   * other columns out of view.
   */
  long?: boolean | number;
};

/** A code a column's value may hold: an enum's value (a word or a number), or a switch's. */
export type Code = string | number | boolean;
/** The codes of a yes/no value shown as words. */
export const SWITCH_CODES: readonly Code[] = [true, false];

/** The words of a column's codes for the export (`exportLabels`): each code and its word. */
export const labelsOf = (codes: readonly string[], word: (code: string) => string): Record<string, string> =>
  Object.fromEntries(codes.map((code) => [code, word(code)]));

/** `row` with `code` at `path` (a list of codes holds that one alone), the rest shared. */
function withCode(row: unknown, path: string[], code: Code): unknown {
  const [key, ...rest] = path;
  if (key === undefined) return Array.isArray(row) ? [code] : code;
  const node = row !== null && typeof row === 'object' ? (row as Record<string, unknown>) : {};
  return { ...node, [key]: withCode(node[key], rest, code) };
}

/**
 * The words of a column's codes as its own text writes them (`exportValue` of a row holding each
 * code at `path`), where they differ from the code: what the export writes for a code the server
 * holds. A column without codes has none, unless it names its words (`exportLabels`).
 */
export function codeWordsOf<T>(
  column: ListColumn<T>,
  path: string,
  row: T,
): Record<string, string> | undefined {
  if (column.exportLabels) return column.exportLabels;
  const { codes, exportValue } = column;
  if (!codes || !exportValue) return undefined;
  const words: Record<string, string> = {};
  for (const code of codes) {
    const word = exportValue(withCode(row, path.split('.'), code) as T);
    if (word !== null && word !== undefined && String(word) !== String(code))
      words[String(code)] = String(word);
  }
  return words;
}

const storageKey = (list: string) => `fleetlens.columns.${list}`;

function readHidden(list: string): string[] {
  try {
    const value = JSON.parse(localStorage.getItem(storageKey(list)) ?? '[]');
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** The columns the user may hide or show: those with an export value, not always shown. */
export const choosable = <T>(columns: ListColumn<T>[]) =>
  columns.filter((c) => c.exportValue && !c.alwaysShown);

/** The antd column of a list column: without the list's own fields, a long text cut. */
export function tableColumn<T>({
  exportValue,
  exportField: _field,
  exportLabels: _labels,
  codes: _codes,
  alwaysShown: _,
  long,
  ...column
}: ListColumn<T>): ColumnType<T> {
  if (!long || !exportValue) return column;
  const maxWidth = typeof long === 'number' ? long : undefined;
  const { render, dataIndex } = column;
  return {
    ...column,
    render: (value, row, index) => {
      const shown: ReactNode = render
        ? (render(value, row, index) as ReactNode)
        : dataIndex !== undefined
          ? (value as ReactNode)
          : undefined;
      const text = exportValue(row);
      return createElement(CellText, { text: text == null ? '' : String(text), maxWidth }, shown);
    },
  };
}

export function useColumnChoice<T>(list: string, columns: ListColumn<T>[]) {
  const [hidden, setHidden] = useState<string[]>(() => readHidden(list));
  const choose = (next: string[]) => {
    setHidden(next);
    localStorage.setItem(storageKey(list), JSON.stringify(next));
  };
  const shown = columns.filter((c) => c.alwaysShown || !hidden.includes(c.key));
  const visible: ColumnType<T>[] = shown.map(tableColumn);
  return { visible, hidden, choose };
}
