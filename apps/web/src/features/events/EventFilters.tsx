// The event list's filters, each a parameter of the contracts' event list query: the period
// (the browser's days, sent as instants), type, company (when the user sees several), vehicle,
// vehicle group, operator, tag, video status and review state. Vehicles and operators are
// searched on the server (a company may have thousands); each picker shows only when the user
// may read what it lists.
import {
  CLIP_VIDEO_STATUSES,
  DEVICE_EVENT_TYPES,
  EVENT_REVIEW_STATES,
  EVENT_TAGS,
} from '@fleetlens/contracts';
import { DatePicker, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListFilter } from '../../shell/lists/ListFilter';
import { CustomerFilter } from '../customers/CustomerFilter';
import { fetchOperators } from '../operators/api';
import { useVehicleGroupOptions } from '../vehicle-groups/api';
import { fetchVehicles } from '../vehicles/api';
import type { EventListParams } from './api';
import { SearchFilter } from './SearchFilter';

const OPTIONS_PAGE = 50;

export type EventFiltersProps = {
  params: EventListParams;
  refine: (next: Partial<EventListParams>) => void;
};

/** A filter of several values, sent as the comma-separated list the query reads. */
function MultiFilter<V extends string>(props: {
  label: string;
  values: readonly V[];
  text: (value: V) => string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  width?: number;
}) {
  return (
    <Select<V[]>
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      aria-label={props.label}
      placeholder={props.label}
      style={{ width: props.width ?? 220 }}
      value={props.value ? (props.value.split(',') as V[]) : []}
      optionFilterProp="label"
      options={props.values.map((v) => ({ value: v, label: props.text(v) }))}
      onChange={(chosen) => props.onChange(chosen.length > 0 ? chosen.join(',') : undefined)}
    />
  );
}

export function EventFilters({ params, refine }: EventFiltersProps) {
  const { t } = useTranslation('events');
  const canOpen = useCanOpen();
  const customerId = params.customer_id;
  const groups = useVehicleGroupOptions(customerId, canOpen('vehicleGroups'));
  const onPeriod = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [start, end] = range ?? [null, null];
    refine({
      start: start ? start.startOf('day').toDate().toISOString() : undefined,
      end: end ? end.add(1, 'day').startOf('day').toDate().toISOString() : undefined,
    });
  };
  return (
    <>
      <DatePicker.RangePicker
        aria-label={t('filters.period')}
        placeholder={[t('filters.from'), t('filters.to')]}
        // A link into the list may bring its period (end exclusive, so its last day is the day before).
        defaultValue={
          params.start && params.end ? [dayjs(params.start), dayjs(params.end).subtract(1, 'ms')] : undefined
        }
        onChange={(range) => onPeriod(range)}
      />
      <MultiFilter
        label={t('fields.type')}
        values={DEVICE_EVENT_TYPES}
        text={(v) => t(`types.${v}`)}
        value={params.type}
        onChange={(type) => refine({ type })}
      />
      <CustomerFilter
        label={t('fields.customer')}
        onChange={(customer_id) =>
          refine({ customer_id, vehicle_id: undefined, vehicle_group_id: undefined, operator_id: undefined })
        }
      />
      {canOpen('vehicles') && (
        <SearchFilter
          label={t('fields.vehicle')}
          queryKey={['events', 'vehicle-options', customerId]}
          value={params.vehicle_id}
          search={async (filter) =>
            (
              await fetchVehicles({
                filter,
                customer_id: customerId,
                order_by: 'name',
                perPage: OPTIONS_PAGE,
              })
            ).list.map((v) => ({ value: v.id, label: v.name }))
          }
          onChange={(vehicle_id) => refine({ vehicle_id })}
        />
      )}
      {canOpen('vehicleGroups') && (
        <ListFilter
          label={t('fields.vehicleGroup')}
          value={params.vehicle_group_id}
          options={groups}
          onChange={(vehicle_group_id) => refine({ vehicle_group_id })}
        />
      )}
      {canOpen('drivers') && (
        <SearchFilter
          label={t('fields.operator')}
          queryKey={['events', 'operator-options', customerId]}
          value={params.operator_id}
          search={async (filter) =>
            (
              await fetchOperators({
                filter,
                customer_id: customerId,
                order_by: 'name',
                perPage: OPTIONS_PAGE,
              })
            ).list.map((o) => ({ value: o.id, label: `${o.first_name} ${o.last_name}` }))
          }
          onChange={(operator_id) => refine({ operator_id })}
        />
      )}
      <MultiFilter
        label={t('fields.tag')}
        values={EVENT_TAGS}
        text={(v) => t(`tags.${v}`)}
        value={params.tag}
        onChange={(tag) => refine({ tag })}
        width={200}
      />
      <MultiFilter
        label={t('fields.video_status')}
        values={CLIP_VIDEO_STATUSES.map(String)}
        text={(v) => t(`videoStatus.${v}`)}
        value={params.video_status}
        onChange={(video_status) => refine({ video_status })}
        width={200}
      />
      <MultiFilter
        label={t('fields.review_state')}
        values={EVENT_REVIEW_STATES}
        text={(v) => t(`reviewStates.${v}`)}
        value={params.review_state}
        onChange={(review_state) => refine({ review_state })}
        width={200}
      />
    </>
  );
}
