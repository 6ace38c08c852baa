// /event-map: the events of a period on the map, with the event list's filters. The server counts
// them into grid cells for the box shown (a month of a large fleet is 100,000 events and more):
// clusters are circles sized by their count, and a click zooms to what one holds; the events of
// cells that hold few are red dots, and a click opens the event. The heat view weighs the same
// cells. Beside the map, the same clusters and events as a list: what a keyboard or a screen
// reader uses, since a map canvas offers them nothing. The safety zones are the live maps' layer,
// switched the same way (ZoneLayer.tsx), under the events: a breach is read against its zone.
// Customer users need their company's event-map function (e-map) and event:view (the route table).
import type { EventMap } from '@fleetlens/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Flex, Spin, Switch, Typography } from 'antd';
import type { Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCanOpen } from '../../routes/useCanOpen';
import type { EventListParams } from '../events/api';
import { EventFilters } from '../events/EventFilters';
import { eventDetailPath } from '../events/EventsPage';
import { useSitePlans } from '../maps/api';
import { MapView } from '../maps/map/MapView';
import { addSitePlanLayers, setSitePlans } from '../maps/map/sitePlanLayers';
import { addZoneLayers, setZones } from '../maps/map/zoneLayers';
import { useZoneLayer } from '../maps/ZoneLayer';
import { boxOf, type EventMapFilters, eventMapKeys, fetchEventMap, type MapBox, WORLD } from './api';
import { EventMapList } from './EventMapList';
import { addEventMapLayers, CLUSTER_LAYER, EVENT_LAYER, extentOf, setEventMapData, showHeat } from './layers';

const MAP_HEIGHT = 'max(380px, calc(100vh - 260px))';
type Box4 = [number, number, number, number];

/** Moves the map to show `box` whole (a single place: close, not the closest). */
function zoomTo(map: MapLibreMap, box: Box4): void {
  map.fitBounds(
    [
      [box[0], box[1]],
      [box[2], box[3]],
    ],
    { padding: 48, maxZoom: 17, duration: 400 },
  );
}

function useEventMap(filters: EventMapFilters, box: MapBox) {
  return useQuery({
    queryKey: eventMapKeys.map(filters, box),
    queryFn: ({ signal }) => fetchEventMap(filters, box, signal),
    placeholderData: keepPreviousData,
  });
}

