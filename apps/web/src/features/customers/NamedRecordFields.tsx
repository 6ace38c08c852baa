// The fields of a record that is a company's named thing (a vendor, a vehicle group, an operator
// group, a role): its company (fixed once created), name and description, with the rules of the
// record's schema. The labels are the form's `fields.name` and `fields.description` (FieldLabels)
// unless given.
import { Form } from 'antd';
import type { FieldRules } from '../../shell/forms/fieldRules';
import { TextItem } from '../../shell/forms/TextItem';
import { CustomerField } from './CustomerField';

export type NamedRecordFieldsProps = {
  fields: FieldRules<'customer_id' | 'name' | 'description'>;
  /** The company of an existing record. */
  fixed?: { id: string; name: string } | undefined;
  labels?: { customer?: string; name?: string; description?: string };
  /** Rows of the description. */
  rows?: number;
};

export function NamedRecordFields({ fields, fixed, labels = {}, rows = 3 }: NamedRecordFieldsProps) {
  const form = Form.useFormInstance();
  return (
    <>
      <CustomerField form={form} fixed={fixed} rules={fields.rules('customer_id')} label={labels.customer} />
      <TextItem fields={fields} name="name" label={labels.name} />
      <TextItem fields={fields} name="description" label={labels.description} rows={rows} />
    </>
  );
}
