// /vehicle-models: the vehicle master of the companies the user may see, searchable, filtered by
// customer, vendor and power type, paged and sorted on the server.
import { POWER_TYPES, type VehicleModel } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Popconfirm, Select, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { usePagedList } from '../../shell/lists/usePagedList';
import { useManufacturerOptions } from '../manufacturers/api';
import { CustomerFilter } from '../vehicles/CustomerFilter';
import { withUnit } from '../vehicles/localTime';
import { deleteVehicleModel, fetchVehicleModels, type VehicleModelListParams, vehicleModelKeys } from './api';

export function VehicleModelsPage() {
  const { t } = useTranslation('vehicles');
  const { message } = App.useApp();
  const canOpen = useCanOpen();
  const may = useMay();
  const queryClient = useQueryClient();
  const list = usePagedList<VehicleModel, VehicleModelListParams>({
    key: vehicleModelKeys.list,
    fetch: fetchVehicleModels,
    initial: { orderBy: 'name' },
    totalText: (total) => t('models.total', { count: total }),
    pagination: { showSizeChanger: true },
  });
  const vendors = useManufacturerOptions(list.params.customerId);
  const remove = useMutation({
    mutationFn: deleteVehicleModel,
    onSuccess: async () => {
      message.success(t('deleted'));
      await queryClient.invalidateQueries({ queryKey: vehicleModelKeys.all });
    },
  });

  const columns: ColumnsType<VehicleModel> = [
    { title: t('fields.name'), dataIndex: 'name', key: 'name', sorter: true, defaultSortOrder: 'ascend' },
    {
      title: t('fields.manufacturer'),
      key: 'manufacturer',
      sorter: true,
      render: (_, m) => m.manufacturer.name,
    },
    { title: t('fields.series_name'), dataIndex: 'series_name', key: 'series_name', sorter: true },
    { title: t('fields.model_name'), dataIndex: 'model_name', key: 'model_name', sorter: true },
    {
      title: t('fields.power_type'),
      key: 'power_type',
      sorter: true,
      render: (_, m) => (m.power_type ? t(`powerTypes.${m.power_type}`) : ''),
    },
    {
      title: t('fields.rated_load_kg'),
      key: 'rated_load_kg',
      sorter: true,
      align: 'right',
      render: (_, m) => withUnit(m.rated_load_kg, t('units.kg')),
    },
    { title: t('fields.customer'), key: 'customer', render: (_, m) => m.customer.name },
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right',
      render: (_, m) => (
        <Space size="small">
          {canOpen('vehicleModelEdit') && (
            <Link to={`/vehicle-models/${m.id}/edit`}>{t('actions.edit')}</Link>
          )}
          {may('support', 'kitting', 'veh_mod:delete') && (
            <Popconfirm title={t('confirmDelete', { name: m.name })} onConfirm={() => remove.mutate(m.id)}>
              <Typography.Link type="danger">{t('actions.delete')}</Typography.Link>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ListToolbar
        searches={[{ label: t('models.search'), onSearch: (filter) => list.refine({ filter }) }]}
        create={canOpen('vehicleModelNew') && { to: '/vehicle-models/new', label: t('actions.new') }}
      />
      <Space wrap>
        <CustomerFilter onChange={(customerId) => list.refine({ customerId, manufacturerId: undefined })} />
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('fields.manufacturer')}
          placeholder={t('fields.manufacturer')}
          style={{ width: 220 }}
          options={vendors}
          value={list.params.manufacturerId}
          onChange={(manufacturerId?: string) => list.refine({ manufacturerId })}
        />
        <Select
          allowClear
          aria-label={t('fields.power_type')}
          placeholder={t('fields.power_type')}
          style={{ width: 200 }}
          options={POWER_TYPES.map((p) => ({ value: p, label: t(`powerTypes.${p}`) }))}
          onChange={(powerType?: string) => list.refine({ powerType })}
        />
      </Space>
      <Table<VehicleModel> {...list.tableProps} columns={columns} />
    </Space>
  );
}
