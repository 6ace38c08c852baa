// /vehicles/:id/details: one vehicle with its state (live), its tabs chosen by the `tab` query
// (basic, specification, hourMeter, device, states), so a link can open a tab and the tab survives
// a reload.
import { ACTION_ROLES, type Vehicle } from '@fleetlens/contracts';
import { Button, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localTime, withUnit } from '../../kernel/format';
import { MaintenanceModeTag } from '../../kernel/MaintenanceModeTag';
import { VehicleState } from '../../kernel/VehicleState';
import { VehicleTypeIcon } from '../../kernel/VehicleTypeIcon';
import { useMay } from '../../routes/useMay';
import { type RecordField, RecordFields } from '../../shell/records/RecordFields';
import { RecordPage } from '../../shell/records/RecordPage';
import { DriveSummaryLink } from '../drive-summary/DriveSummaryLink';
import { VehicleLock } from '../lockouts/VehicleLock';
import { MaintenanceMarks } from '../maintenances/Attention';
import { VehicleCheckLink } from '../pre-shift-checks/VehicleCheckLink';
import { unitOf } from '../vehicle-models/MeasureInput';
import { videoCreatePath } from '../videos/api';
import { vehicles } from './api';
import { VehicleStateHistory } from './VehicleStateHistory';

export function VehicleDetailsPage() {
  const { t } = useTranslation('vehicles');
  const may = useMay();
  /** A tab's fields; an empty value shows as a dash. */
  const descriptions = (fields: RecordField[]) => (
    <RecordFields
      labels="vehicles"
      fields={fields.map((field) => ('key' in field ? field : [field[0], field[1] === '' ? '—' : field[1]]))}
    />
  );
  const measure = (v: Vehicle, key: keyof Vehicle & string): RecordField => {
    const unit = unitOf(key);
    return [key, withUnit(v[key] as number | null, unit ? t(`units.${unit}`) : '')];
  };

  return (
    <RecordPage
      resource={vehicles}
      labels="vehicles"
      frame="card"
      icon={(v) => <VehicleTypeIcon type={v.vehicle_type} variant={v.icon} size={22} />}
      title={(v) => v.name}
      actions={(v) => (
        <>
          <DriveSummaryLink page="vehicleDriveSummary" id={v.id} name={v.name} look="link-button" />
          {v.device && may(...ACTION_ROLES.videoCreate) && (
            <Link to={videoCreatePath(v.id)}>
              <Button>{t('videos:requestVideo')}</Button>
            </Link>
          )}
        </>
      )}
      intro={(v) => (
        <>
          {v.device && (
            <Space style={{ marginBottom: 4 }} data-testid="vehicle-state">
              <Typography.Text type="secondary">{t('maps:fields.state')}</Typography.Text>
              <VehicleState state={v.state} />
              {v.operator_signed_on_elsewhere && <Tag color="warning">{t('vehicles.operatorElsewhere')}</Tag>}
            </Space>
          )}
          <MaintenanceMarks vehicleId={v.id} />
          <VehicleLock vehicleId={v.id} />
        </>
      )}
      tabs={[
        {
          key: 'basic',
          label: t('vehicles.tabs.basic'),
          content: (v) =>
            descriptions([
              ['customer', v.customer.name],
              ['name', v.name],
              ['vehicle_type', <VehicleTypeLabel key="type" vehicle={v} />],
              ['group', v.group?.name ?? ''],
              ['introduce_date', v.introduce_date],
              ['serial_number', v.serial_number],
              ['kitting_id', v.kitting_id],
              [
                'maintenance_mode',
                v.maintenance_mode ? <MaintenanceModeTag key="mode" on /> : t('vehicles.maintenanceOff'),
              ],
              ['installation_type', t(`installationTypes.${v.installation_type}`)],
              ['key_number', v.key_number],
              ['installation_location', v.installation_location],
              ['description', v.description],
              ['remark', v.remark],
              ['updated_at', localTime(v.updated_at)],
            ]),
        },
        {
          key: 'specification',
          label: t('vehicles.tabs.specification'),
          content: (v) =>
            descriptions([
              ['manufacturer', v.manufacturer?.name ?? ''],
              ['model', v.model?.name ?? ''],
              ['series', v.series],
              ['power_type', v.power_type ? t(`powerTypes.${v.power_type}`) : ''],
              ['structure', v.structure],
              ['engine_type', v.engine_type],
              measure(v, 'weight_kg'),
              measure(v, 'fork_length_mm'),
              measure(v, 'standard_lift_mm'),
              measure(v, 'maximum_lift_mm'),
              measure(v, 'battery_voltage_v'),
              measure(v, 'battery_capacity_ah'),
              measure(v, 'fuel_capacity_l'),
              ['rated_output', withUnit(v.rated_output, t(`ratedOutputUnits.${v.rated_output_unit}`))],
            ]),
        },
        {
          key: 'hourMeter',
          label: t('vehicles.tabs.hourMeter'),
          content: (v) =>
            descriptions([
              ['initial_hour_meter', withUnit(v.initial_hour_meter, t('units.h'))],
              ['hour_meter_correction', withUnit(v.hour_meter_correction, t('units.h'))],
              ['elapsed_hours', withUnit(v.elapsed_hours, t('units.h'))],
              ['cumulative_uptime_hours', withUnit(v.cumulative_uptime_hours, t('units.h'))],
              ['current_uptime_hours', withUnit(v.current_uptime_hours, t('units.h'))],
            ]),
        },
        {
          key: 'device',
          label: t('vehicles.tabs.device'),
          content: (v) =>
            descriptions([
              ['device', v.device?.device_id ?? t('vehicles.noDevice')],
              ['last_threshold_update_at', localTime(v.last_threshold_update_at)],
              [
                'last_position',
                v.last_position
                  ? `${v.last_position.latitude.toFixed(6)}, ${v.last_position.longitude.toFixed(6)} (${localTime(v.last_position.at)})`
                  : t('vehicles.noPosition'),
              ],
            ]),
        },
        {
          key: 'states',
          label: t('maps:stateHistory.title'),
          content: (v) => <VehicleStateHistory vehicleId={v.id} deviceId={v.device?.device_id ?? null} />,
        },
        {
          key: 'preShift',
          label: t('pre-shift-checks:link.tab'),
          content: (v) => <VehicleCheckLink vehicleId={v.id} name={v.name} />,
        },
      ]}
    />
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
