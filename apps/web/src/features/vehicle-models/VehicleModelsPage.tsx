// /vehicle-models: the vehicle master of the companies the user may see, searchable, filtered by
// customer, vendor and power type, paged and sorted on the server.
import { ACTION_ROLES, POWER_TYPES, type VehicleModel } from '@fleetlens/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { ListToolbar } from '../../shell/lists/ListToolbar';
import { ListTools } from '../../shell/lists/ListTools';
import { type ListColumn, useColumnChoice } from '../../shell/lists/useColumnChoice';
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

  const powerType = (m: VehicleModel) => (m.power_type ? t(`powerTypes.${m.power_type}`) : '');
  const ratedLoad = (m: VehicleModel) => withUnit(m.rated_load_kg, t('units.kg'));
  const columns: ListColumn<VehicleModel>[] = [
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
      title: t('fields.manufacturer'),
      key: 'manufacturer',
      sorter: true,
      render: (_, m) => m.manufacturer.name,
      exportValue: (m) => m.manufacturer.name,
    },
    {
      title: t('fields.series_name'),
      dataIndex: 'series_name',
      key: 'series_name',
      sorter: true,
      exportValue: (m) => m.series_name,
    },
    {
      title: t('fields.model_name'),
      dataIndex: 'model_name',
      key: 'model_name',
      sorter: true,
      exportValue: (m) => m.model_name,
    },
    {
      title: t('fields.power_type'),
      key: 'power_type',
      sorter: true,
      render: (_, m) => powerType(m),
      exportValue: powerType,
    },
    {
      title: t('fields.rated_load_kg'),
      key: 'rated_load_kg',
      sorter: true,
      align: 'right',
      render: (_, m) => ratedLoad(m),
      exportValue: ratedLoad,
    },
    {
      title: t('fields.customer'),
      key: 'customer',
      render: (_, m) => m.customer.name,
      exportValue: (m) => m.customer.name,
    },
    {
      title: t('actions.title'),
      key: 'actions',
      fixed: 'right',
      render: (_, m) => (
        <Space size="small">
          {canOpen('vehicleModelEdit') && (
            <Link to={`/vehicle-models/${m.id}/edit`}>{t('actions.edit')}</Link>
          )}
          {may(...ACTION_ROLES.vehicleModelDelete) && (
            <Popconfirm title={t('confirmDelete', { name: m.name })} onConfirm={() => remove.mutate(m.id)}>
              <Typography.Link type="danger">{t('actions.delete')}</Typography.Link>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  const choice = useColumnChoice('vehicleModels', columns);

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
        <ListTools
          columns={columns}
          hidden={choice.hidden}
          onChoose={choice.choose}
          fetchPage={(page, perPage) => fetchVehicleModels({ ...list.params, page, perPage })}
          fileName="vehicle-models"
        />
      </Space>
      <Table<VehicleModel> {...list.tableProps} columns={choice.visible} />
    </Space>
  );
}
