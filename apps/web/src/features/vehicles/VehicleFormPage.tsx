// /vehicles/new and /vehicles/:id/edit: every field of the vehicle (spec §3). The browser checks
// the contracts' rules; what only the server knows (a name in use, a group of another company)
// comes back under its field. The device is the devices feature's and only shown here.
import {
  HOUR_METER_MAX,
  INSTALLATION_TYPES,
  VEHICLE_MEASURES,
  type VehicleBody,
  type VehicleUpdate,
  vehicleUpdateSchema,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useContractRule } from '../../app/contractRule';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
import { ReadOnlyField } from '../../shell/ReadOnlyField';
import { CustomerField } from '../customers/CustomerField';
import { useVehicleGroupOptions } from '../vehicle-groups/api';
import { createVehicle, fetchVehicle, updateVehicle, vehicleKeys } from './api';
import { IconPicker } from './icons/IconPicker';
import { withUnit } from './localTime';
import { SpecificationFields } from './SpecificationFields';

const FIELDS = Object.keys(vehicleUpdateSchema.shape) as (keyof VehicleUpdate)[];
/** The form's values as the server takes them: the contract's fields only. */
const bodyOf = (values: Partial<VehicleBody>) =>
  Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? DEFAULTS[f]])) as VehicleUpdate;

const DEFAULTS: Partial<VehicleBody> = {
  group_id: null,
  manufacturer_id: null,
  model_id: null,
  power_type: null,
  initial_hour_meter: 0,
  hour_meter_correction: 0,
  installation_type: 'none',
  maintenance_mode: false,
  vehicle_type: 'counter',
  icon: 'a',
  rated_output_unit: 'kw',
  ...Object.fromEntries(VEHICLE_MEASURES.map((m) => [m, null])),
};

export function VehicleFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['vehicles', 'validation']);
  const rule = useContractRule();
  const [form] = Form.useForm<VehicleBody>();
  const navigate = useNavigate();
  const existing = useQuery({
    queryKey: vehicleKeys.one(id ?? ''),
    queryFn: () => fetchVehicle(id ?? ''),
    enabled: !!id,
  });
  const vehicle = existing.data;
  const chosenCustomer = Form.useWatch('customer_id', form) as string | undefined;
  const customerId = vehicle?.customer.id ?? chosenCustomer;
  const groups = useVehicleGroupOptions(customerId, !!customerId);
  const vehicleType = Form.useWatch('vehicle_type', form);
  const icon = Form.useWatch('icon', form);

  useEffect(() => {
    if (!vehicle) return;
    form.setFieldsValue({
      ...vehicle,
      group_id: vehicle.group?.id ?? null,
      manufacturer_id: vehicle.manufacturer?.id ?? null,
      model_id: vehicle.model?.id ?? null,
    } as unknown as VehicleBody);
  }, [vehicle, form]);

  const save = useFormSave({
    form,
    save: (values: VehicleBody) =>
      id
        ? updateVehicle(id, bodyOf(values))
        : createVehicle({ customer_id: values.customer_id, ...bodyOf(values) }),
    invalidate: vehicleKeys.all,
    back: id ? `/vehicles/${id}/details` : '/vehicles',
  });
  if (id && !existing.data) return <QueryState query={existing} back="/vehicles" />;
  const hours = <InputNumber max={HOUR_METER_MAX} style={{ width: '100%' }} suffix={t('units.h')} />;

  return (
    <Form<VehicleBody>
      form={form}
      layout="vertical"
      initialValues={DEFAULTS}
      onFinish={save.mutate}
      scrollToFirstError
    >
      <Card title={t('vehicles.sections.basic')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <CustomerField form={form} fixed={vehicle?.customer} requiredKey="vehicleCustomerRequired" />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('fields.name')}
              rules={[{ required: true, whitespace: true, message: t('validation:vehicleNameRequired') }]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="introduce_date"
              label={t('fields.introduce_date')}
              rules={[{ required: true, message: t('validation:introduceDateRequired') }]}
              getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : undefined })}
              normalize={(d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="group_id" label={t('fields.group')}>
              <Select allowClear showSearch optionFilterProp="label" options={groups} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="serial_number" label={t('fields.serial_number')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="kitting_id" label={t('fields.kitting_id')}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('fields.device')} htmlFor="vehicle-device">
              <Input
                id="vehicle-device"
                disabled
                value={vehicle?.device?.device_id ?? t('vehicles.noDevice')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="maintenance_mode" label={t('fields.maintenance_mode')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="description" label={t('fields.description')}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('vehicles.sections.type')} size="small" style={{ marginBottom: 16 }}>
        <Form.Item name="vehicle_type" hidden>
          <Input />
        </Form.Item>
        <Form.Item name="icon" hidden>
          <Input />
        </Form.Item>
        <IconPicker
          type={vehicleType}
          variant={icon}
          onChange={(type, variant) => form.setFieldsValue({ vehicle_type: type, icon: variant })}
        />
      </Card>
      <Card title={t('vehicles.sections.specification')} size="small" style={{ marginBottom: 16 }}>
        <SpecificationFields form={form} customerId={customerId} />
      </Card>
      <Card title={t('vehicles.sections.hourMeter')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} sm={12} md={6}>
            <Form.Item
              name="initial_hour_meter"
              label={t('fields.initial_hour_meter')}
              rules={[rule(vehicleUpdateSchema.shape.initial_hour_meter)]}
            >
              {hours}
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} md={6}>
            <Form.Item name="hour_meter_correction" label={t('fields.hour_meter_correction')}>
              {hours}
            </Form.Item>
          </Col>
          {vehicle &&
            (['elapsed_hours', 'cumulative_uptime_hours', 'current_uptime_hours'] as const).map((f) => (
              <Col xs={24} sm={12} md={4} key={f}>
                <ReadOnlyField label={t(`fields.${f}`)} value={withUnit(vehicle[f], t('units.h'))} />
              </Col>
            ))}
        </Row>
      </Card>
      <Card title={t('vehicles.sections.installation')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={6}>
            <Form.Item name="installation_type" label={t('fields.installation_type')}>
              <Select
                options={INSTALLATION_TYPES.map((v) => ({ value: v, label: t(`installationTypes.${v}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name="key_number" label={t('fields.key_number')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="installation_location" label={t('fields.installation_location')}>
              <Input maxLength={200} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remark" label={t('fields.remark')}>
              <Input.TextArea rows={2} maxLength={2000} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate(id ? `/vehicles/${id}/details` : '/vehicles')}>
          {t('actions.cancel')}
        </Button>
      </Space>
    </Form>
  );
}
