// /vehicles/new and /vehicles/:id/edit: every field of the vehicle (spec §3). The browser checks
// the contracts' rules; what only the server knows (a name in use, a group of another company)
// comes back under its field. The device is the devices feature's and only shown here.
import {
  INSTALLATION_TYPES,
  VEHICLE_MEASURES,
  type Vehicle,
  type VehicleBody,
  type VehicleUpdate,
  vehicleBodySchema,
  vehicleUpdateSchema,
} from '@fleetlens/contracts';
import { Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { withUnit } from '../../kernel/format';
import { EditPage } from '../../shell/forms/EditPage';
import { type FieldRules, useFieldRules } from '../../shell/forms/fieldRules';
import { PickItem } from '../../shell/forms/PickItem';
import { TextItem } from '../../shell/forms/TextItem';
import { ReadOnlyField } from '../../shell/ReadOnlyField';
import { CustomerField } from '../customers/CustomerField';
import { useVehicleGroupOptions } from '../vehicle-groups/api';
import { createVehicle, fetchVehicle, updateVehicle, vehicleKeys } from './api';
import { IconPicker } from './icons/IconPicker';
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

const toValues = (vehicle: Vehicle) =>
  ({
    ...vehicle,
    group_id: vehicle.group?.id ?? null,
    manufacturer_id: vehicle.manufacturer?.id ?? null,
    model_id: vehicle.model?.id ?? null,
  }) as unknown as Partial<VehicleBody>;

type VehicleField = keyof VehicleBody & string;

export function VehicleFormPage() {
  const { id } = useParams();
  const [form] = Form.useForm<VehicleBody>();
  const fields = useFieldRules(vehicleBodySchema.shape);
  const back = id ? `/vehicles/${id}/details` : '/vehicles';
  return (
    <EditPage<VehicleBody, Vehicle>
      form={form}
      load={id ? { queryKey: vehicleKeys.one(id), queryFn: () => fetchVehicle(id) } : undefined}
      toValues={toValues}
      initialValues={DEFAULTS}
      save={(values) =>
        id
          ? updateVehicle(id, bodyOf(values))
          : createVehicle({ customer_id: values.customer_id, ...bodyOf(values) })
      }
      invalidate={vehicleKeys.all}
      back={back}
    >
      {(vehicle) => <VehicleFields form={form} fields={fields} vehicle={vehicle} />}
    </EditPage>
  );
}

type VehicleFieldsProps = {
  form: ReturnType<typeof Form.useForm<VehicleBody>>[0];
  fields: FieldRules<VehicleField>;
  vehicle: Vehicle | undefined;
};

function VehicleFields({ form, fields, vehicle }: VehicleFieldsProps) {
  const { t } = useTranslation('vehicles');
  const chosenCustomer = Form.useWatch('customer_id', form) as string | undefined;
  const customerId = vehicle?.customer.id ?? chosenCustomer;
  const groups = useVehicleGroupOptions(customerId, !!customerId);
  const vehicleType = Form.useWatch('vehicle_type', form);
  const icon = Form.useWatch('icon', form);
  const text = (name: VehicleField, rows?: number) => (
    <TextItem fields={fields} name={name} label={t(`fields.${name}`)} rows={rows} />
  );
  const hours = (name: 'initial_hour_meter' | 'hour_meter_correction') => (
    <Form.Item name={name} label={t(`fields.${name}`)} rules={fields.rules(name)}>
      <InputNumber style={{ width: '100%' }} suffix={t('units.h')} />
    </Form.Item>
  );
  return (
    <>
      <Card title={t('vehicles.sections.basic')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <CustomerField form={form} fixed={vehicle?.customer} rules={fields.rules('customer_id')} />
          </Col>
          <Col xs={24} md={12}>
            {text('name')}
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="introduce_date"
              label={t('fields.introduce_date')}
              rules={fields.required('introduce_date')}
              getValueProps={(v: string | undefined) => ({ value: v ? dayjs(v) : undefined })}
              normalize={(d: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : undefined)}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <PickItem name="group_id" label={t('fields.group')} options={groups} none="" />
          </Col>
          <Col xs={24} md={8}>
            {text('serial_number')}
          </Col>
          <Col xs={24} md={8}>
            {text('kitting_id')}
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
          <Col xs={24}>{text('description', 2)}</Col>
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
        <SpecificationFields form={form} fields={fields} customerId={customerId} />
      </Card>
      <Card title={t('vehicles.sections.hourMeter')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} sm={12} md={6}>
            {hours('initial_hour_meter')}
          </Col>
          <Col xs={24} sm={12} md={6}>
            {hours('hour_meter_correction')}
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
            {text('key_number')}
          </Col>
          <Col xs={24} md={12}>
            {text('installation_location')}
          </Col>
          <Col xs={24}>{text('remark', 2)}</Col>
        </Row>
      </Card>
    </>
  );
}
