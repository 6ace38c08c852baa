// /vehicles/:id/map (query id, lng, lat, name, online): one vehicle — where it is now (from the
// query, then moved by live pushes) and where it went in a period (today by default), with
// playback along the track, over the site plans and the safety zones (a layer on by default: one
// vehicle never makes the map busy).
import type { VehicleLocation } from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Flex, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { VehicleState } from '../../kernel/VehicleState';
import { fetchVehicleTrack, locationKeys, type Period, useSitePlans } from './api';
import { MAP_HEIGHT } from './DashboardMapPage';
import { LoadFailed } from './LoadFailed';
import { PeriodPicker, todayPeriod } from './PeriodPicker';
import { TrackPlayer } from './TrackPlayer';
import { useLiveVehicles } from './useLiveVehicles';
import { useZoneLayer } from './ZoneLayer';

const coordinate = (value: string | null, limit: number): number | null => {
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

export function VehicleMapPage() {
  const { id = '' } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation('maps');
  const [period, setPeriod] = useState<Period>(todayPeriod);
  const track = useQuery({
    queryKey: locationKeys.vehicleTrack(id, period),
    queryFn: () => fetchVehicleTrack(id, period),
    placeholderData: keepPreviousData,
  });
  const lng = coordinate(search.get('lng'), 180);
  const lat = coordinate(search.get('lat'), 90);
  const name = track.data?.vehicle?.name ?? search.get('name') ?? '';

  // The vehicle where the list or the dashboard last saw it; live pushes move it on. Its state is
  // the server's once the track has come (the query's `online` until then).
  const state = track.data?.state ?? null;
  const start = useMemo<VehicleLocation[]>(
    () => [
      {
        vehicle_id: id,
        name,
        customer: { id: '', name: '' },
        vehicle_type: track.data?.vehicle?.vehicle_type ?? 'counter',
        icon: track.data?.vehicle?.icon ?? 'a',
        maintenance_mode: track.data?.vehicle?.maintenance_mode === true,
        device: track.data?.device ?? null,
        lat,
        lng,
        speed: null,
        direction: null,
        motion: state?.motion ?? null,
        online: state?.online ?? search.get('online') === 'true',
        position_at: null,
        updated_at: null,
        state,
      },
    ],
    [id, name, lat, lng, search, track.data?.vehicle, track.data?.device, state],
  );
  const [vehicle] = useLiveVehicles(start);
  const plans = useSitePlans();
  // The track answers no company: the zones of every company the user sees, as the site plans.
  const zoneLayer = useZoneLayer(undefined, false);

  return (
    <Card size="small">
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Space wrap>
          <Typography.Text strong>
            {name ? t('vehicleMap.title', { name }) : t('vehicleMap.untitled')}
          </Typography.Text>
          {vehicle && (track.data || vehicle.state) && (
            <span data-testid="vehicle-map-state">
              <VehicleState state={vehicle.state} />
            </span>
          )}
        </Space>
        <Space wrap>
          {zoneLayer.control}
          <PeriodPicker value={period} onChange={setPeriod} />
        </Space>
      </Flex>
      <LoadFailed query={track} style={{ marginBottom: 8 }} />
      <TrackPlayer
        track={track.data}
        vehicle={vehicle}
        center={lng !== null && lat !== null ? [lng, lat] : undefined}
        label={t('vehicleMap.untitled')}
        height={MAP_HEIGHT}
        sitePlans={plans.data}
        zones={zoneLayer.zones}
      />
    </Card>
  );
}
