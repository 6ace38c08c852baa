// The event list's filters, each a parameter of the contracts' event list query: the period
// (the browser's days, sent as instants), type, company (when the user sees several), vehicle,
// vehicle group, operator, tag, video status and review state. Vehicles and operators are
// searched on the server (a company may have thousands); each picker shows only when the user
// may read what it lists.
import {
  CLIP_VIDEO_STATUSES,
  EVENT_REVIEW_STATES,
  EVENT_TAGS,
  EVENT_TYPES,
  vehicleGroupResource,
} from '@fleetlens/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../routes/useCanOpen';
import { ListFilter } from '../../shell/lists/ListFilter';
import { CustomerFilter } from '../customers/CustomerFilter';
import { useVehicleGroupOptions } from '../vehicle-groups/api';
import type { EventListParams } from './api';
import { OPERATORS, PeriodFilter, RecordFilter, type Records, VEHICLES } from './listFilters';

/** The filters of several values after the pickers: the parameter, its values, their words. */
const SET_FILTERS = [
  ['tag', EVENT_TAGS, 'tags'],
  ['video_status', CLIP_VIDEO_STATUSES.map(String), 'videoStatus'],
  ['review_state', EVENT_REVIEW_STATES, 'reviewStates'],
] as const;

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
  const groups = useVehicleGroupOptions(customerId, canOpen(vehicleGroupResource.pages.list));
  /** A vehicle or operator of the chosen company. */
  const record = (label: string, records: Records, key: 'vehicle_id' | 'operator_id') => (
    <RecordFilter
      records={records}
      label={label}
      customerId={customerId}
      value={params[key]}
      onChange={(id) => refine({ [key]: id })}
    />
  );
  return (
    <>
      <PeriodFilter t={t} value={params} onChange={refine} />
      <MultiFilter
        label={t('fields.type')}
        values={EVENT_TYPES}
        text={(v) => t(`types.${v}`)}
        value={params.type}
        onChange={(type) => refine({ type })}
      />
      <CustomerFilter
        label={t('fields.customer')}
        value={params.customer_id}
        onChange={(customer_id) =>
          refine({ customer_id, vehicle_id: undefined, vehicle_group_id: undefined, operator_id: undefined })
        }
      />
      {record(t('fields.vehicle'), VEHICLES, 'vehicle_id')}
      {canOpen(vehicleGroupResource.pages.list) && (
        <ListFilter
          label={t('fields.vehicleGroup')}
          value={params.vehicle_group_id}
          options={groups}
          onChange={(vehicle_group_id) => refine({ vehicle_group_id })}
        />
      )}
      {record(t('fields.operator'), OPERATORS, 'operator_id')}
      {SET_FILTERS.map(([key, values, words]) => (
        <MultiFilter
          key={key}
          label={t(`fields.${key}`)}
          values={values}
          text={(v) => t(`${words}.${v}`)}
          value={params[key]}
          onChange={(value) => refine({ [key]: value })}
          width={200}
        />
      ))}
    </>
  );
}
