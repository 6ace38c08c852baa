// /vehicles/:id/details: one vehicle with its state (live), its tabs chosen by the `tab` query
// (basic, specification, hourMeter, device, states), so a link can open a tab and the tab survives
// a reload.
import {
  ACTION_ROLES,
  listAddress,
  recordAddress,
  type Vehicle,
  vehicleResource,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, type DescriptionsProps, Space, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { localTime, withUnit } from '../../kernel/format';
import { VehicleState } from '../../kernel/VehicleState';
import { VehicleTypeIcon } from '../../kernel/VehicleTypeIcon';
import { useCanOpen } from '../../routes/useCanOpen';
import { useMay } from '../../routes/useMay';
import { QueryState } from '../../shell/QueryState';
import { unitOf } from '../vehicle-models/MeasureInput';
import { videoCreatePath } from '../videos/api';
import { fetchVehicle, vehicleKeys } from './api';
import { VehicleStateHistory } from './VehicleStateHistory';

const TABS = ['basic', 'specification', 'hourMeter', 'device', 'states'] as const;
type Tab = (typeof TABS)[number];

export function VehicleDetailsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation('vehicles');
  const canOpen = useCanOpen();
  const may = useMay();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as Tab)
    : 'basic';
  const vehicle = useQuery({ queryKey: vehicleKeys.one(id), queryFn: () => fetchVehicle(id) });
  const v = vehicle.data;
  if (!v) return <QueryState query={vehicle} back={listAddress(vehicleResource)} />;

  const items = (fields: [string, React.ReactNode][]): DescriptionsProps['items'] =>
    fields.map(([key, value]) => ({ key, label: t(`fields.${key}`), children: value === '' ? '—' : value }));
  const measure = (key: keyof Vehicle & string) => {
    const unit = unitOf(key);
    return [key, withUnit(v[key] as number | null, unit ? t(`units.${unit}`) : '')] as [string, string];
  };
  const descriptions = (fields: [string, React.ReactNode][]) => (
    <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} items={items(fields)} />
  );

  const content: Record<Tab, React.ReactNode> = {
    basic: descriptions([
      ['customer', v.customer.name],
      ['name', v.name],
      ['vehicle_type', <VehicleTypeLabel key="type" vehicle={v} />],
      ['group', v.group?.name ?? ''],
      ['introduce_date', v.introduce_date],
      ['serial_number', v.serial_number],
      ['kitting_id', v.kitting_id],
      [
        'maintenance_mode',
        v.maintenance_mode ? (
          <Tag key="mode" color="warning">
            {t('vehicles.maintenanceOn')}
          </Tag>
        ) : (
          t('vehicles.maintenanceOff')
        ),
      ],
      ['installation_type', t(`installationTypes.${v.installation_type}`)],
      ['key_number', v.key_number],
      ['installation_location', v.installation_location],
      ['description', v.description],
      ['remark', v.remark],
      ['updated_at', localTime(v.updated_at)],
    ]),
    specification: descriptions([
      ['manufacturer', v.manufacturer?.name ?? ''],
      ['model', v.model?.name ?? ''],
      ['series', v.series],
      ['power_type', v.power_type ? t(`powerTypes.${v.power_type}`) : ''],
      ['structure', v.structure],
      ['engine_type', v.engine_type],
      measure('weight_kg'),
      measure('fork_length_mm'),
      measure('standard_lift_mm'),
      measure('maximum_lift_mm'),
      measure('battery_voltage_v'),
      measure('battery_capacity_ah'),
      measure('fuel_capacity_l'),
      ['rated_output', withUnit(v.rated_output, t(`ratedOutputUnits.${v.rated_output_unit}`))],
    ]),
    hourMeter: descriptions([
      ['initial_hour_meter', withUnit(v.initial_hour_meter, t('units.h'))],
      ['hour_meter_correction', withUnit(v.hour_meter_correction, t('units.h'))],
      ['elapsed_hours', withUnit(v.elapsed_hours, t('units.h'))],
      ['cumulative_uptime_hours', withUnit(v.cumulative_uptime_hours, t('units.h'))],
      ['current_uptime_hours', withUnit(v.current_uptime_hours, t('units.h'))],
    ]),
    device: descriptions([
      ['device', v.device?.device_id ?? t('vehicles.noDevice')],
      ['last_threshold_update_at', localTime(v.last_threshold_update_at)],
      [
        'last_position',
        v.last_position
          ? `${v.last_position.latitude.toFixed(6)}, ${v.last_position.longitude.toFixed(6)} (${localTime(v.last_position.at)})`
          : t('vehicles.noPosition'),
      ],
    ]),
    states: <VehicleStateHistory vehicleId={v.id} deviceId={v.device?.device_id ?? null} />,
  };

  return (
    <Card
      size="small"
      title={
        <Space>
          <VehicleTypeIcon type={v.vehicle_type} variant={v.icon} size={22} />
          <Typography.Text strong>{v.name}</Typography.Text>
        </Space>
      }
      extra={
        <Space>
          {canOpen('vehicleDriveSummary') && (
            <Link to={`/vehicles/${v.id}/drive-summary?name=${encodeURIComponent(v.name)}`}>
              <Button>{t('drive-summary:link')}</Button>
            </Link>
          )}
          {v.device && may(...ACTION_ROLES.videoCreate) && (
            <Link to={videoCreatePath(v.id)}>
              <Button>{t('videos:requestVideo')}</Button>
            </Link>
          )}
          {canOpen(vehicleResource.pages.edit) && (
            <Link to={recordAddress(vehicleResource, 'edit', v.id)}>
              <Button type="primary">{t('actions.edit')}</Button>
            </Link>
          )}
        </Space>
      }
    >
      {v.device && (
        <Space style={{ marginBottom: 4 }} data-testid="vehicle-state">
          <Typography.Text type="secondary">{t('maps:fields.state')}</Typography.Text>
          <VehicleState state={v.state} />
          {v.operator_signed_on_elsewhere && <Tag color="warning">{t('vehicles.operatorElsewhere')}</Tag>}
        </Space>
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ tab: key }, { replace: true })}
        items={TABS.map((key) => ({
          key,
          label: key === 'states' ? t('maps:stateHistory.title') : t(`vehicles.tabs.${key}`),
          children: content[key],
        }))}
      />
    </Card>
  );
}

function VehicleTypeLabel({ vehicle }: { vehicle: Vehicle }) {
  const { t } = useTranslation('vehicles');
  return (
    <Space>
      <VehicleTypeIcon type={vehicle.vehicle_type} variant={vehicle.icon} size={18} />
      {t(`vehicleTypes.${vehicle.vehicle_type}`)} ({t('iconVariant', { variant: vehicle.icon.toUpperCase() })}
      )
    </Space>
  );
}
