// A text field of a form: its rules and longest text from the contracts (useFieldRules), a
// one-line input or, with rows, a text area. Most fields of the console's forms are this.
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import type { FieldRules } from './fieldRules';

export type TextItemProps<K extends string> = {
  fields: FieldRules<K>;
  name: K;
  label: ReactNode;
  /** A text area of this many rows instead of one line. */
  rows?: number;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'numeric' | 'email';
  extra?: ReactNode;
  disabled?: boolean;
};

export function TextItem<K extends string>({ fields, name, label, rows, extra, ...input }: TextItemProps<K>) {
  const maxLength = fields.maxLength(name);
  return (
    <Form.Item name={name as string} label={label} rules={fields.rules(name)} extra={extra}>
      {rows ? (
        <Input.TextArea rows={rows} maxLength={maxLength} {...input} />
      ) : (
        <Input maxLength={maxLength} {...input} />
      )}
    </Form.Item>
  );
}
