// /cases/:id/device/:deviceId: a case device's profile (with its state, live) and settings — icon,
// firmware, thresholds and installation direction. A threshold change waits for the device link to send it.
import type { DeviceSettingsBody } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Form, Space, Tag } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
import { DeviceSettingsFields } from '../devices/DeviceFields';
import { liveStateOf, useLiveLinkStates } from '../maps/useLiveLinkStates';
import { VehicleState } from '../maps/VehicleState';
import { caseKeys, fetchCaseDevice, updateDeviceSettings } from './api';

export function CaseDevicePage() {
  const { id = '', deviceId = '' } = useParams();
  const { t } = useTranslation(['cases', 'devices']);
  const canOpen = useCanOpen();
  const [form] = Form.useForm<DeviceSettingsBody>();
  const navigate = useNavigate();
  const live = useLiveLinkStates();
  const device = useQuery({
    queryKey: caseKeys.device(id, deviceId),
    queryFn: () => fetchCaseDevice(id, deviceId),
  });

  useEffect(() => {
    const d = device.data;
    if (d)
      form.setFieldsValue({
        icon: d.icon,
        firmware: d.firmware ?? '',
        thresholds: d.thresholds,
        installation_direction: d.installation_direction,
      });
  }, [device.data, form]);

  const save = useFormSave({
    form,
    save: (body: DeviceSettingsBody) => updateDeviceSettings(id, deviceId, body),
    invalidate: caseKeys.all,
    back: `/cases/${id}/detail`,
  });

  if (!device.data) return <QueryState query={device} back={`/cases/${id}/detail`} />;
  const d = device.data;
  const editable = canOpen('caseEdit');
  return (
    <Form<DeviceSettingsBody>
      form={form}
      layout="vertical"
      disabled={!editable}
      onFinish={(values) => save.mutate(values)}
      scrollToFirstError
    >
      <Descriptions bordered size="small" column={{ xs: 1, md: 2 }} style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('devices:fields.device_id')}>{d.device_id}</Descriptions.Item>
        <Descriptions.Item label={t('devices:fields.vehicle_id')}>
          {d.vehicle?.name ?? t('none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('maps:fields.state')}>
          <VehicleState state={liveStateOf(live, d.device_id, d.state)} />
        </Descriptions.Item>
        <Descriptions.Item label={t('devices:fields.threshold_state')}>
          {d.threshold_state ? <Tag>{t(`devices:thresholdStates.${d.threshold_state}`)}</Tag> : t('none')}
        </Descriptions.Item>
      </Descriptions>
      <DeviceSettingsFields />
      <Space>
        {editable && (
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('devices:actions.save')}
          </Button>
        )}
        <Button disabled={false} onClick={() => navigate(`/cases/${id}/detail`)}>
          {t('actions.back')}
        </Button>
      </Space>
    </Form>
  );
}
