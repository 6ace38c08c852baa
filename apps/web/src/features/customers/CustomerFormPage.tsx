// /customers/new and /customers/:id/edit: every field of the customer (domain spec §3). The
// browser checks the same rules as the server (contracts); whatever the server still refuses
// (an STK user in use, a loop in the company tree) shows under its field.
import {
  CUSTOMER_DOWNLOAD_TYPES,
  CUSTOMER_FLAGS,
  CUSTOMER_FUNCTIONS,
  type Customer,
  type CustomerBody,
  customerBodySchema,
} from '@fleetlens/contracts';
import { Card, Checkbox, Col, Form, InputNumber, Row, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditPage } from '../../shell/forms/EditPage';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { PickItem } from '../../shell/forms/PickItem';
import { TextItem } from '../../shell/forms/TextItem';
import { createCustomer, customerKeys, fetchCustomer, updateCustomer, useCompanies } from './api';

const DEFAULTS: Partial<CustomerBody> = {
  realm: 'fleet',
  enabled: true,
  parent_id: null,
  functions: [],
  download_types: [],
  random_video_max_seconds: 60,
  ...Object.fromEntries(CUSTOMER_FLAGS.map((f) => [f, false])),
};

// The answer lists functions and download types as plain strings; the body, as the known ones.
const toValues = (c: Customer) =>
  ({ ...c, parent_id: c.parent?.id ?? null, document_url: c.document_url ?? '' }) as Partial<CustomerBody>;

export function CustomerFormPage() {
  const { id } = useParams();
  const { t } = useTranslation('customers');
  const fields = useFieldRules(customerBodySchema.shape);
  const parents = useCompanies();

  return (
    <EditPage<CustomerBody, Customer>
      load={id ? { queryKey: customerKeys.one(id), queryFn: () => fetchCustomer(id) } : undefined}
      toValues={toValues}
      initialValues={DEFAULTS}
      save={(values) => {
        const body = { ...DEFAULTS, ...values };
        return id ? updateCustomer(id, body) : createCustomer(body);
      }}
      invalidate={customerKeys.all}
      back="/customers"
    >
      <Card title={t('sections.basic')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <TextItem fields={fields} name="name" label={t('fields.name')} />
          </Col>
          <Col xs={24} md={12}>
            <TextItem fields={fields} name="stk_user" label={t('fields.stk_user')} autoComplete="off" />
          </Col>
          <Col xs={24}>
            <TextItem fields={fields} name="description" label={t('fields.description')} rows={2} />
          </Col>
          <Col xs={24} md={12}>
            <TextItem fields={fields} name="realm" label={t('fields.realm')} />
          </Col>
          <Col xs={24} md={12}>
            <PickItem
              name="parent_id"
              label={t('fields.parent_id')}
              none={t('noParent')}
              options={parents.options.filter((c) => c.value !== id)}
            />
          </Col>
          <Col xs={24} md={12}>
            <TextItem
              fields={fields}
              name="document_url"
              label={t('fields.document_url')}
              placeholder="https://"
            />
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="enabled" label={t('fields.enabled')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('fields.functions')} size="small" style={{ marginBottom: 16 }}>
        <Form.Item name="functions" noStyle>
          <Checkbox.Group
            options={CUSTOMER_FUNCTIONS.map((f) => ({ value: f, label: t(`functions.${f}`) }))}
          />
        </Form.Item>
      </Card>
      <Card title={t('fields.download_types')} size="small" style={{ marginBottom: 16 }}>
        <Form.Item name="download_types" noStyle>
          <Checkbox.Group
            options={CUSTOMER_DOWNLOAD_TYPES.map((d) => ({ value: d, label: t(`downloadTypes.${d}`) }))}
          />
        </Form.Item>
      </Card>
      <Card title={t('sections.other')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {CUSTOMER_FLAGS.map((flag) => (
            <Col xs={24} md={12} lg={8} key={flag}>
              <Form.Item name={flag} label={t(`flags.${flag}`)} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={12} lg={8}>
            <Form.Item
              name="random_video_max_seconds"
              label={t('fields.random_video_max_seconds')}
              rules={fields.rules('random_video_max_seconds', { required: 'randomVideoMaxRequired' })}
            >
              <InputNumber addonAfter={t('units.seconds')} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
    </EditPage>
  );
}
