// /manufacturers: the vehicle vendors of the companies the user may see, searchable, filtered by
// customer, paged and sorted on the server, with edit and delete for those allowed.
import { ACTION_ROLES, type Manufacturer } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../routes/useCanOpen';
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
import { usePagedList } from '../../shell/lists/usePagedList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { deleteManufacturer, fetchManufacturers, type ManufacturerListParams, manufacturerKeys } from './api';

export function ManufacturersPage() {
  const { t } = useTranslation('vehicles');
  const canOpen = useCanOpen();
  const list = usePagedList<Manufacturer, ManufacturerListParams>({
    key: manufacturerKeys.list,
    fetch: fetchManufacturers,
    initial: { order_by: 'name' },
    totalText: (total) => t('vendors.total', { count: total }),
    pagination: { showSizeChanger: true },
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
    useEditDeleteColumn<Manufacturer>(t, {
      edit: ['manufacturerEdit', (m) => `/manufacturers/${m.id}/edit`],
      remove: [ACTION_ROLES.manufacturerDelete, deleteManufacturer, manufacturerKeys.all],
    }),
  ];

  return (
    <ListPage
      list={list}
      name="manufacturers"
      fileName="vehicle-vendors"
      search={t('vendors.search')}
      empty={t('vendors.empty')}
      create={canOpen('manufacturerNew') && { to: '/manufacturers/new', label: t('actions.new') }}
      filters={<CustomerFilter onChange={(customer_id) => list.refine({ customer_id })} />}
      columns={columns}
    />
  );
}
