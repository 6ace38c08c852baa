// The customer filter above a registry list (staff see many companies; a customer's user may
// see sub companies).
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../customers/api';

export function CustomerFilter({ onChange }: { onChange: (customerId: string | undefined) => void }) {
  const { t } = useTranslation('vehicles');
  const companies = useCompanies();
  if (companies.list.length < 2) return null;
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      aria-label={t('fields.customer')}
      placeholder={t('fields.customer')}
      style={{ width: 240 }}
      options={companies.options}
      onChange={onChange}
    />
  );
}
