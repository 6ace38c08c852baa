// The zone's outline as one form control: drawn on the map over the customer's site plan (a click
// adds a point, a click on the first point or "Close shape" closes it, a point is dragged to move
// it, "Undo last point" takes the last one back) and, for keyboard and screen-reader users, the
// same points as a list of coordinates to edit, remove or add. Both edit one value: the open ring.
import type { LngLat } from '@fleetlens/contracts';
import { Button, Flex, Space, Typography } from 'antd';
import type { MapLayerMouseEvent, Map as MapLibreMap, MapMouseEvent } from 'maplibre-gl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSitePlans } from '../maps/api';
import { MapView } from '../maps/map/MapView';
import { addSitePlanLayers, setSitePlans, sitePlanBounds } from '../maps/map/sitePlanLayers';
import { addDraftLayers, POINTS_LAYER, rounded, showDraft } from './drawing';
import { VertexList } from './VertexList';

export type ZoneOutlineProps = {
  value?: LngLat[];
  onChange?: (ring: LngLat[]) => void;
  /** The company whose site plan is drawn beneath. */
  customerId?: string | undefined;
};

type Bounds = [[number, number], [number, number]];

const boundsOf = (ring: readonly LngLat[]): Bounds | undefined =>
  ring.length === 0
    ? undefined
    : [
        [Math.min(...ring.map((p) => p[0])), Math.min(...ring.map((p) => p[1]))],
        [Math.max(...ring.map((p) => p[0])), Math.max(...ring.map((p) => p[1]))],
      ];

export function ZoneOutline({ value, onChange, customerId }: ZoneOutlineProps) {
  const { t } = useTranslation('zones');
  const ring = value ?? [];
  // A stored outline opens closed; a new one is drawn until closed.
  const [closed, setClosed] = useState(ring.length >= 3);
  // The stored outline arrives after the first render (the form is filled once the zone is loaded).
  const drawn = useRef(false);
  useEffect(() => {
    if (!drawn.current && ring.length >= 3) setClosed(true);
  }, [ring.length]);
  const plans = useSitePlans(customerId, !!customerId).data;
  const mapRef = useRef<MapLibreMap | null>(null);
  // The map's handlers are made once: they read the latest ring, state and callback here.
  const latest = useRef({ ring, closed, onChange, setClosed });
  latest.current = { ring, closed, onChange, setClosed };
  const framed = useRef(false);

  // The map is framed once, on the stored outline or the site plan: never on a ring being drawn,
  // or its first point would jump to the centre under the user's next click.
  const frame = useCallback(
    (map: MapLibreMap) => {
      if (framed.current || drawn.current) return;
      const box = boundsOf(latest.current.ring) ?? (plans ? sitePlanBounds(plans) : undefined);
      if (!box) return;
      framed.current = true;
      map.fitBounds?.(box, { padding: 48, maxZoom: 18, duration: 0 });
    },
    [plans],
  );

  const onStyle = useCallback(
    (map: MapLibreMap) => {
      addSitePlanLayers(map);
      addDraftLayers(map);
      setSitePlans(map, plans ?? []);
      void showDraft(map, latest.current.ring, latest.current.closed);
    },
    [plans],
  );

  const onMap = useCallback((map: MapLibreMap) => {
    mapRef.current = map;
    let dragging: number | undefined;
    let dragged = false;
    const change = (next: LngLat[]) => {
      drawn.current = true;
      // Two clicks before a render each add their point.
      latest.current.ring = next;
      latest.current.onChange?.(next);
    };
    const move = (e: MapMouseEvent) => {
      if (dragging === undefined) return;
      dragged = true;
      const next = [...latest.current.ring];
      next[dragging] = rounded(e.lngLat.lng, e.lngLat.lat);
      change(next);
    };
    const drop = () => {
      dragging = undefined;
      map.dragPan?.enable();
    };
    const grab = (e: MapLayerMouseEvent) => {
      const index = e.features?.[0]?.properties?.index;
      if (typeof index !== 'number') return;
      e.preventDefault();
      dragging = index;
      dragged = false;
      map.dragPan?.disable();
      map.once('mouseup', drop);
    };
    const click = (e: MapMouseEvent) => {
      // The click that ends a drag adds nothing.
      if (dragged) {
        dragged = false;
        return;
      }
      const { ring: now, closed: done } = latest.current;
      if (done) return;
      const hit = map.queryRenderedFeatures?.(e.point, { layers: [POINTS_LAYER] })?.[0];
      if (hit?.properties?.index === 0 && now.length >= 3) {
        latest.current.setClosed(true);
        return;
      }
      change([...now, rounded(e.lngLat.lng, e.lngLat.lat)]);
    };
    map.on('click', click);
    map.on('mousemove', move);
    map.on('mousedown', POINTS_LAYER, grab);
    return () => {
      mapRef.current = null;
    };
  }, []);

  useEffect(() => {
    const map = mapRef.current;
    if (!map) return;
    void showDraft(map, ring, closed);
    frame(map);
  }, [ring, closed, frame]);

  useEffect(() => {
    const map = mapRef.current;
    if (map && plans) {
      setSitePlans(map, plans);
      frame(map);
    }
  }, [plans, frame]);

  const set = (next: LngLat[]) => {
    drawn.current = true;
    onChange?.(next);
    if (next.length < 3) setClosed(false);
  };

  return (
    <Flex vertical gap={8}>
      <Typography.Text type="secondary">{t(closed ? 'draw.closedHint' : 'draw.hint')}</Typography.Text>
      <div style={{ height: 420 }}>
        <MapView label={t('draw.map')} onStyle={onStyle} onMap={onMap} />
      </div>
      <Space wrap>
        <Button onClick={() => set(ring.slice(0, -1))} disabled={ring.length === 0}>
          {t('draw.undo')}
        </Button>
        <Button onClick={() => setClosed(true)} disabled={closed || ring.length < 3}>
          {t('draw.close')}
        </Button>
        <Button onClick={() => setClosed(false)} disabled={!closed}>
          {t('draw.reopen')}
        </Button>
        <Button danger onClick={() => set([])} disabled={ring.length === 0}>
          {t('draw.clear')}
        </Button>
      </Space>
      <VertexList ring={ring} onChange={set} />
    </Flex>
  );
}
