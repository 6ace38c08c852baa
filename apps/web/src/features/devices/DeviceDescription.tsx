// Every field of a device, read-only: the details screen and the case's device screens show it.
import { type Device, serverTimeToLocal, THRESHOLD_KINDS } from '@fleetlens/contracts';
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { VehicleState } from '../../kernel/VehicleState';
import { RecordFields } from '../../shell/records/RecordFields';
import { DeviceIcon } from './DeviceIcon';

/** `state`: the device's state to show; the device's own (pushes keep it current) by default. */
export type DeviceDescriptionProps = { device: Device; state?: Device['state'] };

export function DeviceDescription({ device, state = device.state }: DeviceDescriptionProps) {
  const { t } = useTranslation('devices');
  const none = t('none');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <RecordFields
        labels="devices"
        title={t('sections.device')}
        fields={[
          ['device_id', device.device_id],
          ['customer_id', device.customer.name],
          { key: 'state', label: t('maps:fields.state'), children: <VehicleState state={state} /> },
          ['plate_number', device.plate_number ?? none],
          ['device_type', t(`types.${device.device_type}`)],
          ['kitting_id', device.kitting?.name ?? none],
          ['vehicle_id', device.vehicle?.name ?? none],
          ['channel_number', device.channel_number],
          ['group_id', device.group?.name ?? none],
          ['sim_id', device.sim?.name ?? none],
          ['updated_at', serverTimeToLocal(device.updated_at)],
        ]}
      />
      <RecordFields
        labels="devices"
        single
        title={`${t('sections.cameras')} (${device.camera_count})`}
        fields={device.cameras.map((camera, i) => ({
          key: camera.camera_id,
          label: t('camera', { n: i + 1 }),
          children: `${camera.camera_id} · ${t(`rotations.${camera.rotation}`)}`,
        }))}
      />
      <RecordFields
        labels="devices"
        title={t('sections.settings')}
        fields={[
          [
            'icon',
            <Space key="icon">
              <DeviceIcon icon={device.icon} />
              {t(`icons.${device.icon}`)}
            </Space>,
          ],
          ['firmware', device.firmware ?? none],
          ['installation_direction', t(`directions.${device.installation_direction}`)],
          [
            'threshold_state',
            device.threshold_state ? (
              <Tag key="state">{t(`thresholdStates.${device.threshold_state}`)}</Tag>
            ) : (
              none
            ),
          ],
          ...THRESHOLD_KINDS.map((kind) => ({
            key: kind,
            label: t(`thresholdKinds.${kind}`),
            children: `${device.thresholds[kind].threshold.toFixed(2)} G · ${device.thresholds[kind].duration} ms`,
          })),
        ]}
      />
    </Space>
  );
}
