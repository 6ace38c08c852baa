// The customer filter above a list: staff see many companies, a customer's user may see sub
// companies. With one company to see there is nothing to choose, so it is not shown.
import { useTranslation } from 'react-i18next';
import { ListFilter } from '../../shell/lists/ListFilter';
import { useCompanies } from './api';

/** A list whose parameters take the customer (usePagedList's). */
type CustomerList = { refine(next: { customer_id?: string | undefined }): void };

export type CustomerFilterProps = {
  /** The list it narrows; or `onChange`, where the choice goes elsewhere too. */
  list?: CustomerList;
  onChange?: (customerId: string | undefined) => void;
  /** The list's own word for the customer, where it differs. */
  label?: string;
  /** The list's customer now (its address's, after a reload). */
  value?: string | undefined;
};

export function CustomerFilter({ list, onChange, label, value }: CustomerFilterProps) {
  const { t } = useTranslation('customers');
  const companies = useCompanies();
  if (companies.list.length < 2) return null;
  const text = label ?? t('customer');
  return (
    <ListFilter
      label={text}
      width={240}
      options={companies.options}
      value={value}
      onChange={(customer_id) => (onChange ? onChange(customer_id) : list?.refine({ customer_id }))}
    />
  );
}
