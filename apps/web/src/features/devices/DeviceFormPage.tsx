// /devices/new and /devices/:id/edit: every field of the device (domain spec §3).
import type { DeviceBody } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
import { CustomerField } from '../customers/CustomerField';
import { createDevice, deviceKeys, fetchDevice, updateDevice, useDeviceOptions } from './api';
import { DeviceFields } from './DeviceFields';
import { cleaned, NEW_DEVICE, valuesOf } from './formValues';

export function DeviceFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['devices', 'validation']);
  const [form] = Form.useForm<DeviceBody>();
  const navigate = useNavigate();
  const customerId = Form.useWatch('customer_id', form);
  const options = useDeviceOptions(customerId);

  const existing = useQuery({
    queryKey: deviceKeys.one(id ?? ''),
    queryFn: () => fetchDevice(id ?? ''),
    enabled: !!id,
  });
  useEffect(() => {
    if (existing.data) form.setFieldsValue(valuesOf(existing.data));
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    save: (body: DeviceBody) => (id ? updateDevice(id, body) : createDevice(body)),
    invalidate: deviceKeys.all,
    back: (device) => `/devices/${device.id}/details`,
  });

  if (id && !existing.data) return <QueryState query={existing} back="/devices" />;
  return (
    <Form<DeviceBody>
      form={form}
      layout="vertical"
      initialValues={NEW_DEVICE}
      onFinish={(values) => save.mutate(cleaned({ ...NEW_DEVICE, ...values }))}
      onValuesChange={(changed) => {
        // The vehicle, group, case and SIM belong to the customer: another customer, other choices.
        if ('customer_id' in changed)
          form.setFieldsValue({ vehicle_id: null, group_id: null, kitting_id: null, sim_id: null });
      }}
      scrollToFirstError
    >
      <Card size="small" style={{ marginBottom: 16 }}>
        <CustomerField
          form={form}
          requiredKey="customerRequired"
          label={t('fields.customer_id')}
          style={{ marginBottom: 0 }}
        />
      </Card>
      <DeviceFields options={options.data} deviceId={existing.data?.device_id} />
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate(id ? `/devices/${id}/details` : '/devices')}>
          {t('actions.cancel')}
        </Button>
      </Space>
    </Form>
  );
}
