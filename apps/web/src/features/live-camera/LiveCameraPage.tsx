// /live-camera: pick a vehicle to watch live (search by name), and who watched which vehicle
// when in the user's companies. A vehicle's map popup and its details link to its viewer too.

import { useQuery } from '@tanstack/react-query';
import { Card, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListEmpty } from '../../shell/lists/ListStates';
import { fetchVehicles } from '../vehicles/api';
import { liveCameraPath } from './api';
import { LiveViewsTable } from './LiveViewsTable';

export function LiveCameraPage() {
  const { t } = useTranslation('live-camera');
  const [filter, setFilter] = useState('');
  const vehicles = useQuery({
    queryKey: ['live-camera', 'vehicles', filter],
    queryFn: () => fetchVehicles({ filter: filter || undefined, perPage: 50, page: 1 }),
  });
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={t('pick')}
        extra={
          <Input.Search
            allowClear
            aria-label={t('search')}
            placeholder={t('search')}
            onSearch={(value) => setFilter(value.trim())}
            style={{ width: 260 }}
          />
        }
      >
        <Table
          size="small"
          rowKey="id"
          aria-label={t('pick')}
          loading={vehicles.isLoading}
          dataSource={vehicles.data?.list ?? []}
          pagination={false}
          locale={{ emptyText: <ListEmpty empty={{ title: t('noVehicles') }} narrowed={filter !== ''} /> }}
          columns={[
            {
              title: t('history.vehicle'),
              key: 'name',
              render: (_, v) => <Link to={liveCameraPath(v.id)}>{v.name}</Link>,
            },
          ]}
        />
      </Card>
      <Card size="small" title={t('history.title')}>
        <LiveViewsTable />
      </Card>
    </Space>
  );
}
