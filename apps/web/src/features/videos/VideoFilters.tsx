// The filters the two video lists share: the period (the browser's days, sent as instants), the
// company (when the user sees several) and the vehicle, searched on the server as the user types
// (shown to users who may read the vehicle list).
import { DatePicker } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../routes/useCanOpen';
import { CustomerFilter } from '../customers/CustomerFilter';
import { SearchFilter } from '../events/SearchFilter';
import { fetchVehicles } from '../vehicles/api';

export type VideoFilterParams = { start?: string; end?: string; customer_id?: string; vehicle_id?: string };

export type VideoFiltersProps = {
  params: VideoFilterParams;
  refine: (next: VideoFilterParams) => void;
};

export function VideoFilters({ params, refine }: VideoFiltersProps) {
  const { t } = useTranslation('videos');
  const canOpen = useCanOpen();
  const customerId = params.customer_id;
  const days = (range: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = range ?? [null, null];
    refine({
      start: from?.startOf('day').toISOString(),
      end: to?.add(1, 'day').startOf('day').toISOString(),
    });
  };
  return (
    <>
      <DatePicker.RangePicker
        aria-label={t('filters.period')}
        placeholder={[t('filters.from'), t('filters.to')]}
        onChange={days}
      />
      <CustomerFilter
        label={t('fields.customer')}
        onChange={(customer_id) => refine({ customer_id, vehicle_id: undefined })}
      />
      {canOpen('vehicles') && (
        <SearchFilter
          label={t('fields.vehicle')}
          queryKey={['videos', 'vehicle-options', customerId]}
          value={params.vehicle_id}
          search={async (filter) =>
            (
              await fetchVehicles({ filter, customer_id: customerId, order_by: 'name', perPage: 50 })
            ).list.map((v) => ({ value: v.id, label: v.name }))
          }
          onChange={(vehicle_id) => refine({ vehicle_id })}
        />
      )}
    </>
  );
}
