// The field items beside TextItem and PickItem: any control (FieldItem), a number, a switch, a
// choice among fixed values and a day. Each takes its cell in a section's grid (FormSection) and
// its label from its name (FieldLabels) unless given one; the caller gives the rules, read from
// the contracts (useFieldRules). A number takes no min or max (see fieldRules).
import {
  DatePicker,
  Form,
  type FormItemProps,
  InputNumber,
  type InputNumberProps,
  Select,
  Switch,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ReactNode } from 'react';
import { InCell, type Span, useLabel, useValueLabels } from './FormSection';

export type FieldItemProps = Omit<FormItemProps, 'label' | 'children'> & {
  /** Its name's label (FieldLabels) when not given. */
  label?: ReactNode;
  span?: Span | undefined;
  children: ReactNode;
};

/** A form item in its cell, labelled by its name: for a control no other item is. */
export function FieldItem({ span, label, children, ...item }: FieldItemProps) {
  const text = useLabel(item.name, label);
  return (
    <InCell span={span}>
      <Form.Item label={text} {...item}>
        {children}
      </Form.Item>
    </InCell>
  );
}

type ItemProps = Omit<FieldItemProps, 'children'>;

export type NumberItemProps = ItemProps &
  Pick<InputNumberProps, 'precision' | 'step' | 'addonAfter' | 'suffix' | 'aria-label'> & {
    /** The input fills its cell. */
    block?: boolean;
  };

export function NumberItem({ precision, step, addonAfter, suffix, block, ...item }: NumberItemProps) {
  const input = { precision, step, addonAfter, suffix, 'aria-label': item['aria-label'] };
  return (
    <FieldItem {...item}>
      <InputNumber style={block ? { width: '100%' } : undefined} {...input} />
    </FieldItem>
  );
}

export type SwitchItemProps = ItemProps & { disabled?: boolean };

export function SwitchItem({ disabled, ...item }: SwitchItemProps) {
  return (
    <FieldItem valuePropName="checked" {...item}>
      <Switch disabled={disabled} />
    </FieldItem>
  );
}

export type ChoiceItemProps<V extends string> = ItemProps & {
  values: readonly V[];
  /** The group of the values' names in the FieldLabels namespace (`<labels>.<value>`). */
  labels?: string;
  /** The translated name of a value, where it is not `<labels>.<value>`. */
  labelOf?: (value: V) => string;
  /** The choice may be cleared (not said). */
  allowClear?: boolean;
};

export function ChoiceItem<V extends string>({
  values,
  labels,
  labelOf,
  allowClear,
  ...item
}: ChoiceItemProps<V>) {
  const nameOf = useValueLabels(labels, labelOf);
  return (
    <FieldItem {...item}>
      <Select allowClear={allowClear} options={values.map((value) => ({ value, label: nameOf(value) }))} />
    </FieldItem>
  );
}

/** A day picked in a calendar, held as the YYYY-MM-DD text the contracts take ('' for none). */
export function DateItem(item: ItemProps) {
  return (
    <FieldItem
      getValueProps={(value?: string) => ({ value: value ? dayjs(value) : null })}
      normalize={(day: Dayjs | null) => (day ? day.format('YYYY-MM-DD') : '')}
      {...item}
    >
      <DatePicker style={{ width: '100%' }} />
    </FieldItem>
  );
}
