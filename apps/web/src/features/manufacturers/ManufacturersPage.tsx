// /manufacturers: the vehicle vendors of the companies the user may see, searchable, filtered by
// customer, paged and sorted on the server, with edit and delete for those allowed.
import { ACTION_ROLES, type Manufacturer } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListPage } from '../../shell/lists/ListPage';
import { actionsColumn, DeleteAction, useRowDelete } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { customerColumn, descriptionColumn, nameColumn, updatedColumn } from '../vehicles/registryColumns';
import { deleteManufacturer, fetchManufacturers, type ManufacturerListParams, manufacturerKeys } from './api';

export function ManufacturersPage() {
  const { t } = useTranslation('vehicles');
  const canOpen = useCanOpen();
  const may = useMay();
  const list = usePagedList<Manufacturer, ManufacturerListParams>({
    key: manufacturerKeys.list,
    fetch: fetchManufacturers,
    initial: { order_by: 'name' },
    totalText: (total) => t('vendors.total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const remove = useRowDelete({
    remove: deleteManufacturer,
    invalidate: manufacturerKeys.all,
    deleted: t('deleted'),
  });

  const columns: ListColumn<Manufacturer>[] = [
    nameColumn(t),
    customerColumn(t),
    descriptionColumn(t),
    {
      title: t('fields.model_count'),
      dataIndex: 'model_count',
      key: 'model_count',
      sorter: true,
      align: 'right',
      exportValue: (m) => m.model_count,
    },
    updatedColumn(t),
    actionsColumn(t('actions.title'), (m) => (
      <>
        {canOpen('manufacturerEdit') && <Link to={`/manufacturers/${m.id}/edit`}>{t('actions.edit')}</Link>}
        {may(...ACTION_ROLES.manufacturerDelete) && (
          <DeleteAction
            label={t('actions.delete')}
            confirm={t('confirmDelete', { name: m.name })}
            onConfirm={() => remove.mutate(m.id)}
          />
        )}
      </>
    )),
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
