// The columns many lists share, so a list screen is mostly which of them it shows: the record's
// name (always shown, the default order, cut when long), its customer, a text worked out from the
// row (shown and exported the same), a description, the time it last changed (server UTC, in
// the browser's zone), a state or kind as a coloured tag, and a thing's icon before its name or
// code, linked to its page.
import { type SpreadsheetCell as Cell, serverTimeToLocal } from '@fleetlens/contracts';
import { Space, Tag } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ListColumn } from './useColumnChoice';

/** A column that shows and exports the same value of the row; `options` adds sorting, width... */
export const textColumn = <T,>(
  title: string,
  key: string,
  value: (row: T) => Cell,
  options: Partial<ListColumn<T>> = {},
): ListColumn<T> => ({ title, key, render: (_, row) => value(row), exportValue: value, ...options });

/** A state or kind (one of `codes`) as a tag of its colour, exported as its words. */
export const colourTagColumn = <T, V extends string>(
  title: string,
  key: string,
  value: (row: T) => V,
  words: (value: V) => string,
  colours: Partial<Record<V, string>>,
  codes: readonly V[],
): ListColumn<T> => ({
  title,
  key,
  render: (_, row) => <Tag color={colours[value(row)]}>{words(value(row))}</Tag>,
  exportValue: (row) => words(value(row)),
  codes,
});

export const nameColumn = <T extends { name: string }>(
  title: string,
  shown?: (row: T) => ReactNode,
): ListColumn<T> => ({
  title,
  dataIndex: 'name',
  key: 'name',
  sorter: true,
  defaultSortOrder: 'ascend',
  alwaysShown: true,
  long: true,
  exportValue: (row) => row.name,
  ...(shown ? { render: (_: unknown, row: T) => shown(row) } : {}),
});

export const customerColumn = <T extends { customer: { name: string } }>(
  title: string,
  sortable = true,
): ListColumn<T> =>
  textColumn(title, 'customer', (row: T) => row.customer.name, { sorter: sortable, long: true });

export const descriptionColumn = <T extends { description: string }>(title: string): ListColumn<T> =>
  textColumn(title, 'description', (row: T) => row.description, { long: true });

export const updatedColumn = <T extends { updated_at: string }>(title: string): ListColumn<T> =>
  textColumn(title, 'updated_at', (row: T) => serverTimeToLocal(row.updated_at), { sorter: true });

export type IconCell<T> = {
  /** The text shown and exported (a name, a code). */
  value: (row: T) => string;
  icon: (row: T) => ReactNode;
  /** The row's page, where the user may open it. */
  to: (row: T) => string | false;
};

/** The first column of a thing with an icon (a vehicle, a device, a driver), first in the order. */
export const iconColumn = <T,>(
  title: string,
  key: string,
  { value, icon, to }: IconCell<T>,
  options: Partial<ListColumn<T>> = {},
): ListColumn<T> =>
  textColumn(title, key, value, {
    sorter: true,
    defaultSortOrder: 'ascend',
    render: (_, row) => {
      const page = to(row);
      return (
        <Space>
          {icon(row)}
          {page ? <Link to={page}>{value(row)}</Link> : value(row)}
        </Space>
      );
    },
    ...options,
  });
