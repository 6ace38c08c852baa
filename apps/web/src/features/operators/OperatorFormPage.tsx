// /drivers/new and /drivers/:id/edit: every field of the operator (domain spec §3). The browser
// checks the contracts' rules with each field's own message (spec §5); what the server still
// refuses (an operator id in use, a group of another company, a random video longer than the
// company allows) shows under its field. The company is chosen once, on creation.
import {
  OPERATOR_ICONS,
  OPERATOR_MEMOS_MAX,
  type Operator,
  type OperatorCreateBody,
  operatorCreateSchema,
} from '@fleetlens/contracts';
import { Card, Col, DatePicker, Form, Input, Radio, Row } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditPage } from '../../shell/forms/EditPage';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { PickItem } from '../../shell/forms/PickItem';
import { TextItem } from '../../shell/forms/TextItem';
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

// The rules of one memo slot (the form shows the list as fixed slots).
const MEMO = { memo: operatorCreateSchema.shape.memos.unwrap().element };

export function OperatorFormPage() {
  const { id } = useParams();
  const [form] = Form.useForm<Values>();
  return (
    <EditPage<Values, Operator>
      form={form}
      load={id ? { queryKey: operatorKeys.one(id), queryFn: () => fetchOperator(id) } : undefined}
      toValues={(o) => ({ ...o, customer_id: o.customer.id, group_id: o.group?.id ?? null })}
      initialValues={DEFAULTS}
      save={({ customer_id, ...values }) => {
        const filled = { ...DEFAULTS, ...values } as Omit<Values, 'customer_id'>;
        const body = { ...filled, memos: filled.memos.map((m) => m?.trim() ?? '').filter(Boolean) };
        return id ? updateOperator(id, body) : createOperator({ ...body, customer_id });
      }}
      invalidate={operatorKeys.all}
      back="/drivers"
    >
      {(operator) => <OperatorFields form={form} operator={operator} />}
    </EditPage>
  );
}

type OperatorFieldsProps = {
  form: ReturnType<typeof Form.useForm<Values>>[0];
  operator: Operator | undefined;
};

function OperatorFields({ form, operator }: OperatorFieldsProps) {
  const { t } = useTranslation('operators');
  const fields = useFieldRules(operatorCreateSchema.shape);
  const memo = useFieldRules(MEMO);
  const companies = useCompanies();
  const chosenCompany = Form.useWatch('customer_id', form);
  const customerId = operator?.customer.id ?? chosenCompany;
  const groupOptions = useGroupOptions(customerId);
  const company = companies.list.find((c) => c.id === customerId);
  type Field = keyof OperatorCreateBody & string;
  const text = (name: Field) => <TextItem fields={fields} name={name} label={t(`fields.${name}`)} />;
  const date = (name: Field) => (
    <Form.Item name={name} label={t(`fields.${name}`)} rules={fields.rules(name)} {...dateField}>
      <DatePicker style={{ width: '100%' }} />
    </Form.Item>
  );

  return (
    <>
      <Card title={t('sections.operator')} size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <CustomerField
              form={form}
              fixed={operator?.customer}
              rules={fields.rules('customer_id')}
              label={t('fields.customer')}
              onChange={() => form.setFieldValue('group_id', null)}
            />
          </Col>
          <Col xs={24} md={12}>
            {text('operator_code')}
          </Col>
          <Col xs={24} md={12}>
            {text('first_name')}
          </Col>
          <Col xs={24} md={12}>
            {text('last_name')}
          </Col>
          <Col xs={24} md={12}>
            {date('birth_date')}
          </Col>
          <Col xs={24} md={12}>
            <TextItem fields={fields} name="phone" label={t('fields.phone')} inputMode="tel" />
          </Col>
          <Col xs={24}>{text('address')}</Col>
          <Col xs={24} md={12}>
            <PickItem name="group_id" label={t('fields.group')} options={groupOptions} none={t('noGroup')} />
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
            {text('license_number')}
          </Col>
          <Col xs={24} md={12}>
            {text('license_location')}
          </Col>
          <Col xs={24} md={12}>
            {date('license_received_on')}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="license_valid_till"
              label={t('fields.license_valid_till')}
              dependencies={['license_received_on']}
              rules={[
                ...fields.rules('license_valid_till'),
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
              <Form.Item
                name={['memos', i]}
                label={t('fields.memo', { n: i + 1 })}
                rules={memo.rules('memo')}
              >
                <Input.TextArea rows={2} maxLength={memo.maxLength('memo')} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>
      <Card title={t('sections.randomVideo')} size="small" style={{ marginBottom: 16 }}>
        <RandomVideoFields maxSeconds={company?.random_video_max_seconds} />
      </Card>
      {operator && (
        <Card title={t('sections.figures')} size="small" style={{ marginBottom: 16 }}>
          <OperatorFigures operator={operator} />
        </Card>
      )}
    </>
  );
}
