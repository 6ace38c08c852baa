// Where a vehicle's maintenance shows outside these screens: its marks on the vehicle's page (each
// plan it is in its warning window or worse for, linking to its state page) and the dashboard's
// list of vehicles needing maintenance, worst first. Shown to those who may open maintenance.
import { pageAddress } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { reportedTime } from '../../kernel/format';
import { useCanOpen } from '../../routes/useCanOpen';
import { type MaintenanceVehicleRow, planVehicles } from './api';
import { StateTag } from './StateTag';

const confirmAddress = (a: MaintenanceVehicleRow) =>
  pageAddress('maintenanceConfirm', { id: a.maintenance.id, vehicleId: a.vehicle.id });

/** One vehicle's maintenance that needs attention, as tags (none: nothing shown). */
export function MaintenanceMarks({ vehicleId }: { vehicleId: string }) {
  const { t } = useTranslation('maintenances');
  const allowed = useCanOpen()('maintenances');
  const params = { vehicle_id: vehicleId, perPage: 50 };
  const marks = useQuery({
    queryKey: planVehicles.keys.attention(params),
    queryFn: () => planVehicles.attention(params, { quiet: true }),
    enabled: allowed,
  });
  const due = (marks.data?.list ?? []).filter((a) => a.state !== 'ok');
  if (due.length === 0) return null;
  return (
    <Space wrap data-testid="maintenance-marks">
      <Typography.Text type="secondary">{t('attention.vehicle')}</Typography.Text>
      {due.map((a) => (
        <Link key={a.maintenance.id} to={confirmAddress(a)}>
          <Space size={4}>
            {a.maintenance.name}
            <StateTag state={a.state} />
          </Space>
        </Link>
      ))}
    </Space>
  );
}

/** The dashboard's figure and list: how many vehicles need maintenance, and which. */
export function MaintenanceAttention() {
  const { t } = useTranslation('maintenances');
  const allowed = useCanOpen()('maintenances');
  const params = { perPage: 10 };
  const list = useQuery({
    queryKey: planVehicles.keys.attention(params),
    queryFn: () => planVehicles.attention(params, { quiet: true }),
    enabled: allowed,
    refetchInterval: 60_000,
  });
  if (!allowed || !list.data || list.data.total === 0) return null;
  return (
    <Card
      size="small"
      title={t('attention.title', { count: list.data.total })}
      data-testid="maintenance-attention"
    >
      <List
        size="small"
        dataSource={list.data.list}
        renderItem={(a) => (
          <List.Item key={`${a.maintenance.id}/${a.vehicle.id}`}>
            <Link to={confirmAddress(a)}>{`${a.vehicle.name} · ${a.maintenance.name}`}</Link>
            <Space>
              <Typography.Text type="secondary">{reportedTime(a.due_at)}</Typography.Text>
              <StateTag state={a.state} />
            </Space>
          </List.Item>
        )}
      />
    </Card>
  );
}
