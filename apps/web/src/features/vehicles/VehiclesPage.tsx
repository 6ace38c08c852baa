// /vehicles: the vehicles of the companies the user may see, paged, sorted and filtered on the
// server (search box and the list parameters), each with its type icon; details, edit and delete
// for those allowed, and each vehicle's state as its device pushes it. `?group=<id>` opens the list
// filtered to one group.
import {
  INSTALLATION_TYPES,
  recordAddress,
  VEHICLE_TYPES,
  type Vehicle,
  vehicleResource,
} from '@fleetlens/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { withUnit } from '../../kernel/format';
import { MaintenanceModeTag } from '../../kernel/MaintenanceModeTag';
import { VehicleState, vehicleStateText } from '../../kernel/VehicleState';
import { VehicleTypeIcon } from '../../kernel/VehicleTypeIcon';
import { useCanOpen } from '../../routes/useCanOpen';
import { customerColumn, iconColumn, textColumn } from '../../shell/lists/columns';
import { FoldingFilters } from '../../shell/lists/FoldingFilters';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import { type ListColumn, labelsOf, SWITCH_CODES } from '../../shell/lists/useColumnChoice';
import { useResourceList } from '../../shell/lists/useResourceList';
import { LockMark, useLockedVehicles } from '../lockouts/VehicleLock';
import { type VehicleListParams, vehicles } from './api';
import { VehicleFilters } from './VehicleFilters';

export function VehiclesPage() {
  const { t } = useTranslation('vehicles');
  const canOpen = useCanOpen();
  const [search] = useSearchParams();
  const list = useResourceList(vehicles, t, {
    words: 'vehicles.',
    sort: 'name',
    initial: { group_id: search.get('group') ?? undefined },
    pagination: { pageSizeOptions: [20, 50, 100] },
  });
  const locked = useLockedVehicles();
  const sorted = { sorter: true };
  const typeName = (v: Vehicle) => t(`vehicleTypes.${v.vehicle_type}`);
  const maintenance = (v: Vehicle) =>
    v.maintenance_mode ? t('vehicles.maintenanceOn') : t('vehicles.maintenanceOff');

  const columns: ListColumn<Vehicle>[] = [
    iconColumn(
      t('fields.name'),
      'name',
      {
        value: (v) => v.name,
        icon: (v) => <VehicleTypeIcon type={v.vehicle_type} variant={v.icon} size={18} title={typeName(v)} />,
        to: (v) => canOpen(vehicleResource.pages.detail) && recordAddress(vehicleResource, 'detail', v.id),
      },
      { alwaysShown: true, long: true },
    ),
    {
      title: t('maps:fields.state'),
      key: 'state',
      sorter: true,
      render: (_, v) => (
        <Space size={4} wrap>
          <VehicleState state={v.state} />
          {v.operator_signed_on_elsewhere && <Tag color="warning">{t('vehicles.operatorElsewhere')}</Tag>}
          <LockMark lockout={locked.get(v.id)} />
        </Space>
      ),
      exportValue: (v) => vehicleStateText(t, v.state),
    },
    customerColumn(t('fields.customer')),
    textColumn(t('fields.group'), 'group', (v) => v.group?.name ?? '', { sorter: true, long: true }),
    {
      title: t('fields.vehicle_type'),
      key: 'vehicle_type',
      sorter: true,
      render: (_, v) => typeName(v),
      exportValue: (v) => `${typeName(v)} (${v.icon.toUpperCase()})`,
      exportLabels: labelsOf(VEHICLE_TYPES, (type) => t(`vehicleTypes.${type}`)),
    },
    textColumn(t('fields.manufacturer'), 'manufacturer', (v) => v.manufacturer?.name ?? '', sorted),
    textColumn(t('fields.model'), 'model', (v) => v.model?.name ?? '', sorted),
    textColumn(t('fields.serial_number'), 'serial_number', (v) => v.serial_number, sorted),
    textColumn(
      t('fields.installation_type'),
      'installation_type',
      (v) => t(`installationTypes.${v.installation_type}`),
      { ...sorted, codes: INSTALLATION_TYPES },
    ),
    textColumn(t('fields.introduce_date'), 'introduce_date', (v) => v.introduce_date, sorted),
    {
      title: t('fields.current_uptime_hours'),
      key: 'current_uptime_hours',
      sorter: true,
      align: 'right',
      render: (_, v) => withUnit(v.current_uptime_hours, t('units.h')),
      exportValue: (v) => v.current_uptime_hours,
    },
    textColumn(t('fields.device'), 'device', (v) => v.device?.device_id ?? ''),
    {
      title: t('fields.maintenance_mode'),
      key: 'maintenance_mode',
      sorter: true,
      render: (_, v) =>
        v.maintenance_mode ? <MaintenanceModeTag on /> : <Tag>{t('vehicles.maintenanceOff')}</Tag>,
      exportValue: maintenance,
      codes: SWITCH_CODES,
    },
    useEditDeleteColumn<Vehicle>(t, {
      resource: vehicles,
    }),
  ];

  const filters = (
    <FoldingFilters label={t('vehicles.filters')} count={activeFilters(list.params)}>
      <VehicleFilters params={list.params} refine={list.refine} />
    </FoldingFilters>
  );
  return <ListPage list={list} filters={filters} columns={columns} />;
}

/** How many of the list's filters (besides the search box) are set. */
const activeFilters = (params: VehicleListParams): number =>
  (
    [
      'customer_id',
      'group_id',
      'manufacturer_id',
      'model_id',
      'vehicle_type',
      'installation_type',
      'power_type',
      'maintenance_mode',
      'state',
    ] as const
  ).filter((k) => params[k] !== undefined).length;
