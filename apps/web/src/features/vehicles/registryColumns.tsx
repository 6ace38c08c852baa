// The columns the vehicle registry's lists (vendors, models, groups) share, in the vehicles
// wording: the record's name (always shown, the list's default order), its customer, its
// description and when it last changed.
import type { TFunction } from 'i18next';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { localTime } from './localTime';

export const nameColumn = <T extends { name: string }>(t: TFunction): ListColumn<T> => ({
  title: t('fields.name'),
  dataIndex: 'name',
  key: 'name',
  sorter: true,
  defaultSortOrder: 'ascend',
  alwaysShown: true,
  long: true,
  exportValue: (row) => row.name,
});

export const customerColumn = <T extends { customer: { name: string } }>(
  t: TFunction,
  sortable = true,
): ListColumn<T> => ({
  title: t('fields.customer'),
  key: 'customer',
  sorter: sortable,
  render: (_, row) => row.customer.name,
  long: true,
  exportValue: (row) => row.customer.name,
});

export const descriptionColumn = <T extends { description: string }>(t: TFunction): ListColumn<T> => ({
  title: t('fields.description'),
  dataIndex: 'description',
  key: 'description',
  long: true,
  exportValue: (row) => row.description,
});

export const updatedColumn = <T extends { updated_at: string }>(t: TFunction): ListColumn<T> => ({
  title: t('fields.updated_at'),
  key: 'updated_at',
  sorter: true,
  render: (_, row) => localTime(row.updated_at),
  exportValue: (row) => localTime(row.updated_at),
});
