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
import { Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { EditPage, useResourceRecord } from '../../shell/forms/EditPage';
import { FormSection } from '../../shell/forms/FormSection';
import { useFieldRules } from '../../shell/forms/fieldRules';
import { NumberItem, SwitchItem } from '../../shell/forms/items';
import { PickItem } from '../../shell/forms/PickItem';
import { TextItem } from '../../shell/forms/TextItem';
import { createCustomer, customers, updateCustomer, useCompanies } from './api';

const DEFAULTS: Partial<CustomerBody> = {
  realm: 'fleet',
  enabled: true,
  parent_id: null,
  functions: [],
  download_types: [],
  random_video_max_seconds: 60,
  ...Object.fromEntries(CUSTOMER_FLAGS.map((f) => [f, false])),
};

const THIRDS = { xs: 24, md: 12, lg: 8 };
/** The customer's lists of ticks: field, values, translation group. */
const CHOICES = [
  ['functions', CUSTOMER_FUNCTIONS, 'functions'],
  ['download_types', CUSTOMER_DOWNLOAD_TYPES, 'downloadTypes'],
] as const;

// The answer lists functions and download types as plain strings; the body, as the known ones.
const toValues = (c: Customer) =>
  ({ ...c, parent_id: c.parent?.id ?? null, document_url: c.document_url ?? '' }) as Partial<CustomerBody>;

export function CustomerFormPage() {
  const { id, record } = useResourceRecord<CustomerBody, Customer>(customers, 'customers');
  const { t } = useTranslation('customers');
  const fields = useFieldRules(customerBodySchema.shape);
  const parents = useCompanies();

  return (
    <EditPage<CustomerBody, Customer>
      {...record}
      toValues={toValues}
      initialValues={DEFAULTS}
      save={(values) => {
        const body = { ...DEFAULTS, ...values };
        return id ? updateCustomer(id, body) : createCustomer(body);
      }}
    >
      <FormSection title={t('sections.basic')}>
        <TextItem fields={fields} name="name" />
        <TextItem fields={fields} name="stk_user" autoComplete="off" />
        <TextItem fields={fields} name="description" rows={2} span="full" />
        <TextItem fields={fields} name="realm" />
        <PickItem
          name="parent_id"
          label={t('fields.parent_id')}
          none={t('noParent')}
          options={parents.options.filter((c) => c.value !== id)}
        />
        <TextItem fields={fields} name="document_url" placeholder="https://" />
        <SwitchItem name="enabled" />
      </FormSection>
      {CHOICES.map(([name, values, labels]) => (
        <FormSection title={t(`fields.${name}`)} grid={false} key={name}>
          <Form.Item name={name} noStyle>
            <Checkbox.Group options={values.map((v) => ({ value: v, label: t(`${labels}.${v}`) }))} />
          </Form.Item>
        </FormSection>
      ))}
      <FormSection title={t('sections.other')}>
        {CUSTOMER_FLAGS.map((flag) => (
          <SwitchItem name={flag} label={t(`flags.${flag}`)} span={THIRDS} key={flag} />
        ))}
        <NumberItem
          name="random_video_max_seconds"
          rules={fields.rules('random_video_max_seconds', { required: 'randomVideoMaxRequired' })}
          addonAfter={t('units.seconds')}
          span={THIRDS}
        />
      </FormSection>
    </EditPage>
  );
}
