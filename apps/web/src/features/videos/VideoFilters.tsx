// The filters the two video lists share: the period (the browser's days, sent as instants), the
// company (when the user sees several) and the vehicle, searched on the server as the user types
// (shown to users who may read the vehicle list).
import { useTranslation } from 'react-i18next';
import { CustomerFilter } from '../customers/CustomerFilter';
import { PeriodFilter, RecordFilter, VEHICLES } from '../events/listFilters';

export type VideoFilterParams = { start?: string; end?: string; customer_id?: string; vehicle_id?: string };

export type VideoFiltersProps = {
  params: VideoFilterParams;
  refine: (next: VideoFilterParams) => void;
};

export function VideoFilters({ params, refine }: VideoFiltersProps) {
  const { t } = useTranslation('videos');
  return (
    <>
      <PeriodFilter t={t} value={params} onChange={refine} />
      <CustomerFilter
        label={t('fields.customer')}
        onChange={(customer_id) => refine({ customer_id, vehicle_id: undefined })}
      />
      <RecordFilter
        records={VEHICLES}
        label={t('fields.vehicle')}
        customerId={params.customer_id}
        value={params.vehicle_id}
        onChange={(vehicle_id) => refine({ vehicle_id })}
      />
    </>
  );
}
