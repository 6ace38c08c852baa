// /cases/:id/device/:deviceId: a case device's profile (with its state, live) and settings — icon,
// firmware, thresholds and installation direction. A threshold change waits for the device link to send it.
import { caseResource, type DeviceSettingsBody, recordAddress } from '@fleetlens/contracts';
import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { VehicleState } from '../../kernel/VehicleState';
import { useCanOpen } from '../../routes/useCanOpen';
import { EditPage } from '../../shell/forms/EditPage';
import { DeviceSettingsFields } from '../devices/DeviceFields';
import { caseKeys, fetchCaseDevice, updateDeviceSettings } from './api';

type CaseDevice = Awaited<ReturnType<typeof fetchCaseDevice>>;

export function CaseDevicePage() {
  const { id = '', deviceId = '' } = useParams();
  const { t } = useTranslation(['cases', 'devices']);
  const canOpen = useCanOpen();
  return (
    <EditPage<DeviceSettingsBody, CaseDevice>
      load={{ queryKey: caseKeys.device(id, deviceId), queryFn: () => fetchCaseDevice(id, deviceId) }}
      toValues={(d) => ({
        icon: d.icon,
        firmware: d.firmware ?? '',
        thresholds: d.thresholds,
        installation_direction: d.installation_direction,
      })}
      save={(body) => updateDeviceSettings(id, deviceId, body)}
      invalidate={caseKeys.all}
      back={recordAddress(caseResource, 'detail', id)}
      cancelText={t('actions.back')}
      editable={canOpen(caseResource.pages.edit)}
      before={(d) =>
        d && (
          <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('devices:fields.device_id')}>{d.device_id}</Descriptions.Item>
            <Descriptions.Item label={t('devices:fields.vehicle_id')}>
              {d.vehicle?.name ?? t('none')}
            </Descriptions.Item>
            <Descriptions.Item label={t('maps:fields.state')}>
              <VehicleState state={d.state} />
            </Descriptions.Item>
            <Descriptions.Item label={t('devices:fields.threshold_state')}>
              {d.threshold_state ? <Tag>{t(`devices:thresholdStates.${d.threshold_state}`)}</Tag> : t('none')}
            </Descriptions.Item>
          </Descriptions>
        )
      }
    >
      <DeviceSettingsFields />
    </EditPage>
  );
}