export function EventMapPage() {
  const { t } = useTranslation('event-map');
  const navigate = useNavigate();
  const [filters, setFilters] = useState<EventMapFilters>({});
  const [box, setBox] = useState<MapBox>(WORLD);
  const [heat, setHeat] = useState(false);
  // The whole period once per set of filters: where the map fits to, and whether there is anything.
  const period = useEventMap(filters, WORLD);
  const view = useEventMap(filters, box);
  const mapRef = useRef<MapLibreMap | null>(null);
  // The site plan under the points, the dashboard map's own layer: events on a blank grid say
  // little about where in the yard they happen. Read by those who may see the vehicles' map.
  const canOpen = useCanOpen();
  const plans = useSitePlans(filters.customer_id, canOpen('vehicleMap'));
  // Events are drawn as clusters however many there are: the zones start on.
  const zoneLayer = useZoneLayer(filters.customer_id, false);
  const latest = useRef<{
    data: EventMap | undefined;
    heat: boolean;
    plans: typeof plans.data;
    zones: typeof zoneLayer.zones;
  }>({ data: undefined, heat, plans: undefined, zones: [] });
  latest.current = { data: view.data, heat, plans: plans.data, zones: zoneLayer.zones };
  const fitted = useRef<string | undefined>(undefined);
  const filtersKey = JSON.stringify(filters);

  useEffect(() => {
    const map = mapRef.current;
    if (map) setEventMapData(map, view.data);
  }, [view.data]);
  useEffect(() => {
    const map = mapRef.current;
    if (map) showHeat(map, heat);
  }, [heat]);
  useEffect(() => {
    const map = mapRef.current;
    if (map) setSitePlans(map, plans.data ?? []);
  }, [plans.data]);
  useEffect(() => {
    const map = mapRef.current;
    if (map) setZones(map, zoneLayer.zones);
  }, [zoneLayer.zones]);
  // New filters: the map fits to the period's events once they are counted.
  useEffect(() => {
    const map = mapRef.current;
    if (!map || period.isPlaceholderData || !period.data || fitted.current === filtersKey) return;
    fitted.current = filtersKey;
    const extent = extentOf(period.data);
    if (extent) zoomTo(map, extent);
  }, [period.data, period.isPlaceholderData, filtersKey]);

  const onStyle = (map: MapLibreMap) => {
    addSitePlanLayers(map);
    setSitePlans(map, latest.current.plans ?? []);
    addZoneLayers(map);
    setZones(map, latest.current.zones);
    addEventMapLayers(map);
    setEventMapData(map, latest.current.data);
    showHeat(map, latest.current.heat);
  };
  const onMap = (map: MapLibreMap) => {
    mapRef.current = map;
    const moved = () => {
      const b = map.getBounds();
      setBox(
        boxOf({
          west: b.getWest(),
          south: b.getSouth(),
          east: b.getEast(),
          north: b.getNorth(),
          zoom: map.getZoom(),
        }),
      );
    };
    const clickCluster = (e: MapMouseEvent & { features?: { properties: Record<string, unknown> }[] }) => {
      const box = e.features?.[0]?.properties.box;
      if (typeof box === 'string') zoomTo(map, JSON.parse(box) as Box4);
    };
    const clickEvent = (e: MapMouseEvent & { features?: { properties: Record<string, unknown> }[] }) => {
      const id = e.features?.[0]?.properties.id;
      if (typeof id === 'string') navigate(eventDetailPath(id));
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('moveend', moved);
    map.on('click', CLUSTER_LAYER, clickCluster);
    map.on('click', EVENT_LAYER, clickEvent);
    for (const layer of [CLUSTER_LAYER, EVENT_LAYER]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    return () => {
      mapRef.current = null;
    };
  };

  const refine = (next: Partial<EventListParams>) => {
    setFilters((current) => {
      const merged: Record<string, unknown> = { ...current, ...next };
      for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
      return merged as EventMapFilters;
    });
  };
  const failed = view.isError || period.isError;
  const nothingInPeriod = period.data?.total === 0 && !period.isPlaceholderData;
  const nothingHere = !nothingInPeriod && view.data?.total === 0 && !view.isPlaceholderData;

  return (
    <Card size="small">
      <Flex wrap gap={8} align="center" style={{ marginBottom: 8 }}>
        <EventFilters params={filters} refine={refine} />
        <Flex gap={6} align="center">
          <Switch checked={heat} onChange={setHeat} aria-label={t('heat')} data-testid="event-map-heat" />
          <Typography.Text>{t('heat')}</Typography.Text>
        </Flex>
        {zoneLayer.control}
      </Flex>
      {failed && (
        <Alert
          type="error"
          showIcon
          message={t('loadFailed')}
          action={
            <Button
              onClick={() => {
                void period.refetch();
                void view.refetch();
              }}
            >
              {t('shell:lists.retry')}
            </Button>
          }
          style={{ marginBottom: 8 }}
        />
      )}
      <Flex gap={12} wrap>
        <div style={{ flex: '1 1 480px', height: MAP_HEIGHT, position: 'relative' }}>
          <MapView label={t('title')} onStyle={onStyle} onMap={onMap} center={[0, 20]} zoom={1} />
          {(view.isFetching || period.isFetching) && (
            <div
              role="status"
              aria-label={t('loading')}
              data-testid="event-map-loading"
              style={{ position: 'absolute', top: 12, left: 12 }}
            >
              <Spin />
            </div>
          )}
          {(nothingInPeriod || nothingHere) && (
            <Flex
              justify="center"
              style={{ position: 'absolute', top: '30%', left: 0, right: 0, pointerEvents: 'none' }}
            >
              <Card size="small" data-testid="event-map-empty" style={{ pointerEvents: 'auto' }}>
                <Empty
                  description={
                    <>
                      <Typography.Text strong>
                        {t(nothingInPeriod ? 'empty.period' : 'empty.here')}
                      </Typography.Text>
                      <br />
                      <Typography.Text type="secondary">
                        {t(nothingInPeriod ? 'empty.periodHint' : 'empty.hereHint')}
                      </Typography.Text>
                    </>
                  }
                />
              </Card>
            </Flex>
          )}
        </div>
        <EventMapList
          answer={view.data}
          loading={view.isPending}
          onCluster={(c) => mapRef.current && zoomTo(mapRef.current, [c.west, c.south, c.east, c.north])}
          style={{ flex: '0 1 300px', maxHeight: MAP_HEIGHT, overflowY: 'auto' }}
        />
      </Flex>
    </Card>
  );
}
