// A value a form shows but does not send (a vehicle's device, hours counted by the server): a
// disabled box under its label. A Form.Item without a `name` gives its control no id, so the
// label would name nothing; this one ties them together.
import { Form, Input } from 'antd';
import { useId } from 'react';

export type ReadOnlyFieldProps = { label: string; value: string };

export function ReadOnlyField({ label, value }: ReadOnlyFieldProps) {
  const id = useId();
  return (
    <Form.Item label={label} htmlFor={id}>
      <Input id={id} disabled value={value} />
    </Form.Item>
  );
}
