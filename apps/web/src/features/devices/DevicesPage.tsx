// /devices: the devices the user may see, paged, sorted and filtered on the server (search box,
// customer, type, with or without a vehicle, state), with column choice and export; each device's
// state follows its pushes.
import { DEVICE_TYPES, type Device, serverTimeToLocal } from '@fleetlens/contracts';
import { Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { VehicleState, VehicleStateFilter, vehicleStateText } from '../../kernel/VehicleState';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import { actionsColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { type DeviceListParams, deviceKeys, fetchDevices } from './api';
import { DeviceIcon } from './DeviceIcon';

export function DevicesPage() {
  const { t } = useTranslation('devices');
  const canOpen = useCanOpen();
  const list = usePagedList<Device, DeviceListParams>({
    key: deviceKeys.list,
    fetch: fetchDevices,
    initial: { order_by: 'device_id' },
    totalText: (total) => t('total', { count: total }),
    pagination: { showSizeChanger: true },
  });

  const columns: ListColumn<Device>[] = [
    {
      title: t('fields.device_id'),
      key: 'device_id',
      sorter: true,
      defaultSortOrder: 'ascend',
      render: (_, d) => (
        <Space>
          <DeviceIcon icon={d.icon} />
          {canOpen('deviceDetails') ? (
            <Link to={`/devices/${d.id}/details`}>{d.device_id}</Link>
          ) : (
            d.device_id
          )}
        </Space>
      ),
      exportValue: (d) => d.device_id,
    },
    {
      title: t('maps:fields.state'),
      key: 'state',
      render: (_, d) => <VehicleState state={d.state} />,
      exportValue: (d) => vehicleStateText(t, d.state),
    },
    {
      title: t('fields.plate_number'),
      key: 'plate_number',
      sorter: true,
      dataIndex: 'plate_number',
      exportValue: (d) => d.plate_number,
    },
    {
      title: t('fields.device_type'),
      key: 'device_type',
      sorter: true,
      render: (_, d) => t(`types.${d.device_type}`),
      exportValue: (d) => t(`types.${d.device_type}`),
    },
    {
      title: t('fields.customer_id'),
      key: 'customer',
      sorter: true,
      render: (_, d) => d.customer.name,
      long: true,
      exportValue: (d) => d.customer.name,
    },
    {
      title: t('fields.vehicle_id'),
      key: 'vehicle',
      sorter: true,
      render: (_, d) => d.vehicle?.name ?? '',
      long: true,
      exportValue: (d) => d.vehicle?.name ?? '',
    },
    {
      title: t('fields.kitting_id'),
      key: 'kitting',
      render: (_, d) => d.kitting?.name ?? '',
      exportValue: (d) => d.kitting?.name ?? '',
    },
    {
      title: t('fields.camera_count'),
      key: 'camera_count',
      render: (_, d) => d.camera_count,
      exportValue: (d) => d.camera_count,
    },
    {
      title: t('fields.channel_number'),
      key: 'channel_number',
      render: (_, d) => d.channel_number,
      exportValue: (d) => d.channel_number,
    },
    {
      title: t('fields.sim_id'),
      key: 'sim',
      render: (_, d) => d.sim?.name ?? '',
      exportValue: (d) => d.sim?.name ?? '',
    },
    {
      title: t('fields.firmware'),
      key: 'firmware',
      sorter: true,
      dataIndex: 'firmware',
      exportValue: (d) => d.firmware,
    },
    {
      title: t('fields.updated_at'),
      key: 'updated_at',
      sorter: true,
      render: (_, d) => serverTimeToLocal(d.updated_at),
      exportValue: (d) => serverTimeToLocal(d.updated_at),
    },
    actionsColumn(
      t('actions.title'),
      (d) => canOpen('deviceEdit') && <Link to={`/devices/${d.id}/edit`}>{t('actions.edit')}</Link>,
    ),
  ];
  return (
    <ListPage
      list={list}
      name="devices"
      fileName={t('exportName')}
      searches={[{ label: t('search'), onSearch: (filter) => list.refine({ filter }), width: 360 }]}
      empty={t('empty')}
      create={canOpen('deviceNew') && { to: '/devices/new', label: t('actions.new') }}
      filters={
        <>
          <CustomerFilter
            label={t('filters.customer')}
            onChange={(customer_id) => list.refine({ customer_id })}
          />
          <ListFilter
            label={t('filters.type')}
            width={160}
            options={DEVICE_TYPES.map((v) => ({ value: v, label: t(`types.${v}`) }))}
            onChange={(device_type) => list.refine({ device_type })}
          />
          <ListFilter
            label={t('filters.vehicle')}
            options={(['with', 'without'] as const).map((v) => ({ value: v, label: t(`filters.${v}`) }))}
            onChange={(vehicle) => list.refine({ vehicle })}
          />
          <VehicleStateFilter value={list.params.state} onChange={(state) => list.refine({ state })} />
        </>
      }
      columns={columns}
    />
  );
}
