// /manufacturers: the vehicle vendors of the companies the user may see, searchable, filtered by
// customer, paged and sorted on the server, with edit and delete for those allowed.
import type { Manufacturer } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import {
  customerColumn,
  descriptionColumn,
  nameColumn,
  textColumn,
  updatedColumn,
} from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { manufacturers } from './api';

export function ManufacturersPage() {
  const { t } = useTranslation('vehicles');
  const list = useResourceList(manufacturers, t, {
    file: 'vehicle-vendors',
    words: 'vendors.',
    sort: 'name',
  });
  const columns: ListColumn<Manufacturer>[] = [
    nameColumn(t('fields.name')),
    customerColumn(t('fields.customer')),
    descriptionColumn(t('fields.description')),
    textColumn(t('fields.model_count'), 'model_count', (m) => m.model_count, {
      sorter: true,
      align: 'right',
    }),
    updatedColumn(t('fields.updated_at')),
    useEditDeleteColumn<Manufacturer>(t, { resource: manufacturers }),
  ];
  const filters = <CustomerFilter list={list} />;
  return <ListPage list={list} filters={filters} columns={columns} />;
}
