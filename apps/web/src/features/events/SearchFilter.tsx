// A list filter over records a company may have thousands of (vehicles, operators): the picker
// asks the server for those whose name holds what the user types, a page at most, instead of
// loading them all. Empty shows everything; its label names it.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useSettledText } from '../../shell/useSettledText';

export type SearchFilterProps = {
  label: string;
  /** Names the query (with the text typed). */
  queryKey: readonly unknown[];
  search: (text: string) => Promise<{ value: string; label: string }[]>;
  value?: string;
  onChange: (value: string | undefined) => void;
  width?: number;
};

export function SearchFilter({ label, queryKey, search, value, onChange, width = 200 }: SearchFilterProps) {
  const { typed, setTyped, settled: text } = useSettledText();
  const options = useQuery({
    queryKey: [...queryKey, text],
    queryFn: () => search(text),
    placeholderData: keepPreviousData,
  });
  return (
    <Select
      allowClear
      showSearch
      filterOption={false}
      searchValue={typed}
      onSearch={setTyped}
      aria-label={label}
      placeholder={label}
      style={{ width }}
      value={value}
      options={options.data ?? []}
      onChange={(chosen?: string) => {
        setTyped('');
        onChange(chosen);
      }}
    />
  );
}
