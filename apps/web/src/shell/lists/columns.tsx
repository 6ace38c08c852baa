// The columns many lists share, so a list screen is mostly which of them it shows: the record's
// name (always shown, the default order, cut when long), its customer, a text worked out from the
// row (shown and exported the same), a description, and the time it last changed (server UTC, in
// the browser's zone).
import { serverTimeToLocal } from '@fleetlens/contracts';
import type { ReactNode } from 'react';
import type { Cell } from './exportRows';
import type { ListColumn } from './useColumnChoice';

/** A column that shows and exports the same value of the row; `options` adds sorting, width... */
export const textColumn = <T,>(
  title: string,
  key: string,
  value: (row: T) => Cell,
  options: Partial<ListColumn<T>> = {},
): ListColumn<T> => ({ title, key, render: (_, row) => value(row), exportValue: value, ...options });

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
