// /cases/:id/vehicles/:vehicleId/edit-register-device: registers the vehicle's device in this case
// (or changes the one it has): the case gives customer and kitting id, the route the vehicle.
import type { CaseDeviceBody } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Form, Space, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
import { useDeviceOptions } from '../devices/api';
import { DeviceFields } from '../devices/DeviceFields';
import { cleaned, NEW_DEVICE, valuesOf } from '../devices/formValues';
import { caseKeys, fetchCase, fetchVehicleDevice, registerDevice } from './api';

export function CaseRegisterDevicePage() {
  const { id = '', vehicleId = '' } = useParams();
  const { t } = useTranslation(['cases', 'devices']);
  const [form] = Form.useForm<CaseDeviceBody>();
  const navigate = useNavigate();
  const kase = useQuery({ queryKey: caseKeys.one(id), queryFn: () => fetchCase(id) });
  const current = useQuery({
    queryKey: caseKeys.vehicleDevice(id, vehicleId),
    queryFn: () => fetchVehicleDevice(id, vehicleId),
  });
  const options = useDeviceOptions(kase.data?.customer.id);
  const device = current.data?.device;

  useEffect(() => {
    if (!device) return;
    const { customer_id: _c, kitting_id: _k, vehicle_id: _v, ...values } = valuesOf(device);
    form.setFieldsValue(values);
  }, [device, form]);

  const back = `/cases/${id}/vehicles/${vehicleId}/detail-device`;
  const save = useFormSave({
    form,
    save: (body: CaseDeviceBody) => registerDevice(id, vehicleId, body),
    invalidate: caseKeys.all,
    back,
  });

  if (!kase.data || !current.data) return <QueryState query={[kase, current]} back={`/cases/${id}/detail`} />;
  return (
    <Form<CaseDeviceBody>
      form={form}
      layout="vertical"
      initialValues={NEW_DEVICE}
      onFinish={(values) => save.mutate(cleaned({ ...NEW_DEVICE, ...values }))}
      scrollToFirstError
    >
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('registerFor', { vehicle: current.data.vehicle.name, number: kase.data.case_number })}
      </Typography.Title>
      <DeviceFields
        options={options.data}
        deviceId={device?.device_id}
        hide={{ vehicle: true, kitting: true }}
      />
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('devices:actions.save')}
        </Button>
        <Button onClick={() => navigate(`/cases/${id}/detail`)}>{t('devices:actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
