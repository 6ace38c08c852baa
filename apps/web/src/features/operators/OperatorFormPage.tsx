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
import { Form, Input, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { DateItem, FieldItem } from '../../shell/forms/items';
import { PickItem } from '../../shell/forms/PickItem';
import { TextItem } from '../../shell/forms/TextItem';
import { useCompanies } from '../customers/api';
import { CustomerField } from '../customers/CustomerField';
import { createOperator, operators, updateOperator, useGroupOptions } from './api';
import { OperatorFigures } from './OperatorFigures';
import { OperatorIcon } from './OperatorIcon';
import { RANDOM_VIDEO_DEFAULTS, RandomVideoFields } from './RandomVideoFields';

type Values = Omit<OperatorCreateBody, 'memos'> & { memos: (string | undefined)[] };

const DEFAULTS: Partial<Values> = { icon: 'person', group_id: null, memos: [], ...RANDOM_VIDEO_DEFAULTS };

// The rules of one memo slot (the form shows the list as fixed slots).
const MEMO = { memo: operatorCreateSchema.shape.memos.unwrap().element };

export function OperatorFormPage() {
  const { id, form, record } = useResourceRecord<Values, Operator>(operators, 'operators');
  return (
    <EditPage<Values, Operator>
      {...record}
      toValues={(o) => ({ ...o, customer_id: o.customer.id, group_id: o.group?.id ?? null })}
      initialValues={DEFAULTS}
      save={({ customer_id, ...values }) => {
        const filled = { ...DEFAULTS, ...values } as Omit<Values, 'customer_id'>;
        const body = { ...filled, memos: filled.memos.map((m) => m?.trim() ?? '').filter(Boolean) };
        return id ? updateOperator(id, body) : createOperator({ ...body, customer_id });
      }}
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
  const text = (name: Field) => <TextItem fields={fields} name={name} />;
  const date = (name: Field) => <DateItem name={name} rules={fields.rules(name)} />;

  return (
    <>
      <FormSection title={t('sections.operator')}>
        <CustomerField
          form={form}
          fixed={operator?.customer}
          rules={fields.rules('customer_id')}
          onChange={() => form.setFieldValue('group_id', null)}
        />
        {text('operator_code')}
        {text('first_name')}
        {text('last_name')}
        {date('birth_date')}
        <TextItem fields={fields} name="phone" inputMode="tel" />
        <TextItem fields={fields} name="address" span="full" />
        <PickItem name="group_id" label={t('fields.group')} options={groupOptions} none={t('noGroup')} />
        <FieldItem name="icon">
          <Radio.Group
            optionType="button"
            options={OPERATOR_ICONS.map((icon) => ({
              value: icon,
              label: <OperatorIcon name={icon} label={t(`icons.${icon}`)} />,
              title: t(`icons.${icon}`),
            }))}
          />
        </FieldItem>
      </FormSection>
      <FormSection title={t('sections.license')}>
        {text('license_number')}
        {text('license_location')}
        {date('license_received_on')}
        <DateItem
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
        />
      </FormSection>
      <FormSection title={t('sections.memos')}>
        {Array.from({ length: OPERATOR_MEMOS_MAX }, (_, i) => (
          <FieldItem
            // biome-ignore lint/suspicious/noArrayIndexKey: the four memo slots are fixed positions
            key={i}
            name={['memos', i]}
            label={t('fields.memo', { n: i + 1 })}
            rules={memo.rules('memo')}
          >
            <Input.TextArea rows={2} maxLength={memo.maxLength('memo')} />
          </FieldItem>
        ))}
      </FormSection>
      <FormSection title={t('sections.randomVideo')} grid={false}>
        <RandomVideoFields maxSeconds={company?.random_video_max_seconds} />
      </FormSection>
      {operator && (
        <FormSection title={t('sections.figures')} grid={false}>
          <OperatorFigures operator={operator} />
        </FormSection>
      )}
    </>
  );
}
