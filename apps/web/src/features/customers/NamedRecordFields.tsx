// The fields of a record that is a company's named thing (a vendor, a vehicle group, an operator
// group, a role): its company (fixed once created), name and description, with the rules of the
// record's schema.
import type { FormInstance } from 'antd';
import type { FieldRules } from '../../shell/forms/fieldRules';
import { TextItem } from '../../shell/forms/TextItem';
import { CustomerField } from './CustomerField';

export type NamedRecordFieldsProps = {
  form: FormInstance;
  fields: FieldRules<'customer_id' | 'name' | 'description'>;
  /** The company of an existing record. */
  fixed?: { id: string; name: string } | undefined;
  labels: { customer?: string; name: string; description: string };
  /** Rows of the description. */
  rows?: number;
};

export function NamedRecordFields({ form, fields, fixed, labels, rows = 3 }: NamedRecordFieldsProps) {
  return (
    <>
      <CustomerField form={form} fixed={fixed} rules={fields.rules('customer_id')} label={labels.customer} />
      <TextItem fields={fields} name="name" label={labels.name} />
      <TextItem fields={fields} name="description" label={labels.description} rows={rows} />
    </>
  );
}
