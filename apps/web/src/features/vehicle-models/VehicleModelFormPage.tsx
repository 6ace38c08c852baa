// /vehicle-models/new and /vehicle-models/:id/edit: every field of the vehicle master (spec §3).
// The model belongs to its vendor's customer; a name the vendor already uses comes back from the
// server under its field.
import {
  MODEL_MEASURES,
  POWER_TYPES,
  type VehicleModelBody,
  vehicleModelBodySchema,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, Input, Row, Select, Space } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
import { fetchManufacturers, manufacturerKeys } from '../manufacturers/api';
import { MeasureItem } from '../vehicles/MeasureInput';
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

export function VehicleModelFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['vehicles', 'validation']);
  const [form] = Form.useForm<VehicleModelBody>();
  const navigate = useNavigate();
  const existing = useQuery({
    queryKey: vehicleModelKeys.one(id ?? ''),
    queryFn: () => fetchVehicleModel(id ?? ''),
    enabled: !!id,
  });
  // An existing model may move only to another vendor of its own customer.
  const vendorParams = { order_by: 'name', customer_id: existing.data?.customer.id } as const;
  const vendors = useQuery({
    queryKey: manufacturerKeys.list(vendorParams),
    queryFn: () => fetchManufacturers(vendorParams),
    enabled: !id || !!existing.data,
  });
  const vendorOptions = (vendors.data?.list ?? []).map((m) => ({
    value: m.id,
    label: id ? m.name : `${m.name} (${m.customer.name})`,
  }));
  useEffect(() => {
    const m = existing.data;
    if (m) form.setFieldsValue({ ...m, manufacturer_id: m.manufacturer.id } as unknown as VehicleModelBody);
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    save: (body: VehicleModelBody) => (id ? updateVehicleModel(id, body) : createVehicleModel(body)),
    invalidate: vehicleModelKeys.all,
    back: '/vehicle-models',
  });
  if (id && !existing.data) return <QueryState query={existing} back="/vehicle-models" />;
  const required = (key: string) => [{ required: true, whitespace: true, message: t(`validation:${key}`) }];

  return (
    <Form<VehicleModelBody>
      form={form}
      layout="vertical"
      initialValues={DEFAULTS}
      onFinish={(values) => save.mutate(bodyOf(values))}
      scrollToFirstError
    >
      <Card title={t('models.sections.basic')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="manufacturer_id"
              label={t('fields.manufacturer')}
              rules={required('vendorRequired')}
            >
              <Select showSearch optionFilterProp="label" options={vendorOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('fields.name')} rules={required('vehicleModelNameRequired')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="series_name"
              label={t('fields.series_name')}
              rules={required('seriesNameRequired')}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="model_name" label={t('fields.model_name')} rules={required('modelNameRequired')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="power_type" label={t('fields.power_type')}>
              <Select
                allowClear
                options={POWER_TYPES.map((p) => ({ value: p, label: t(`powerTypes.${p}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="structure" label={t('fields.structure')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="engine_model" label={t('fields.engine_model')}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
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
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="front_tire_size" label={t('fields.front_tire_size')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12} lg={6}>
            <Form.Item name="rear_tire_size" label={t('fields.rear_tire_size')}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="remarks" label={t('fields.remarks')}>
              <Input.TextArea rows={3} maxLength={2000} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate('/vehicle-models')}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
