// Every field of a device, read-only: the details screen and the case's device screens show it.
import { type Device, serverTimeToLocal, THRESHOLD_KINDS } from '@fleetlens/contracts';
import { Descriptions, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { VehicleState } from '../../kernel/VehicleState';
import { DeviceIcon } from './DeviceIcon';

/** `state`: the device's state to show; the device's own (pushes keep it current) by default. */
export type DeviceDescriptionProps = { device: Device; state?: Device['state'] };

export function DeviceDescription({ device, state = device.state }: DeviceDescriptionProps) {
  const { t } = useTranslation('devices');
  const none = t('none');
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} title={t('sections.device')}>
        <Descriptions.Item label={t('fields.device_id')}>{device.device_id}</Descriptions.Item>
        <Descriptions.Item label={t('fields.customer_id')}>{device.customer.name}</Descriptions.Item>
        <Descriptions.Item label={t('maps:fields.state')}>
          <VehicleState state={state} />
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.plate_number')}>{device.plate_number ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('fields.device_type')}>
          {t(`types.${device.device_type}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.kitting_id')}>{device.kitting?.name ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('fields.vehicle_id')}>{device.vehicle?.name ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('fields.channel_number')}>{device.channel_number}</Descriptions.Item>
        <Descriptions.Item label={t('fields.group_id')}>{device.group?.name ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('fields.sim_id')}>{device.sim?.name ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('fields.updated_at')}>
          {serverTimeToLocal(device.updated_at)}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions
        bordered
        size="small"
        column={1}
        title={`${t('sections.cameras')} (${device.camera_count})`}
      >
        {device.cameras.map((camera, i) => (
          <Descriptions.Item key={camera.camera_id} label={t('camera', { n: i + 1 })}>
            {camera.camera_id} · {t(`rotations.${camera.rotation}`)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} title={t('sections.settings')}>
        <Descriptions.Item label={t('fields.icon')}>
          <Space>
            <DeviceIcon icon={device.icon} />
            {t(`icons.${device.icon}`)}
          </Space>
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.firmware')}>{device.firmware ?? none}</Descriptions.Item>
        <Descriptions.Item label={t('fields.installation_direction')}>
          {t(`directions.${device.installation_direction}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t('fields.threshold_state')}>
          {device.threshold_state ? <Tag>{t(`thresholdStates.${device.threshold_state}`)}</Tag> : none}
        </Descriptions.Item>
        {THRESHOLD_KINDS.map((kind) => (
          <Descriptions.Item key={kind} label={t(`thresholdKinds.${kind}`)}>
            {device.thresholds[kind].threshold.toFixed(2)} G · {device.thresholds[kind].duration} ms
          </Descriptions.Item>
        ))}
      </Descriptions>
    </Space>
  );
}
