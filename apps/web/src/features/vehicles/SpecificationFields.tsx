// The vehicle form's manufacturer, model and specification. Choosing a model copies its
// specification into the vehicle (each value stays editable): the vehicle master is the
// catalogue, the vehicle records what is actually on site.
import {
  RATED_OUTPUT_UNITS,
  VEHICLE_MEASURES,
  type VehicleBody,
  type VehicleModel,
} from '@fleetlens/contracts';
import { Form, type FormInstance, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Cell, FormGrid } from '../../shell/forms/FormSection';
import type { FieldRules } from '../../shell/forms/fieldRules';
import { PickItem } from '../../shell/forms/PickItem';
import { TextItem } from '../../shell/forms/TextItem';
import { useManufacturerOptions } from '../manufacturers/api';
import { useVehicleModels } from '../vehicle-models/api';
import { MeasureItem, PowerTypeItem } from '../vehicle-models/MeasureInput';

/** The measures in one grid; the rated output, with its unit, stands on its own. */
const MEASURES = VEHICLE_MEASURES.filter((m) => m !== 'rated_output');
const MEASURE_SPAN = { xs: 24, sm: 12, md: 8 };

/** What a vehicle takes over from its model. */
export const fromModel = (m: VehicleModel) => ({
  manufacturer_id: m.manufacturer.id,
  series: m.series_name,
  power_type: m.power_type,
  structure: m.structure,
  engine_type: m.engine_model,
  weight_kg: m.body_weight_kg,
  fork_length_mm: m.fork_length_mm,
  standard_lift_mm: m.standard_lift_mm,
  maximum_lift_mm: m.maximum_lift_mm,
  battery_voltage_v: m.battery_voltage_v,
  battery_capacity_ah: m.battery_capacity_ah,
  fuel_capacity_l: m.fuel_tank_l,
});

export type SpecificationFieldsProps = {
  form: FormInstance;
  /** The vehicle's rules (the form's useFieldRules of the vehicle schema). */
  fields: FieldRules<keyof VehicleBody & string>;
  customerId?: string | undefined;
};

export function SpecificationFields({ form, fields, customerId }: SpecificationFieldsProps) {
  const { t } = useTranslation('vehicles');
  const text = (name: 'series' | 'structure' | 'engine_type') => (
    <TextItem fields={fields} name={name} span="third" />
  );
  const manufacturerId = Form.useWatch('manufacturer_id', form) as string | undefined;
  const vendors = useManufacturerOptions(customerId, !!customerId);
  const models = useVehicleModels({ customerId, manufacturerId }, !!customerId);
  const pickModel = (modelId?: string) => {
    const model = models.find((m) => m.id === modelId);
    if (model) form.setFieldsValue(fromModel(model));
  };
  return (
    <FormGrid>
      <Cell span="full">
        <Typography.Paragraph type="secondary">{t('vehicles.copyFromModel')}</Typography.Paragraph>
      </Cell>
      <PickItem
        name="manufacturer_id"
        label={t('fields.manufacturer')}
        none=""
        options={vendors}
        onChange={() => form.setFieldValue('model_id', null)}
      />
      <PickItem
        name="model_id"
        label={t('fields.model')}
        none=""
        options={models.map((m) => ({ value: m.id, label: m.name }))}
        onChange={pickModel}
      />
      {text('series')}
      <PowerTypeItem span="third" />
      {text('structure')}
      {text('engine_type')}
      {MEASURES.map((m) => (
        <MeasureItem name={m} span={MEASURE_SPAN} key={m} />
      ))}
      <Cell span={MEASURE_SPAN}>
        <Form.Item label={t('fields.rated_output')}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="rated_output" noStyle rules={fields.rules('rated_output')}>
              <InputNumber style={{ width: '70%' }} aria-label={t('fields.rated_output')} />
            </Form.Item>
            <Form.Item name="rated_output_unit" noStyle>
              <Select
                style={{ width: '30%' }}
                aria-label={t('fields.rated_output_unit')}
                options={RATED_OUTPUT_UNITS.map((u) => ({ value: u, label: t(`ratedOutputUnits.${u}`) }))}
              />
            </Form.Item>
          </Space.Compact>
        </Form.Item>
      </Cell>
    </FormGrid>
  );
}
