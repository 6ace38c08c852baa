// /drivers/new and /drivers/:id/edit: every field of the operator (domain spec §3). The browser
// checks the contracts' rules with each field's own message (spec §5); what the server still
// refuses (an operator id in use, a group of another company, a random video longer than the
// company allows) shows under its field. The company is chosen once, on creation.
import {
  OPERATOR_ICONS,
  OPERATOR_MEMOS_MAX,
  OPERATOR_PHONE_PATTERN,
  type OperatorCreateBody,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, DatePicker, Form, Input, Radio, Row, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useFormSave } from '../../shell/lists/useFormSave';
import { QueryState } from '../../shell/QueryState';
import { useCompanies } from '../customers/api';
import { CustomerField } from '../customers/CustomerField';
import { createOperator, fetchOperator, operatorKeys, updateOperator, useGroupOptions } from './api';
import { OperatorFigures } from './OperatorFigures';
import { OperatorIcon } from './OperatorIcon';
import { RANDOM_VIDEO_DEFAULTS, RandomVideoFields } from './RandomVideoFields';

type Values = Omit<OperatorCreateBody, 'memos'> & { memos: (string | undefined)[] };

const DEFAULTS: Partial<Values> = { icon: 'person', group_id: null, memos: [], ...RANDOM_VIDEO_DEFAULTS };

/** A DatePicker bound to a YYYY-MM-DD text field. */
const dateField = {
  getValueProps: (value?: string) => ({ value: value ? dayjs(value) : null }),
  normalize: (value: Dayjs | null) => (value ? value.format('YYYY-MM-DD') : ''),
};

export function OperatorFormPage() {
  const { id } = useParams();
  const { t } = useTranslation(['operators', 'validation']);
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const companies = useCompanies();
  const existing = useQuery({
    queryKey: operatorKeys.one(id ?? ''),
    queryFn: () => fetchOperator(id ?? ''),
    enabled: !!id,
  });
  const chosenCompany = Form.useWatch('customer_id', form);
  const customerId = existing.data?.customer.id ?? chosenCompany;
  const groupOptions = useGroupOptions(customerId);
  const company = companies.list.find((c) => c.id === customerId);

  useEffect(() => {
    const o = existing.data;
    if (o) form.setFieldsValue({ ...o, customer_id: o.customer.id, group_id: o.group?.id ?? null });
  }, [existing.data, form]);

  const save = useFormSave({
    form,
    save: ({ customer_id, ...values }: Values) => {
      const body = { ...values, memos: values.memos.map((m) => m?.trim() ?? '').filter(Boolean) };
      return id ? updateOperator(id, body) : createOperator({ ...body, customer_id });
    },
    invalidate: operatorKeys.all,
    back: '/drivers',
  });

  if (id && !existing.data) return <QueryState query={existing} back="/drivers" />;
  const need = (key: string) => [{ required: true, whitespace: true, message: t(`validation:${key}`) }];
  const text = (name: keyof Values, key: string, max: number) => (
    <Form.Item name={name} label={t(`fields.${name}`)} rules={need(key)}>
      <Input maxLength={max} />
    </Form.Item>
  );
  const date = (name: keyof Values, key: string) => (
    <Form.Item name={name} label={t(`fields.${name}`)} rules={need(key)} {...dateField}>
      <DatePicker style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={DEFAULTS}
      onFinish={(values) => save.mutate({ ...DEFAULTS, ...values } as Values)}
      scrollToFirstError
    >
      <Card title={t('sections.operator')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <CustomerField
              form={form}
              fixed={existing.data?.customer}
              requiredKey="customerRequired"
              label={t('fields.customer')}
              onChange={() => form.setFieldValue('group_id', null)}
            />
          </Col>
          <Col xs={24} md={12}>
            {text('operator_code', 'operatorIdRequired', 32)}
          </Col>
          <Col xs={24} md={12}>
            {text('first_name', 'firstNameRequired', 50)}
          </Col>
          <Col xs={24} md={12}>
            {text('last_name', 'lastNameRequired', 50)}
          </Col>
          <Col xs={24} md={12}>
            {date('birth_date', 'birthDateRequired')}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="phone"
              label={t('fields.phone')}
              rules={[
                ...need('phoneRequired'),
                { pattern: OPERATOR_PHONE_PATTERN, message: t('validation:operatorPhone') },
              ]}
            >
              <Input maxLength={32} inputMode="tel" />
            </Form.Item>
          </Col>
          <Col xs={24}>{text('address', 'addressRequired', 200)}</Col>
          <Col xs={24} md={12}>
            <Form.Item name="group_id" label={t('fields.group')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                options={groupOptions}
                placeholder={t('noGroup')}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="icon" label={t('fields.icon')}>
              <Radio.Group
                optionType="button"
                options={OPERATOR_ICONS.map((icon) => ({
                  value: icon,
                  label: <OperatorIcon name={icon} label={t(`icons.${icon}`)} />,
                  title: t(`icons.${icon}`),
                }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('sections.license')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            {text('license_number', 'licenseNumberRequired', 32)}
          </Col>
          <Col xs={24} md={12}>
            {text('license_location', 'licenseLocationRequired', 100)}
          </Col>
          <Col xs={24} md={12}>
            {date('license_received_on', 'licenseReceivedRequired')}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="license_valid_till"
              label={t('fields.license_valid_till')}
              dependencies={['license_received_on']}
              rules={[
                ...need('licenseExpiryRequired'),
                ({ getFieldValue }) => ({
                  validator: async (_, value?: string) => {
                    const received = getFieldValue('license_received_on') as string | undefined;
                    if (value && received && value < received) throw new Error(t('validation:licenseDates'));
                  },
                }),
              ]}
              {...dateField}
            >
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card title={t('sections.memos')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {Array.from({ length: OPERATOR_MEMOS_MAX }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the four memo slots are fixed positions
            <Col xs={24} md={12} key={i}>
              <Form.Item name={['memos', i]} label={t('fields.memo', { n: i + 1 })}>
                <Input.TextArea rows={2} maxLength={500} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>
      <Card title={t('sections.randomVideo')} size="small" style={{ marginBottom: 16 }}>
        <RandomVideoFields maxSeconds={company?.random_video_max_seconds} />
      </Card>
      {existing.data && (
        <Card title={t('sections.figures')} size="small" style={{ marginBottom: 16 }}>
          <OperatorFigures operator={existing.data} />
        </Card>
      )}
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('actions.save')}
        </Button>
        <Button onClick={() => navigate('/drivers')}>{t('actions.cancel')}</Button>
      </Space>
    </Form>
  );
}
