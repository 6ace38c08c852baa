// The filters the event lists share (the events, the asked-for videos, the video history): the
// period, picked in the browser's days and sent as instants (the end exclusive), and the vehicle
// and the operator, searched on the server within the chosen company (it may have thousands), each
// shown only to a user who may read what it lists. Their words are the list's own (`filters.*`).
import { operatorResource, type RouteName, vehicleResource } from '@fleetlens/contracts';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useCanOpen } from '../../routes/useCanOpen';
import { fetchOperators } from '../operators/api';
import { fetchVehicles } from '../vehicles/api';
import { SearchFilter } from './SearchFilter';

/** A page of choices at most: the user types to narrow them. */
const OPTIONS_PAGE = 50;

export type Period = { start?: string | undefined; end?: string | undefined };

export type PeriodFilterProps = {
  /** The list's words: `filters.period`, `filters.from`, `filters.to`. */
  t: TFunction;
  /** The period a link into the list brought, shown when the filter first shows. */
  value: Period;
  onChange: (period: Period) => void;
};

export function PeriodFilter({ t, value, onChange }: PeriodFilterProps) {
  const onDays = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = range ?? [null, null];
    onChange({
      start: from ? from.startOf('day').toISOString() : undefined,
      end: to ? to.add(1, 'day').startOf('day').toISOString() : undefined,
    });
  };
  return (
    <DatePicker.RangePicker
      aria-label={t('filters.period')}
      placeholder={[t('filters.from'), t('filters.to')]}
      // The end is exclusive, so the period's last day is the day before it.
      defaultValue={
        value.start && value.end ? [dayjs(value.start), dayjs(value.end).subtract(1, 'ms')] : undefined
      }
      onChange={onDays}
    />
  );
}

/** The choices' query: what the user typed, within the company, by name, a page at most. */
const choices = (filter: string, customerId: string | undefined) => ({
  filter,
  customer_id: customerId,
  order_by: 'name' as const,
  perPage: OPTIONS_PAGE,
});

/** What a record filter searches: the records' name (its query key), who may read them, the search. */
export type Records = {
  name: string;
  route: RouteName;
  search: (filter: string, customerId: string | undefined) => Promise<{ value: string; label: string }[]>;
};

export const VEHICLES: Records = {
  name: 'vehicles',
  route: vehicleResource.pages.list,
  search: async (filter, customerId) =>
    (await fetchVehicles(choices(filter, customerId))).list.map((v) => ({ value: v.id, label: v.name })),
};

export const OPERATORS: Records = {
  name: 'operators',
  route: operatorResource.pages.list,
  search: async (filter, customerId) =>
    (await fetchOperators(choices(filter, customerId))).list.map((o) => ({
      value: o.id,
      label: `${o.first_name} ${o.last_name}`,
    })),
};

export type RecordFilterProps = {
  records: Records;
  label: string;
  /** The company chosen: only its records are offered. */
  customerId: string | undefined;
  value: string | undefined;
  onChange: (id: string | undefined) => void;
};

export function RecordFilter({ records, label, customerId, value, onChange }: RecordFilterProps) {
  const canOpen = useCanOpen();
  if (!canOpen(records.route)) return null;
  return (
    <SearchFilter
      label={label}
      queryKey={[records.name, 'filter-options', customerId]}
      value={value}
      search={(filter) => records.search(filter, customerId)}
      onChange={onChange}
    />
  );
}
