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
  /** The words of the value's codes in the export (a state's name: `{ active: 'Active' }`). */
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

/** The words of a column's codes for the export (`exportLabels`): each code and its word. */
export const labelsOf = (codes: readonly string[], word: (code: string) => string): Record<string, string> =>
  Object.fromEntries(codes.map((code) => [code, word(code)]));

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
