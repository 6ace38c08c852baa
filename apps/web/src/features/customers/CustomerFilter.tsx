// The customer filter above a list: staff see many companies, a customer's user may see sub
// companies. With one company to see there is nothing to choose, so it is not shown.
import { useTranslation } from 'react-i18next';
import { ListFilter } from '../../shell/lists/ListFilter';
import { useCompanies } from './api';

export type CustomerFilterProps = {
  onChange: (customerId: string | undefined) => void;
  /** The list's own word for the customer, where it differs. */
  label?: string;
  /** The list's customer now (its address's, after a reload). */
  value?: string | undefined;
};

export function CustomerFilter({ onChange, label, value }: CustomerFilterProps) {
  const { t } = useTranslation('customers');
  const companies = useCompanies();
  if (companies.list.length < 2) return null;
  const text = label ?? t('customer');
  return (
    <ListFilter label={text} width={240} options={companies.options} value={value} onChange={onChange} />
  );
}
