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
  /** What the empty picker shows, where it is not the label ("All states"). */
  placeholder?: string;
  /** The list parameter's value, where another filter may clear it. */
  value?: V | undefined;
  width?: number;
};

/** A filter's choices: each value in its words. */
export const filterOptions = <V extends string>(values: readonly V[], words: (value: V) => string) =>
  values.map((value) => ({ value, label: words(value) }));

/** More choices than this and the picker can be searched. */
const SEARCH_FROM = 8;

export function ListFilter<V extends string>({
  label,
  options,
  onChange,
  value,
  width = 200,
  placeholder = label,
}: ListFilterProps<V>) {
  return (
    <Select<V>
      allowClear
      showSearch={options.length > SEARCH_FROM}
      optionFilterProp={options.some((o) => o.title !== undefined) ? 'title' : 'label'}
      aria-label={label}
      placeholder={placeholder}
      style={{ width }}
      value={value}
      options={options}
      onChange={(chosen?: V) => onChange(chosen)}
    />
  );
}
