// A customer's site safety zones on the live maps (contracts zones/): each outline drawn as a
// lightly tinted area with a coloured edge and its name, the colour saying its kind. Added after
// the site plan and before the vehicle and track layers, so the vehicles stay on top and the plan
// stays beneath. An empty list (the layer switched off) draws nothing.
import { closedRing, type LngLat, type Zone, type ZoneKind } from '@fleetlens/contracts';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { labelFont, setSourceData } from './layers';
import { addEmptySource, byProperty, nameLayer } from './overlay';

export const ZONES = 'safety-zones';
export const ZONE_FILL_LAYER = 'safety-zones-fill';
export const ZONE_EDGE_LAYER = 'safety-zones-edge';
export const ZONE_NAME_LAYER = 'safety-zones-name';

/** Each kind's colour: the no-go red, the pedestrian green, as on the site's own signs. */
export const ZONE_COLOURS: Record<ZoneKind, string> = {
  pedestrian: '#16a34a',
  speed: '#d97706',
  'no-go': '#dc2626',
  'loading-dock': '#2563eb',
};

const byKind = byProperty('kind', ZONE_COLOURS, '#6b7280');

/** The zones as GeoJSON: one polygon each (its ring closed), carrying its id, name and kind. */
export function zoneFeatures(zones: readonly Pick<Zone, 'id' | 'name' | 'kind' | 'polygon'>[]) {
  return {
    type: 'FeatureCollection' as const,
    features: zones.flatMap((zone) => {
      const ring = zone.polygon.coordinates[0] as LngLat[] | undefined;
      if (!ring || ring.length < 3) return [];
      return [
        {
          type: 'Feature' as const,
          id: zone.id,
          geometry: { type: 'Polygon' as const, coordinates: [closedRing(ring)] },
          properties: { id: zone.id, name: zone.name, kind: zone.kind },
        },
      ];
    }),
  };
}

/** The zones' (empty) layers; call after the site plan's and before the vehicles'. */
export function addZoneLayers(map: MapLibreMap): void {
  if (!addEmptySource(map, ZONES)) return;
  map.addLayer({
    id: ZONE_FILL_LAYER,
    type: 'fill',
    source: ZONES,
    paint: { 'fill-color': byKind, 'fill-opacity': 0.14 },
  });
  map.addLayer({
    id: ZONE_EDGE_LAYER,
    type: 'line',
    source: ZONES,
    layout: { 'line-join': 'round' },
    paint: { 'line-color': byKind, 'line-width': 2 },
  });
  map.addLayer(
    nameLayer({
      id: ZONE_NAME_LAYER,
      source: ZONES,
      minzoom: 14,
      font: labelFont(map),
      text: ['get', 'name'],
      size: 12,
      colour: byKind,
      halo: { colour: 'rgba(255,255,255,0.9)', width: 1.4 },
    }),
  );
}

/** Draws these zones, replacing those drawn before (none: the layer is off). */
export function setZones(map: MapLibreMap, zones: readonly Zone[]): void {
  if (!map.getSource(ZONES)) return;
  setSourceData(map, ZONES, zoneFeatures(zones));
}
