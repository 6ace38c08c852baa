// /vehicles/new and /vehicles/:id/edit: every field of the vehicle (spec §3). The browser checks
// the contracts' rules; what only the server knows (a name in use, a group of another company)
// comes back under its field. The device is the devices feature's and only shown here.
import {
  INSTALLATION_TYPES,
  listAddress,
  recordAddress,
  VEHICLE_MEASURES,
  type Vehicle,
  type VehicleBody,
  type VehicleUpdate,
  vehicleBodySchema,
  vehicleResource,
  vehicleUpdateSchema,
} from '@fleetlens/contracts';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { withUnit } from '../../kernel/format';
import { EditPage, useEditedRecord } from '../../shell/forms/EditPage';
import { Cell, FormSection, type Span } from '../../shell/forms/FormSection';
import { type FieldRules, useFieldRules } from '../../shell/forms/fieldRules';
import { ChoiceItem, DateItem, FieldItem, NumberItem, SwitchItem } from '../../shell/forms/items';
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
  const { id, form, record } = useEditedRecord<VehicleBody, Vehicle>(vehicleKeys, fetchVehicle, 'vehicles');
  const fields = useFieldRules(vehicleBodySchema.shape);
  const back = id ? recordAddress(vehicleResource, 'detail', id) : listAddress(vehicleResource);
  return (
    <EditPage<VehicleBody, Vehicle>
      {...record}
      toValues={toValues}
      initialValues={DEFAULTS}
      save={(values) =>
        id
          ? updateVehicle(id, bodyOf(values))
          : createVehicle({ customer_id: values.customer_id, ...bodyOf(values) })
      }
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
  const text = (name: VehicleField, span?: Span, rows?: number) => (
    <TextItem fields={fields} name={name} span={span} rows={rows} />
  );
  const hours = (name: 'initial_hour_meter' | 'hour_meter_correction') => (
    <NumberItem
      name={name}
      rules={fields.rules(name)}
      block
      suffix={t('units.h')}
      span={{ xs: 24, sm: 12, md: 6 }}
    />
  );
  return (
    <>
      <FormSection title={t('vehicles.sections.basic')}>
        <CustomerField form={form} fixed={vehicle?.customer} rules={fields.rules('customer_id')} />
        {text('name')}
        <DateItem name="introduce_date" rules={fields.required('introduce_date')} span="third" />
        <PickItem name="group_id" label={t('fields.group')} options={groups} none="" span="third" />
        {text('serial_number', 'third')}
        {text('kitting_id', 'third')}
        <FieldItem label={t('fields.device')} htmlFor="vehicle-device" span="third">
          <Input id="vehicle-device" disabled value={vehicle?.device?.device_id ?? t('vehicles.noDevice')} />
        </FieldItem>
        <SwitchItem name="maintenance_mode" span="third" />
        {text('description', 'full', 2)}
      </FormSection>
      <FormSection title={t('vehicles.sections.type')} grid={false}>
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
      </FormSection>
      <FormSection title={t('vehicles.sections.specification')} grid={false}>
        <SpecificationFields form={form} fields={fields} customerId={customerId} />
      </FormSection>
      <FormSection title={t('vehicles.sections.hourMeter')}>
        {hours('initial_hour_meter')}
        {hours('hour_meter_correction')}
        {vehicle &&
          (['elapsed_hours', 'cumulative_uptime_hours', 'current_uptime_hours'] as const).map((f) => (
            <Cell span={{ xs: 24, sm: 12, md: 4 }} key={f}>
              <ReadOnlyField label={t(`fields.${f}`)} value={withUnit(vehicle[f], t('units.h'))} />
            </Cell>
          ))}
      </FormSection>
      <FormSection title={t('vehicles.sections.installation')}>
        <ChoiceItem
          name="installation_type"
          values={INSTALLATION_TYPES}
          labels="installationTypes"
          span="quarter"
        />
        {text('key_number', 'quarter')}
        {text('installation_location')}
        {text('remark', 'full', 2)}
      </FormSection>
    </>
  );
}
