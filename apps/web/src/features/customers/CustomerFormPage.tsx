// /customers/new and /customers/:id/edit: every field of the customer (domain spec §3). The
// browser checks the same rules as the server (contracts); whatever the server still refuses
// (an STK user in use, a loop in the company tree) shows under its field.
import {
  CUSTOMER_DOWNLOAD_TYPES,
  CUSTOMER_FLAGS,
  CUSTOMER_FUNCTIONS,
  type CustomerBody,
  customerBodySchema,
  EXTERNAL_LINK_PATTERN,
  STK_USER_PATTERN,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Switch,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useContractRule } from '../../app/contractRule';
import { useFormSave } from '../../shell/lists/useFormSave';
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

export function CustomerFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['customers', 'validation']);
  const rule = useContractRule();
  const [form] = Form.useForm<CustomerBody>();
  const navigate = useNavigate();

  const existing = useQuery({
    queryKey: customerKeys.one(id ?? ''),
    queryFn: () => fetchCustomer(id ?? ''),
    enabled: !!id,
  });
  const parents = useCompanies();

  useEffect(() => {
    const c = existing.data;
    if (!c) return;
    form.setFieldsValue({
      ...c,
      parent_id: c.parent?.id ?? null,
      document_url: c.document_url ?? '',
    } as unknown as CustomerBody);
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    save: (body: CustomerBody) => (id ? updateCustomer(id, body) : createCustomer(body)),
    invalidate: customerKeys.all,
    back: '/customers',
  });

  // Each required field names itself when missing (spec §5), as the server's contract does.
  // Blank text counts as missing. Only text gets `whitespace`: any key beside `required` makes the
  // validator check the value is a string, which a picker's or a number's value is not.
  const required = (key: string, text = true) => ({
    required: true,
    ...(text ? { whitespace: true } : {}),
    message: t(`validation:${key}`),
  });
  if (id && existing.isLoading) return <Spin />;

  return (
    <Form<CustomerBody>
      form={form}
      layout="vertical"
      initialValues={DEFAULTS}
      onFinish={(values) => save.mutate({ ...DEFAULTS, ...values })}
      scrollToFirstError
    >
      <Card title={t('sections.basic')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              label={t('fields.name')}
              rules={[
                required('customerNameRequired'),
                { max: 100, message: t('validation:tooLong', { max: 100 }) },
              ]}
            >
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="stk_user"
              label={t('fields.stk_user')}
              rules={[
                required('stkUserRequired'),
                { pattern: STK_USER_PATTERN, message: t('validation:stkUser') },
              ]}
            >
              <Input maxLength={32} autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              name="description"
              label={t('fields.description')}
              rules={[required('customerDescriptionRequired')]}
            >
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="realm" label={t('fields.realm')} rules={[required('realmRequired')]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="parent_id" label={t('fields.parent_id')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                placeholder={t('noParent')}
                options={parents.options.filter((c) => c.value !== id)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="document_url"
              label={t('fields.document_url')}
              rules={[{ pattern: EXTERNAL_LINK_PATTERN, message: t('validation:externalLink') }]}
            >
              <Input maxLength={2000} placeholder="https://" />
            </Form.Item>
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
              rules={[
                required('randomVideoMaxRequired', false),
                rule(customerBodySchema.shape.random_video_max_seconds),
              ]}
            >
              <InputNumber max={3600} addonAfter={t('units.seconds')} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate('/customers')}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
