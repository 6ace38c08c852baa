// /devices/new and /devices/:id/edit: every field of the device (domain spec §3).
import {
  type Device,
  type DeviceBody,
  deviceBodySchema,
  deviceResource,
  listAddress,
  recordAddress,
} from '@fleetlens/contracts';
import { Card, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage, useEditedRecord } from '../../shell/forms/EditPage';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { CustomerField } from '../customers/CustomerField';
import { createDevice, deviceKeys, fetchDevice, updateDevice, useDeviceOptions } from './api';
import { DeviceFields } from './DeviceFields';
import { cleaned, NEW_DEVICE, valuesOf } from './formValues';

export function DeviceFormPage() {
  const { id, form, record } = useEditedRecord<DeviceBody, Device>(deviceKeys, fetchDevice, 'devices');
  const { t } = useTranslation('devices');
  const fields = useFieldRules(deviceBodySchema.shape);
  const customerId = Form.useWatch('customer_id', form);
  const options = useDeviceOptions(customerId);
  return (
    <EditPage<DeviceBody, Device, Device>
      {...record}
      toValues={valuesOf}
      initialValues={NEW_DEVICE}
      save={(values) => {
        const body = cleaned({ ...NEW_DEVICE, ...values });
        return id ? updateDevice(id, body) : createDevice(body);
      }}
      back={(device) => recordAddress(deviceResource, 'detail', device.id)}
      cancelTo={id ? recordAddress(deviceResource, 'detail', id) : listAddress(deviceResource)}
      onValuesChange={(changed) => {
        // The vehicle, group, case and SIM belong to the customer: another customer, other choices.
        if ('customer_id' in changed)
          form.setFieldsValue({ vehicle_id: null, group_id: null, kitting_id: null, sim_id: null });
      }}
    >
      {(device) => (
        <>
          <Card size="small" style={{ marginBottom: 16 }}>
            <CustomerField
              form={form}
              rules={fields.rules('customer_id')}
              label={t('fields.customer_id')}
              style={{ marginBottom: 0 }}
            />
          </Card>
          <DeviceFields options={options.data} deviceId={device?.device_id} />
        </>
      )}
    </EditPage>
  );
}
