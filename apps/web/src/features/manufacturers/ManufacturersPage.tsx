// /manufacturers: the vehicle vendors of the companies the user may see, searchable, filtered by
// customer, paged and sorted on the server, with edit and delete for those allowed.
import { ACTION_ROLES, type Manufacturer } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Popconfirm, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { ListTools } from '../../shell/lists/ListTools';
import { type ListColumn, useColumnChoice } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { CustomerFilter } from '../vehicles/CustomerFilter';
import { localTime } from '../vehicles/localTime';
import { deleteManufacturer, fetchManufacturers, type ManufacturerListParams, manufacturerKeys } from './api';

export function ManufacturersPage() {
  const { t } = useTranslation('vehicles');
  const { message } = App.useApp();
  const canOpen = useCanOpen();
  const may = useMay();
  const queryClient = useQueryClient();
  const list = usePagedList<Manufacturer, ManufacturerListParams>({
    key: manufacturerKeys.list,
    fetch: fetchManufacturers,
    initial: { orderBy: 'name' },
    totalText: (total) => t('vendors.total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const remove = useMutation({
    mutationFn: deleteManufacturer,
    onSuccess: async () => {
      message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: manufacturerKeys.all });
    },
  });

  const columns: ListColumn<Manufacturer>[] = [
    {
      title: t('fields.name'),
      dataIndex: 'name',
      key: 'name',
      sorter: true,
      defaultSortOrder: 'ascend',
      alwaysShown: true,
      exportValue: (m) => m.name,
    },
    {
      title: t('fields.customer'),
      key: 'customer',
      sorter: true,
      render: (_, m) => m.customer.name,
      exportValue: (m) => m.customer.name,
    },
    {
      title: t('fields.description'),
      dataIndex: 'description',
      key: 'description',
      ellipsis: true,
      exportValue: (m) => m.description,
    },
    {
      title: t('fields.model_count'),
      dataIndex: 'model_count',
      key: 'model_count',
      sorter: true,
      align: 'right',
      exportValue: (m) => m.model_count,
    },
    {
      title: t('fields.updated_at'),
      key: 'updated_at',
      sorter: true,
      render: (_, m) => localTime(m.updated_at),
      exportValue: (m) => localTime(m.updated_at),
    },
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right',
      render: (_, m) => (
        <Space size="small">
          {canOpen('manufacturerEdit') && <Link to={`/manufacturers/${m.id}/edit`}>{t('actions.edit')}</Link>}
          {may(...ACTION_ROLES.manufacturerDelete) && (
            <Popconfirm title={t('confirmDelete', { name: m.name })} onConfirm={() => remove.mutate(m.id)}>
              <Typography.Link type="danger">{t('actions.delete')}</Typography.Link>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  const choice = useColumnChoice('manufacturers', columns);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ListToolbar
        searches={[{ label: t('vendors.search'), onSearch: (filter) => list.refine({ filter }) }]}
        create={canOpen('manufacturerNew') && { to: '/manufacturers/new', label: t('actions.new') }}
      />
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <CustomerFilter onChange={(customerId) => list.refine({ customerId })} />
        <ListTools
          columns={columns}
          hidden={choice.hidden}
          onChoose={choice.choose}
          fetchPage={(page, perPage) => fetchManufacturers({ ...list.params, page, perPage })}
          fileName="vehicle-vendors"
        />
      </Space>
      <Table<Manufacturer> {...list.tableProps} columns={choice.visible} />
    </Space>
  );
}
