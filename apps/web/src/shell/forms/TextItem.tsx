// A text field of a form: its rules and longest text from the contracts (useFieldRules), a
// one-line input or, with rows, a text area. Most fields of the console's forms are this.
import { Form, Input } from 'antd';
import type { ReactNode } from 'react';
import { InCell, type Span, useLabel } from './FormSection';
import type { FieldRules } from './fieldRules';

export type TextItemProps<K extends string> = {
  fields: FieldRules<K>;
  name: K;
  /** Its name's label (FieldLabels) when not given. */
  label?: ReactNode;
  /** A text area of this many rows instead of one line. */
  rows?: number | undefined;
  /** A new password: hidden as typed, never filled in by the browser. */
  password?: boolean;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'text' | 'tel' | 'numeric' | 'email';
  extra?: ReactNode;
  disabled?: boolean;
  span?: Span;
};

export function TextItem<K extends string>({
  fields,
  name,
  label,
  rows,
  password,
  extra,
  span,
  ...input
}: TextItemProps<K>) {
  const maxLength = fields.maxLength(name);
  return (
    <InCell span={span}>
      <Form.Item name={name as string} label={useLabel(name, label)} rules={fields.rules(name)} extra={extra}>
        {password ? (
          <Input.Password maxLength={maxLength} autoComplete="new-password" {...input} />
        ) : rows ? (
          <Input.TextArea rows={rows} maxLength={maxLength} {...input} />
        ) : (
          <Input maxLength={maxLength} {...input} />
        )}
      </Form.Item>
    </InCell>
  );
}
