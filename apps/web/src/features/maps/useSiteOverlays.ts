// The site plan and the safety zones a live map draws beneath its vehicles (the vehicles map, the
// track player): their layers added with the style, under the vehicles', and drawn again whenever
// the screen is given others.
import type { SitePlan, Zone } from '@fleetlens/contracts';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { type RefObject, useEffect } from 'react';
import { addSitePlanLayers, setSitePlans } from './map/sitePlanLayers';
import { addZoneLayers, setZones } from './map/zoneLayers';

/** With the style, before the vehicle and track layers: the plan lowest, the zones above it. */
export function addSiteOverlays(
  map: MapLibreMap,
  sitePlans: readonly SitePlan[] | undefined,
  zones: readonly Zone[] | undefined,
): void {
  addSitePlanLayers(map);
  setSitePlans(map, sitePlans ?? []);
  addZoneLayers(map);
  setZones(map, zones ?? []);
}

export function useSiteOverlays(
  mapRef: RefObject<MapLibreMap | null>,
  sitePlans: readonly SitePlan[] | undefined,
  zones: readonly Zone[] | undefined,
): void {
  useEffect(() => {
    if (mapRef.current) setSitePlans(mapRef.current, sitePlans ?? []);
  }, [mapRef, sitePlans]);
  useEffect(() => {
    if (mapRef.current) setZones(mapRef.current, zones ?? []);
  }, [mapRef, zones]);
}
