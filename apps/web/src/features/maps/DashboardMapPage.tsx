// /dashboard: the live console. Every vehicle the user may see on a map over its company's site
// plan, labelled, clustered when zoomed out, coloured by state and moving as the devices report;
// beside it (in a bottom sheet on a phone) the vehicle list with a search by name and state chips
// with counts, which filter list and map alike. Clicking a vehicle, in the list or on the map,
// follows it. The safety zones are a layer the user switches (off by default on a busy map,
// ZoneLayer.tsx). Customer users need their company's dashboard-map function (d-map) and the location
// privilege; whoever edits locations may set the site plan.
import { AimOutlined, CloseOutlined, EnvironmentOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { ACTION_ROLES, READ_RULES, type VehicleLocation } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Drawer, Flex, Grid, Result, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import { useAllows, useMay } from '../../routes/useMay';
import { useCompanies } from '../customers/api';
import { liveCameraPath } from '../live-camera/api';
import { MaintenanceAttention } from '../maintenances/Attention';
import { fetchLocations, locationKeys, useSitePlans } from './api';
import { LoadFailed } from './LoadFailed';
import { boundsOf } from './map/geojson';
import { sitePlanBounds } from './map/sitePlanLayers';
import { SitePlanDialog } from './SitePlanDialog';
import { useLiveVehicles } from './useLiveVehicles';
import { VehicleList } from './VehicleList';
import { VehiclesMap } from './VehiclesMap';
import { filterVehicles, type VehicleFilter } from './vehicleFilter';
import { BUSY_VEHICLES, useZoneLayer } from './ZoneLayer';

export const MAP_HEIGHT = 'max(380px, calc(100vh - 240px))';
const LIST_WIDTH = 300;

export function DashboardMapPage() {
  const { t } = useTranslation('maps');
  const canOpen = useCanOpen();
  const navigate = useNavigate();
  // Each vehicle with a device offers its cameras live, to whoever may open the viewer.
  const onLiveCamera = canOpen('liveCameraViewer')
    ? (vehicle: VehicleLocation) => navigate(liveCameraPath(vehicle.vehicle_id))
    : undefined;
  const may = useMay();
  const { md = true } = Grid.useBreakpoint();
  // The positions' rule, as the server guards GET /locations.
  const allowed = useAllows()(READ_RULES.positions);
  const [company, setCompany] = useState<string | undefined>();
  // Whoever reads the company list (staff, managers of sub companies) may narrow the map to one.
  const companies = useCompanies(allowed && canOpen('customers'));
  // Pushes move the vehicles at once; the refetch corrects whatever a lost push missed.
  const query = useQuery({
    queryKey: locationKeys.latest(company),
    queryFn: () => fetchLocations(company),
    enabled: allowed,
    refetchInterval: 30_000,
  });
  const plans = useSitePlans(company, allowed);
  const vehicles = useLiveVehicles(query.data?.list);
  // Busy by what the server answered (the live list fills in a moment later).
  const zoneLayer = useZoneLayer(company, query.data ? query.data.list.length > BUSY_VEHICLES : undefined);
  const [filter, setFilter] = useState<VehicleFilter>({ search: '', shades: [] });
  const [followed, setFollowed] = useState<string | undefined>();
  const [sheet, setSheet] = useState(false);
  const [editing, setEditing] = useState(false);

  const { shown, counts } = useMemo(() => filterVehicles(vehicles, filter), [vehicles, filter]);
  const followedVehicle = followed ? vehicles.find((v) => v.vehicle_id === followed) : undefined;
  const owners = useMemo(() => {
    const byId = new Map(companies.options.map((o) => [String(o.value), String(o.label)]));
    for (const v of vehicles) byId.set(v.customer.id, v.customer.name);
    return [...byId].map(([value, label]) => ({ value, label }));
  }, [vehicles, companies.options]);

  if (!allowed) return <Result status="403" subTitle={t('noPrivilege')} />;

  const follow = (id: string | undefined) => {
    setFollowed(id);
    if (id) setSheet(false);
  };
  const list = (
    <VehicleList
      total={vehicles.length}
      shown={shown}
      counts={counts}
      filter={filter}
      onFilter={setFilter}
      followed={followed}
      onFollow={follow}
      showCompany={owners.length > 1}
      onLiveCamera={onLiveCamera}
    />
  );
  const placed = vehicles.flatMap((v) =>
    v.lng === null || v.lat === null ? [] : [[v.lng, v.lat] as [number, number]],
  );

  return (
    <Card size="small">
      <MaintenanceAttention />
      <Flex wrap gap={8} align="center" justify="space-between" style={{ marginBottom: 8 }}>
        <Space wrap>
          <Typography.Text strong>{t('dashboard.title')}</Typography.Text>
          {!md && (
            <Button icon={<UnorderedListOutlined />} onClick={() => setSheet(true)}>
              {t('dashboard.vehicles', { shown: shown.length, total: vehicles.length })}
            </Button>
          )}
          {followedVehicle && (
            <Space size={4} data-testid="following">
              <AimOutlined style={{ color: '#1677ff' }} />
              <Typography.Text>{t('dashboard.following', { name: followedVehicle.name })}</Typography.Text>
              <Button
                size="small"
                type="text"
                icon={<CloseOutlined />}
                onClick={() => setFollowed(undefined)}
              >
                {t('dashboard.unfollow')}
              </Button>
            </Space>
          )}
        </Space>
        <Space wrap>
          {zoneLayer.control}
          {companies.options.length > 1 && (
            <Select
              showSearch
              allowClear
              optionFilterProp="label"
              style={{ width: 220, maxWidth: '100%' }}
              placeholder={t('dashboard.company')}
              aria-label={t('dashboard.company')}
              value={company}
              onChange={(id?: string) => {
                setCompany(id);
                setFollowed(undefined);
              }}
              options={companies.options}
            />
          )}
          {may(...ACTION_ROLES.sitePlanEdit) && (
            <Button icon={<EnvironmentOutlined />} onClick={() => setEditing(true)}>
              {t('sitePlan.open')}
            </Button>
          )}
        </Space>
      </Flex>
      <LoadFailed query={query} style={{ marginBottom: 8 }} />
      <Flex gap={8} style={{ height: MAP_HEIGHT }}>
        {md && <div style={{ flex: `0 0 ${LIST_WIDTH}px`, minWidth: 0, height: '100%' }}>{list}</div>}
        <div style={{ flex: '1 1 auto', minWidth: 0, height: '100%' }}>
          <VehiclesMap
            vehicles={shown}
            label={t('dashboard.title')}
            followed={followed}
            onFollow={follow}
            sitePlans={plans.data}
            fitKey={company ?? ''}
            zones={zoneLayer.zones}
          />
        </div>
      </Flex>
      {!md && (
        <Drawer
          placement="bottom"
          open={sheet}
          onClose={() => setSheet(false)}
          title={t('dashboard.list')}
          size="70vh"
          styles={{ body: { padding: 12 } }}
        >
          {list}
        </Drawer>
      )}
      {editing && (
        <SitePlanDialog
          open
          onClose={() => setEditing(false)}
          companies={owners}
          company={company ?? vehicles[0]?.customer.id}
          view={sitePlanBounds(plans.data ?? []) ?? boundsOf(placed)}
          withPlan={new Set((plans.data ?? []).map((p) => p.customer_id))}
        />
      )}
    </Card>
  );
}
