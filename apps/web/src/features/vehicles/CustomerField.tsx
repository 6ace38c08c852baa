// The customer a vehicle registry record belongs to: chosen when it is created (the only
// company is chosen by itself), shown but fixed afterwards, since the record keeps its company.
import { Form, type FormInstance, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../customers/api';

export type CustomerFieldProps = {
  form: FormInstance;
  /** The company of an existing record: shown, not changeable. */
  fixed?: { id: string; name: string };
  /** Message key (validation namespace) when none is chosen. */
  requiredKey: string;
};

export function CustomerField({ form, fixed, requiredKey }: CustomerFieldProps) {
  const { t } = useTranslation(['vehicles', 'validation']);
  const companies = useCompanies(!fixed);
  const only = companies.list.length === 1 ? companies.list[0] : undefined;
  useEffect(() => {
    if (!fixed && only && !form.getFieldValue('customer_id')) form.setFieldValue('customer_id', only.id);
  }, [fixed, only, form]);
  if (fixed)
    return (
      <Form.Item label={t('fields.customer')}>
        <Select disabled value={fixed.id} options={[{ value: fixed.id, label: fixed.name }]} />
      </Form.Item>
    );
  return (
    <Form.Item
      name="customer_id"
      label={t('fields.customer')}
      rules={[{ required: true, message: t(`validation:${requiredKey}`) }]}
    >
      <Select showSearch optionFilterProp="label" options={companies.options} />
    </Form.Item>
  );
}
