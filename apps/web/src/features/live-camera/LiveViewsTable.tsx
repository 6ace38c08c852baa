// Who watched which vehicle live, when and for how long (newest first): on the vehicle's viewer
// its own views, on the vehicle list everyone's in the user's companies.

import { useQuery } from '@tanstack/react-query';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { localTime } from '../../kernel/format';
import { ListEmpty } from '../../shell/lists/ListStates';
import { clock, fetchLiveViews, type LiveViewRecord, liveKeys } from './api';

export type LiveViewsTableProps = { vehicleId?: string };

export function LiveViewsTable({ vehicleId }: LiveViewsTableProps) {
  const { t } = useTranslation('live-camera');
  const views = useQuery({ queryKey: liveKeys.views(vehicleId), queryFn: () => fetchLiveViews(vehicleId) });
  return (
    <Table<LiveViewRecord>
      size="small"
      rowKey="id"
      aria-label={t('history.title')}
      loading={views.isLoading}
      dataSource={views.data?.list ?? []}
      pagination={false}
      locale={{ emptyText: <ListEmpty empty={{ title: t('history.empty') }} narrowed={false} /> }}
      columns={[
        { title: t('history.started'), key: 'started', render: (_, v) => localTime(v.started_at) },
        ...(vehicleId
          ? []
          : [
              {
                title: t('history.vehicle'),
                key: 'vehicle',
                render: (_: unknown, v: LiveViewRecord) => v.vehicle_name,
              },
            ]),
        { title: t('history.user'), key: 'user', render: (_, v) => v.user_name },
        { title: t('history.watched'), key: 'watched', render: (_, v) => clock(v.watched_seconds) },
        {
          title: t('history.end'),
          key: 'end',
          render: (_, v) => (v.ended_at ? t(`reasons.${v.end_reason ?? 'stopped'}`) : t('history.watching')),
        },
      ]}
    />
  );
}
