// A picker that narrows a list: empty shows everything, its × clears it, its label names it (as
// placeholder and accessible name), and it can be searched once it offers more than a few choices.
import { Select } from 'antd';
import type { ReactNode } from 'react';

export type ListFilterOption<V extends string> = {
  value: V;
  label: ReactNode;
  /** The text searched when the label is not plain text (an icon and a word). */
  title?: string;
};

export type ListFilterProps<V extends string> = {
  label: string;
  options: ListFilterOption<V>[];
  onChange: (value: V | undefined) => void;
  /** The list parameter's value, where another filter may clear it. */
  value?: V | undefined;
  width?: number;
};

/** More choices than this and the picker can be searched. */
const SEARCH_FROM = 8;

export function ListFilter<V extends string>({
  label,
  options,
  onChange,
  value,
  width = 200,
}: ListFilterProps<V>) {
  return (
    <Select<V>
      allowClear
      showSearch={options.length > SEARCH_FROM}
      optionFilterProp={options.some((o) => o.title !== undefined) ? 'title' : 'label'}
      aria-label={label}
      placeholder={label}
      style={{ width }}
      value={value}
      options={options}
      onChange={(chosen?: V) => onChange(chosen)}
    />
  );
}
