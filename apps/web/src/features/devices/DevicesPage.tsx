// /devices: the devices the user may see, paged, sorted and filtered on the server (search box,
// customer, type, with or without a vehicle, state), with column choice and export; each device's
// state follows its pushes.
import { DEVICE_TYPES, type Device, deviceResource, recordAddress } from '@fleetlens/contracts';
import { useTranslation } from 'react-i18next';
import { VehicleState, VehicleStateFilter, vehicleStateText } from '../../kernel/VehicleState';
import { useCanOpen } from '../../routes/useCanOpen';
import { customerColumn, iconColumn, textColumn, updatedColumn } from '../../shell/lists/columns';
import { ListFilter } from '../../shell/lists/ListFilter';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { CustomerFilter } from '../customers/CustomerFilter';
import { devices } from './api';
import { DeviceIcon } from './DeviceIcon';

export function DevicesPage() {
  const { t } = useTranslation('devices');
  const canOpen = useCanOpen();
  const list = useResourceList(devices, t, { search: false, sort: 'device_id' });
  const sorted = { sorter: true };

  const columns: ListColumn<Device>[] = [
    iconColumn(t('fields.device_id'), 'device_id', {
      value: (d) => d.device_id,
      icon: (d) => <DeviceIcon icon={d.icon} />,
      to: (d) => canOpen(deviceResource.pages.detail) && recordAddress(deviceResource, 'detail', d.id),
    }),
    {
      title: t('maps:fields.state'),
      key: 'state',
      render: (_, d) => <VehicleState state={d.state} />,
      exportValue: (d) => vehicleStateText(t, d.state),
    },
    textColumn(t('fields.plate_number'), 'plate_number', (d) => d.plate_number, sorted),
    textColumn(t('fields.device_type'), 'device_type', (d) => t(`types.${d.device_type}`), {
      ...sorted,
      codes: DEVICE_TYPES,
    }),
    customerColumn(t('fields.customer_id')),
    textColumn(t('fields.vehicle_id'), 'vehicle', (d) => d.vehicle?.name ?? '', { sorter: true, long: true }),
    textColumn(t('fields.kitting_id'), 'kitting', (d) => d.kitting?.name ?? ''),
    textColumn(t('fields.camera_count'), 'camera_count', (d) => d.camera_count),
    textColumn(t('fields.channel_number'), 'channel_number', (d) => d.channel_number),
    textColumn(t('fields.sim_id'), 'sim', (d) => d.sim?.name ?? ''),
    textColumn(t('fields.firmware'), 'firmware', (d) => d.firmware, sorted),
    updatedColumn(t('fields.updated_at')),
    useEditDeleteColumn<Device>(t, { resource: devices, remove: false }),
  ];
  return (
    <ListPage
      list={list}
      searches={[{ label: t('search'), onSearch: (filter) => list.refine({ filter }), width: 360 }]}
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
