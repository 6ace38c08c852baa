// The customer a record belongs to, in its form: chosen when the record is created (the only
// company is chosen by itself), shown but fixed afterwards, since the record keeps its company.
import { Form, type FormInstance, type FormRule, Select } from 'antd';
import { type CSSProperties, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { InCell, type Span } from '../../shell/forms/FormSection';
import { useCompanies } from './api';

export type CustomerFieldProps = {
  form: FormInstance;
  /** The company of an existing record: shown, not changeable. */
  fixed?: { id: string; name: string };
  /** The field's rules, from the record's schema (useFieldRules): its message when none is chosen. */
  rules: FormRule[];
  /** The form's own word for the customer, where it differs. */
  label?: string;
  /** Another company was chosen (the fields that depend on it start again). */
  onChange?: () => void;
  /** The form item's style (its margin where it stands alone in a card). */
  style?: CSSProperties;
  span?: Span;
};

export function CustomerField({ span, ...props }: CustomerFieldProps) {
  return (
    <InCell span={span}>
      <CompanyItem {...props} />
    </InCell>
  );
}

function CompanyItem({ form, fixed, rules, label, onChange, style }: Omit<CustomerFieldProps, 'span'>) {
  const { t } = useTranslation('customers');
  const companies = useCompanies(!fixed);
  const chosen = Form.useWatch('customer_id', form);
  const only = companies.list.length === 1 ? companies.list[0] : undefined;
  useEffect(() => {
    // Also after the form is reset (a dialog opened again).
    if (!fixed && only && !chosen) form.setFieldValue('customer_id', only.id);
  }, [fixed, only, chosen, form]);
  const text = label ?? t('customer');
  if (fixed)
    return (
      <Form.Item label={text} style={style}>
        <Select
          aria-label={text}
          disabled
          value={fixed.id}
          options={[{ value: fixed.id, label: fixed.name }]}
        />
      </Form.Item>
    );
  return (
    <Form.Item name="customer_id" label={text} style={style} rules={rules}>
      <Select showSearch optionFilterProp="label" options={companies.options} onChange={onChange} />
    </Form.Item>
  );
}
