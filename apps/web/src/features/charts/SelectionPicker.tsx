// Several vehicles, groups or operators chosen by name (a chart's selection, a report's).
import { Select } from 'antd';
import type { Span } from '../../shell/forms/FormSection';
import { FieldItem } from '../../shell/forms/items';

export type SelectionPickerProps = {
  name: string;
  options: { value: string; label: string }[];
  extra?: string;
  span?: Span;
};

export function SelectionPicker({ name, options, extra, span = 'full' }: SelectionPickerProps) {
  return (
    <FieldItem name={name} span={span} extra={extra}>
      <Select mode="multiple" allowClear showSearch optionFilterProp="label" options={options} />
    </FieldItem>
  );
}
