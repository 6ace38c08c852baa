// /vehicles: the vehicles of the companies the user may see, paged, sorted and filtered on the
// server (search box and the list parameters), each with its type icon; details, edit and delete
// for those allowed, and each vehicle's state as its device pushes it. `?group=<id>` opens the list
// filtered to one group.
import { ACTION_ROLES, type Vehicle } from '@fleetlens/contracts';
import { Badge, Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { withUnit } from '../../kernel/format';
import { VehicleState, vehicleStateText } from '../../kernel/VehicleState';
import { VehicleTypeIcon } from '../../kernel/VehicleTypeIcon';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { usePagedList } from '../../shell/lists/usePagedList';
import { useMobile } from '../../shell/useMobile';
import { deleteVehicle, fetchVehicles, type VehicleListParams, vehicleKeys } from './api';
import { VehicleFilters } from './VehicleFilters';

export function VehiclesPage() {
  const { t } = useTranslation('vehicles');
  const canOpen = useCanOpen();
  const [search] = useSearchParams();
  const mobile = useMobile();
  const [showFilters, setShowFilters] = useState(false);
  const list = usePagedList<Vehicle, VehicleListParams>({
    key: vehicleKeys.list,
    fetch: fetchVehicles,
    initial: { order_by: 'name', group_id: search.get('group') ?? undefined },
    totalText: (total) => t('vehicles.total', { count: total }),
    pagination: { showSizeChanger: true, pageSizeOptions: [20, 50, 100] },
  });

  const columns: ListColumn<Vehicle>[] = [
    {
      title: t('fields.name'),
      key: 'name',
      sorter: true,
      defaultSortOrder: 'ascend',
      alwaysShown: true,
      long: true,
      exportValue: (v) => v.name,
      render: (_, v) => (
        <Space>
          <VehicleTypeIcon
            type={v.vehicle_type}
            variant={v.icon}
            size={18}
            title={t(`vehicleTypes.${v.vehicle_type}`)}
          />
          {canOpen('vehicleDetails') ? <Link to={`/vehicles/${v.id}/details`}>{v.name}</Link> : v.name}
        </Space>
      ),
    },
    {
      title: t('maps:fields.state'),
      key: 'state',
      sorter: true,
      render: (_, v) => <VehicleState state={v.state} />,
      exportValue: (v) => vehicleStateText(t, v.state),
    },
    {
      title: t('fields.customer'),
      key: 'customer',
      sorter: true,
      render: (_, v) => v.customer.name,
      long: true,
      exportValue: (v) => v.customer.name,
    },
    {
      title: t('fields.group'),
      key: 'group',
      sorter: true,
      render: (_, v) => v.group?.name ?? '',
      long: true,
      exportValue: (v) => v.group?.name ?? '',
    },
    {
      title: t('fields.vehicle_type'),
      key: 'vehicle_type',
      sorter: true,
      render: (_, v) => t(`vehicleTypes.${v.vehicle_type}`),
      exportValue: (v) => `${t(`vehicleTypes.${v.vehicle_type}`)} (${v.icon.toUpperCase()})`,
    },
    {
      title: t('fields.manufacturer'),
      key: 'manufacturer',
      sorter: true,
      render: (_, v) => v.manufacturer?.name ?? '',
      exportValue: (v) => v.manufacturer?.name ?? '',
    },
    {
      title: t('fields.model'),
      key: 'model',
      sorter: true,
      render: (_, v) => v.model?.name ?? '',
      exportValue: (v) => v.model?.name ?? '',
    },
    {
      title: t('fields.serial_number'),
      dataIndex: 'serial_number',
      key: 'serial_number',
      sorter: true,
      exportValue: (v) => v.serial_number,
    },
    {
      title: t('fields.installation_type'),
      key: 'installation_type',
      sorter: true,
      render: (_, v) => t(`installationTypes.${v.installation_type}`),
      exportValue: (v) => t(`installationTypes.${v.installation_type}`),
    },
    {
      title: t('fields.introduce_date'),
      dataIndex: 'introduce_date',
      key: 'introduce_date',
      sorter: true,
      exportValue: (v) => v.introduce_date,
    },
    {
      title: t('fields.current_uptime_hours'),
      key: 'current_uptime_hours',
      sorter: true,
      align: 'right',
      render: (_, v) => withUnit(v.current_uptime_hours, t('units.h')),
      exportValue: (v) => v.current_uptime_hours,
    },
    {
      title: t('fields.device'),
      key: 'device',
      render: (_, v) => v.device?.device_id ?? '',
      exportValue: (v) => v.device?.device_id ?? '',
    },
    {
      title: t('fields.maintenance_mode'),
      key: 'maintenance_mode',
      sorter: true,
      render: (_, v) =>
        v.maintenance_mode ? (
          <Tag color="warning">{t('vehicles.maintenanceOn')}</Tag>
        ) : (
          <Tag>{t('vehicles.maintenanceOff')}</Tag>
        ),
      exportValue: (v) => (v.maintenance_mode ? t('vehicles.maintenanceOn') : t('vehicles.maintenanceOff')),
    },
    useEditDeleteColumn<Vehicle>(t, {
      edit: ['vehicleEdit', (v) => `/vehicles/${v.id}/edit`],
      remove: [ACTION_ROLES.vehicleDelete, deleteVehicle, vehicleKeys.all],
    }),
  ];

  return (
    <ListPage
      list={list}
      name="vehicles"
      fileName="vehicles"
      search={t('vehicles.search')}
      empty={t('vehicles.empty')}
      create={canOpen('vehicleNew') && { to: '/vehicles/new', label: t('actions.new') }}
      filters={
        <>
          {mobile && (
            <Badge count={activeFilters(list.params)} size="small">
              <Button onClick={() => setShowFilters((v) => !v)} aria-expanded={showFilters}>
                {t('vehicles.filters')}
              </Button>
            </Badge>
          )}
          {(!mobile || showFilters) && <VehicleFilters params={list.params} refine={list.refine} />}
        </>
      }
      columns={columns}
    />
  );
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
