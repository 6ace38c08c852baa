// /devices/:deviceId/drive-route (query start, end): the route one device drove in a period, with
// playback, and the device's state now, over the site plans and the safety zones (the live maps'
// switchable layer, ZoneLayer.tsx). The period lives in the address, so a route can be
// bookmarked and shared.
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { VehicleState } from '../../kernel/VehicleState';
import { fetchDriveRoute, locationKeys, type Period, useSitePlans } from './api';
import { MAP_HEIGHT } from './DashboardMapPage';
import { LoadFailed } from './LoadFailed';
import { PeriodPicker, todayPeriod } from './PeriodPicker';
import { TrackPlayer } from './TrackPlayer';
import { useZoneLayer } from './ZoneLayer';

const validTime = (v: string | null) =>
  v && !Number.isNaN(Date.parse(v)) ? new Date(v).toISOString() : undefined;

export function DriveRoutePage() {
  const { deviceId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const { t } = useTranslation('maps');
  const today = todayPeriod();
  const period: Period = {
    start: validTime(search.get('start')) ?? today.start,
    end: validTime(search.get('end')) ?? today.end,
  };
  const route = useQuery({
    queryKey: locationKeys.driveRoute(deviceId, period),
    queryFn: () => fetchDriveRoute(deviceId, period),
    placeholderData: keepPreviousData,
    retry: false,
  });
  const vehicle = route.data?.vehicle;
  const plans = useSitePlans();
  // One device's route: few points, so the zones start on; those of every company the user sees,
  // as the site plans (the route answers no company).
  const zoneLayer = useZoneLayer(undefined, false);

  return (
    <Card size="small">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Flex wrap gap={8} align="center" justify="space-between">
          <Space wrap>
            <Typography.Text strong>
              {t('driveRoute.title', { device: route.data?.device?.device_id ?? deviceId })}
            </Typography.Text>
            {vehicle && <Typography.Text>{t('driveRoute.vehicle', { name: vehicle.name })}</Typography.Text>}
            {route.data?.device && (
              <span data-testid="drive-route-state">
                <VehicleState state={route.data.state} />
              </span>
            )}
          </Space>
          {zoneLayer.control}
          <PeriodPicker
            value={period}
            onChange={(p) =>
              setSearch(new URLSearchParams({ start: p.start, end: p.end }), { replace: true })
            }
          />
        </Flex>
        <LoadFailed query={route} />
        <TrackPlayer
          track={route.data}
          label={t('driveRoute.label')}
          height={MAP_HEIGHT}
          sitePlans={plans.data}
          zones={zoneLayer.zones}
        />
      </Space>
    </Card>
  );
}
