// /vehicle-models/new and /vehicle-models/:id/edit: every field of the vehicle master (spec §3).
// The model belongs to its vendor's customer; a name the vendor already uses comes back from the
// server under its field.
import {
  MODEL_MEASURES,
  type VehicleModel,
  type VehicleModelBody,
  vehicleModelBodySchema,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection, type Span } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { PickItem } from '../../shell/forms/PickItem';
import { TextItem } from '../../shell/forms/TextItem';
import { fetchManufacturers, manufacturerKeys } from '../manufacturers/api';
import { createVehicleModel, updateVehicleModel, vehicleModels } from './api';
import { MeasureItem, PowerTypeItem } from './MeasureInput';

const SPECIFICATION = MODEL_MEASURES.slice(0, 8);
const BODY = MODEL_MEASURES.slice(8);
const QUARTERS = { xs: 24, sm: 12, lg: 6 };
const DEFAULTS = {
  power_type: null,
  ...Object.fromEntries(MODEL_MEASURES.map((m) => [m, null])),
} as Partial<VehicleModelBody>;
const FIELDS = Object.keys(vehicleModelBodySchema.shape) as (keyof VehicleModelBody)[];
/** The form's values as the server takes them: the contract's fields only. */
const bodyOf = (values: Partial<VehicleModelBody>) =>
  Object.fromEntries(FIELDS.map((f) => [f, values[f] ?? DEFAULTS[f]])) as VehicleModelBody;

/** An existing model may move only to another vendor of its own customer. */
function VendorPicker({ model }: { model: VehicleModel | undefined }) {
  const { t } = useTranslation('vehicles');
  const fields = useFieldRules(vehicleModelBodySchema.shape);
  const params = { order_by: 'name', customer_id: model?.customer.id } as const;
  const vendors = useQuery({
    queryKey: manufacturerKeys.list(params),
    queryFn: () => fetchManufacturers(params),
  });
  const options = (vendors.data?.list ?? []).map((m) => ({
    value: m.id,
    label: model ? m.name : `${m.name} (${m.customer.name})`,
  }));
  return (
    <PickItem
      name="manufacturer_id"
      label={t('fields.manufacturer')}
      rules={fields.rules('manufacturer_id')}
      options={options}
    />
  );
}

export function VehicleModelFormPage() {
  const { id, record } = useResourceRecord<VehicleModelBody, VehicleModel>(vehicleModels, 'vehicles');
  const { t } = useTranslation('vehicles');
  const fields = useFieldRules(vehicleModelBodySchema.shape);
  const text = (name: (typeof FIELDS)[number] & string, span?: Span, rows?: number) => (
    <TextItem fields={fields} name={name} span={span} rows={rows} />
  );
  return (
    <EditPage<VehicleModelBody, VehicleModel>
      {...record}
      toValues={(m) => ({ ...m, manufacturer_id: m.manufacturer.id }) as Partial<VehicleModelBody>}
      initialValues={DEFAULTS}
      save={(values) => (id ? updateVehicleModel(id, bodyOf(values)) : createVehicleModel(bodyOf(values)))}
    >
      {(model) => (
        <>
          <FormSection title={t('models.sections.basic')}>
            <VendorPicker model={model} />
            {text('name')}
            {text('series_name')}
            {text('model_name')}
            <PowerTypeItem span="third" />
            {text('structure', 'third')}
            {text('engine_model', 'third')}
          </FormSection>
          <FormSection title={t('models.sections.specification')}>
            {SPECIFICATION.map((m) => (
              <MeasureItem name={m} span={QUARTERS} key={m} />
            ))}
          </FormSection>
          <FormSection title={t('models.sections.body')}>
            {BODY.map((m) => (
              <MeasureItem name={m} span={QUARTERS} key={m} />
            ))}
            {text('front_tire_size', QUARTERS)}
            {text('rear_tire_size', QUARTERS)}
            {text('remarks', 'full', 3)}
          </FormSection>
        </>
      )}
    </EditPage>
  );
}
