// /dashboard: the vehicle (dashboard) map. Every vehicle the user may see at its last position,
// coloured by state, moving as the devices report; counts by state; a vehicle finder that shows
// each one's state. Customer users need their company's dashboard-map function (d-map) and the
// location privilege.
import { useQuery } from '@tanstack/react-query';
import { Card, Flex, Result, Select, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SHADE_COLOURS } from '../../kernel/stateColours';
import { VehicleOptionLabel } from '../../kernel/VehicleState';
import { useCanOpen } from '../../routes/useCanOpen';
import { useCompanies } from '../customers/api';
import { fetchLocations, locationKeys } from './api';
import { LoadFailed } from './LoadFailed';
import { shadeOf, type VehicleShade } from './map/geojson';
import { useLiveVehicles } from './useLiveVehicles';
import { VehiclesMap } from './VehiclesMap';

export const MAP_HEIGHT = 'max(380px, calc(100vh - 240px))';
const SHADES: VehicleShade[] = ['running', 'stopping', 'offline', 'unknown'];
/** The company and vehicle finders: typed into, cleared for all. */
const FINDER = {
  showSearch: true,
  allowClear: true,
  optionFilterProp: 'label',
  style: { width: 220, maxWidth: '100%' },
};
const DOT = { display: 'inline-block', width: 8, height: 8, borderRadius: 4, marginInlineEnd: 6 } as const;

export function DashboardMapPage() {
  const { t } = useTranslation('maps');
  const canOpen = useCanOpen();
  // The positions are the location privilege's (the same rule as the vehicle map).
  const allowed = canOpen('vehicleMap');
  // Pushes move the vehicles at once; the refetch corrects whatever a lost push missed.
  const [company, setCompany] = useState<string | undefined>();
  // Whoever reads the company list (staff, managers of sub companies) may narrow the map to one.
  const companies = useCompanies(allowed && canOpen('customers'));
  const query = useQuery({
    queryKey: locationKeys.latest(company),
    queryFn: () => fetchLocations(company),
    enabled: allowed,
    refetchInterval: 30_000,
  });
  const vehicles = useLiveVehicles(query.data?.list);
  const [focus, setFocus] = useState<string | undefined>();

  const counts = useMemo(() => {
    const c: Record<VehicleShade, number> = { running: 0, stopping: 0, offline: 0, unknown: 0 };
    for (const v of vehicles) c[shadeOf(v)] += 1;
    return c;
  }, [vehicles]);
  const unplaced = vehicles.filter((v) => v.lat === null).length;

  if (!allowed) return <Result status="403" subTitle={t('noPrivilege')} />;
  return (
    <Card size="small">
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Flex wrap gap={8} align="center" data-testid="vehicle-counts">
          <Typography.Text strong>{t('dashboard.total', { count: vehicles.length })}</Typography.Text>
          <Space size={4} wrap>
            {SHADES.map((s) => (
              <Tag key={s}>
                <span aria-hidden style={{ ...DOT, background: SHADE_COLOURS[s] }} />
                {t(`shade.${s}`)}: {counts[s]}
              </Tag>
            ))}
          </Space>
          {unplaced > 0 && (
            <Typography.Text type="secondary">{t('dashboard.unplaced', { count: unplaced })}</Typography.Text>
          )}
        </Flex>
        <Space wrap>
          {companies.options.length > 1 && (
            <Select
              {...FINDER}
              placeholder={t('dashboard.company')}
              aria-label={t('dashboard.company')}
              value={company}
              onChange={(id?: string) => {
                setCompany(id);
                setFocus(undefined);
              }}
              options={companies.options}
            />
          )}
          <Select
            {...FINDER}
            placeholder={t('dashboard.find')}
            aria-label={t('dashboard.find')}
            value={focus}
            onChange={(id?: string) => setFocus(id)}
            options={vehicles
              .filter((v) => v.lat !== null)
              .map((v) => ({ value: v.vehicle_id, label: v.name, state: v.state }))}
            optionRender={(o) => <VehicleOptionLabel label={o.data.label} state={o.data.state} />}
          />
        </Space>
      </Flex>
      <LoadFailed query={query} style={{ marginBottom: 8 }} />
      <div style={{ height: MAP_HEIGHT }}>
        <VehiclesMap vehicles={vehicles} label={t('dashboard.title')} focus={focus} fitKey={company ?? ''} />
      </div>
    </Card>
  );
}
