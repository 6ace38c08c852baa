// /maintenances/:id/vehicles: the vehicles under one plan with their states (worst first), what is
// left of their cycle, when each falls due, their hour meter and last maintenance; a vehicle's
// state page (confirm and execute), edit and removal for those allowed.
import { ACTION_ROLES, MAINTENANCE_STATES, type MaintenanceState, pageAddress } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { reportedTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { textColumn } from '../../shell/lists/columns';
import { ListPage } from '../../shell/lists/ListPage';
import { useEditDeleteColumn } from '../../shell/lists/rowActions';
import type { ListColumn } from '../../shell/lists/useColumnChoice';
import { listWords, usePagedList } from '../../shell/lists/usePagedList';
import {
  type MaintenanceVehicleParams,
  type MaintenanceVehicleRow,
  maintenances,
  planVehicles,
  vehiclesPath,
} from './api';
import { cycleText, hoursText } from './cycle';
import { stateColumns } from './StateTag';

export function PlanVehiclesPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('maintenances');
  const canOpen = useCanOpen();
  const plan = useQuery({ queryKey: maintenances.keys.one(id), queryFn: () => maintenances.one(id) });
  const list = usePagedList<MaintenanceVehicleRow, MaintenanceVehicleParams>({
    key: planVehicles.keys.list(id),
    fetch: planVehicles.list(id),
    exportPath: vehiclesPath(id),
    initial: { order_by: 'state', order: 'desc' },
    ...listWords(t, {
      words: 'vehicles.',
      name: 'maintenanceVehicles',
      file: 'maintenance-vehicles',
      search: true,
    }),
  });
  const columns: ListColumn<MaintenanceVehicleRow>[] = [
    textColumn(t('fields.vehicle'), 'vehicle', (a) => a.vehicle.name, { sorter: true }),
    ...stateColumns(t),
    textColumn(t('fields.hour_meter'), 'hour_meter', (a) => hoursText(t, a.hour_meter), { align: 'right' }),
    textColumn(t('fields.last_maintenance_at'), 'last', (a) => reportedTime(a.last_maintenance_at)),
    textColumn(t('fields.comment'), 'comment', (a) => a.comment),
    useEditDeleteColumn<MaintenanceVehicleRow>(t, {
      edit: ['maintenanceVehicleEdit', (a) => pageAddress('maintenanceVehicleEdit', { id, vehicleId: a.id })],
      remove: [
        ACTION_ROLES.maintenanceVehicleDelete,
        { remove: (vehicleId) => planVehicles.remove(id, vehicleId), keys: { all: planVehicles.keys.all } },
      ],
      confirm: (a) => t('vehicles.confirmRemove', { name: a.vehicle.name }),
      more: (a) =>
        canOpen('maintenanceConfirm') && (
          <Link to={pageAddress('maintenanceConfirm', { id, vehicleId: a.id })}>{t('vehicles.open')}</Link>
        ),
    }),
  ];
  const state = (
    <Select<MaintenanceState>
      allowClear
      placeholder={t('fields.state')}
      aria-label={t('fields.state')}
      style={{ minWidth: 160 }}
      options={MAINTENANCE_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))}
      onChange={(value) => list.refine({ state: value })}
    />
  );
  return (
    <ListPage
      list={list}
      create={
        canOpen('maintenanceVehicleNew') && {
          to: pageAddress('maintenanceVehicleNew', { id }),
          label: t('vehicles.add'),
        }
      }
      above={
        plan.data && (
          <Typography.Text>
            {t('vehicles.plan', {
              item: plan.data.item.name,
              cycle: cycleText(t, plan.data),
              customer: plan.data.customer.name,
            })}
          </Typography.Text>
        )
      }
      filters={state}
      columns={columns}
    />
  );
}
