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
import { Card, Col, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditPage } from '../../shell/forms/EditPage';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { TextItem } from '../../shell/forms/TextItem';
import { fetchManufacturers, manufacturerKeys } from '../manufacturers/api';
import { MeasureItem, PowerTypeItem } from '../vehicles/MeasureInput';
import { createVehicleModel, fetchVehicleModel, updateVehicleModel, vehicleModelKeys } from './api';

const SPECIFICATION = MODEL_MEASURES.slice(0, 8);
const BODY = MODEL_MEASURES.slice(8);
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
    <Form.Item
      name="manufacturer_id"
      label={t('fields.manufacturer')}
      rules={fields.rules('manufacturer_id')}
    >
      <Select showSearch optionFilterProp="label" options={options} />
    </Form.Item>
  );
}

export function VehicleModelFormPage() {
  const { id } = useParams();
  const { t } = useTranslation('vehicles');
  const fields = useFieldRules(vehicleModelBodySchema.shape);
  const text = (name: (typeof FIELDS)[number] & string, rows?: number) => (
    <TextItem fields={fields} name={name} label={t(`fields.${name}`)} rows={rows} />
  );
  return (
    <EditPage<VehicleModelBody, VehicleModel>
      load={id ? { queryKey: vehicleModelKeys.one(id), queryFn: () => fetchVehicleModel(id) } : undefined}
      toValues={(m) => ({ ...m, manufacturer_id: m.manufacturer.id }) as Partial<VehicleModelBody>}
      initialValues={DEFAULTS}
      save={(values) => (id ? updateVehicleModel(id, bodyOf(values)) : createVehicleModel(bodyOf(values)))}
      invalidate={vehicleModelKeys.all}
      back="/vehicle-models"
    >
      {(model) => (
        <>
          <Card title={t('models.sections.basic')} size="small" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <VendorPicker model={model} />
              </Col>
              {(['name', 'series_name', 'model_name'] as const).map((name) => (
                <Col xs={24} md={12} key={name}>
                  {text(name)}
                </Col>
              ))}
              {(['power_type', 'structure', 'engine_model'] as const).map((name) => (
                <Col xs={24} md={8} key={name}>
                  {name === 'power_type' ? <PowerTypeItem /> : text(name)}
                </Col>
              ))}
            </Row>
          </Card>
          <Card title={t('models.sections.specification')} size="small" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              {SPECIFICATION.map((m) => (
                <Col xs={24} sm={12} lg={6} key={m}>
                  <MeasureItem name={m} />
                </Col>
              ))}
            </Row>
          </Card>
          <Card title={t('models.sections.body')} size="small" style={{ marginBottom: 16 }}>
            <Row gutter={16}>
              {BODY.map((m) => (
                <Col xs={24} sm={12} lg={6} key={m}>
                  <MeasureItem name={m} />
                </Col>
              ))}
              {(['front_tire_size', 'rear_tire_size'] as const).map((name) => (
                <Col xs={24} sm={12} lg={6} key={name}>
                  {text(name)}
                </Col>
              ))}
              <Col xs={24}>{text('remarks', 3)}</Col>
            </Row>
          </Card>
        </>
      )}
    </EditPage>
  );
}
