// A field that picks one record from a list (a group, a case, a SIM, a parent company), found by
// typing part of its name; cleared for none where the record may have none.
import { Form, type FormRule, Select } from 'antd';
import type { ReactNode } from 'react';
import { InCell, type Span, useLabel } from './FormSection';

export type PickItemProps = {
  name: string;
  /** Its name's label (FieldLabels) when not given. */
  label?: ReactNode;
  options: { value: string; label: string; disabled?: boolean }[] | undefined;
  rules?: FormRule[];
  /** What an empty choice means ("None", "No group"); the choice may then be cleared. */
  none?: string;
  disabled?: boolean;
  onChange?: (value: string | undefined) => void;
  span?: Span;
};

export function PickItem({ name, label, options, rules, none, disabled, onChange, span }: PickItemProps) {
  return (
    <InCell span={span}>
      <Form.Item name={name} label={useLabel(name, label)} rules={rules}>
        <Select
          allowClear={none !== undefined}
          showSearch
          optionFilterProp="label"
          placeholder={none}
          options={options}
          disabled={disabled}
          onChange={onChange}
        />
      </Form.Item>
    </InCell>
  );
}
