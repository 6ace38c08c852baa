// Vehicles on a map: clustered when zoomed out, each with its type's icon and a state-coloured
// ring, a popup on click. The page gives the vehicles; live pushes have been folded in already.
import type { VehicleLocation } from '@fleetlens/contracts';
import type { GeoJSONSource, MapLayerMouseEvent, Map as MapLibreMap } from 'maplibre-gl';
import { Popup } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../routes/useCanOpen';
import { boundsOf, vehicleFeatures } from './map/geojson';
import { addVehicleLayers, CLUSTER_LAYER, setSourceData, VEHICLE_LAYER, VEHICLES } from './map/layers';
import { MapView } from './map/MapView';
import { addVehicleImages } from './map/vehicleImages';
import { VehiclePopup } from './VehiclePopup';

export type VehiclesMapProps = {
  vehicles: VehicleLocation[];
  /** Cluster when zoomed out (the dashboard's thousands); off for a single vehicle. */
  cluster?: boolean;
  center?: [number, number];
  zoom?: number;
  /** Fit the view to the vehicles when they first arrive. */
  fit?: boolean;
  label: string;
  /** A vehicle picked from a list: the map flies to it and opens its popup. */
  focus?: string;
  /** Fits the view again when this changes (another company's vehicles). */
  fitKey?: string;
};

export function VehiclesMap({
  vehicles,
  cluster = true,
  center,
  zoom,
  fit = true,
  label,
  focus,
  fitKey,
}: VehiclesMapProps) {
  const { t } = useTranslation('maps');
  const canOpen = useCanOpen();
  const mapRef = useRef<MapLibreMap | null>(null);
  const latest = useRef({ vehicles, t, canOpen });
  latest.current = { vehicles, t, canOpen };
  const fitted = useRef(false);
  const fittedFor = useRef(fitKey);
  if (fittedFor.current !== fitKey) {
    fittedFor.current = fitKey;
    fitted.current = false;
  }
  const popup = useRef<{ popup: Popup; root: Root; vehicleId: string } | null>(null);

  // The list the map's source holds, and whether the map's worker is still taking one in. With
  // thousands of vehicles moving, a second list sent before the worker is done would abort its
  // work and start again; instead the newest list waits and goes when the worker is free.
  const drawn = useRef<{ list: readonly VehicleLocation[] | null; sending: boolean }>({
    list: null,
    sending: false,
  });

  const draw = (map: MapLibreMap) => {
    const list = latest.current.vehicles;
    const source = drawn.current;
    if (list !== source.list && !source.sending) {
      const sent = setSourceData(map, VEHICLES, vehicleFeatures(list));
      if (sent) {
        const current = { list, sending: true };
        drawn.current = current;
        const done = () => {
          current.sending = false;
          if (drawn.current === current && mapRef.current === map) draw(map);
        };
        sent.then(done, done);
      }
    }
    if (fit && !fitted.current && list.length > 0) {
      const bounds = boundsOf(
        list.flatMap((v) => (v.lng === null || v.lat === null ? [] : [[v.lng, v.lat] as [number, number]])),
      );
      if (bounds) {
        fitted.current = true;
        map.fitBounds(bounds, { padding: 60, maxZoom: 17, animate: false });
      }
    }
    // An open popup follows its vehicle.
    const open = popup.current;
    const v = open && list.find((x) => x.vehicle_id === open.vehicleId);
    if (open && v && v.lng !== null && v.lat !== null) {
      open.popup.setLngLat([v.lng, v.lat]);
      open.root.render(<VehiclePopup vehicle={v} t={latest.current.t} canOpen={latest.current.canOpen} />);
    }
  };

  useEffect(() => {
    // Before the style has loaded the source is missing; onStyle draws then.
    if (mapRef.current) draw(mapRef.current);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: flies once per pick, not per live move
  useEffect(() => {
    const map = mapRef.current;
    const v = latest.current.vehicles.find((x) => x.vehicle_id === focus);
    if (!map || !v || v.lng === null || v.lat === null) return;
    map.flyTo({ center: [v.lng, v.lat], zoom: Math.max(map.getZoom(), 17) });
    openPopup(map, v);
  }, [focus]);

  function openPopup(map: MapLibreMap, v: VehicleLocation) {
    if (v.lng === null || v.lat === null) return;
    popup.current?.popup.remove();
    const node = document.createElement('div');
    const root = createRoot(node);
    root.render(<VehiclePopup vehicle={v} t={latest.current.t} canOpen={latest.current.canOpen} />);
    const p = new Popup({ offset: 20, maxWidth: '280px' })
      .setLngLat([v.lng, v.lat])
      .setDOMContent(node)
      .addTo(map);
    const current = { popup: p, root, vehicleId: v.vehicle_id };
    popup.current = current;
    p.on('close', () => {
      // Unmount after the click that closed it has finished.
      setTimeout(() => root.unmount());
      if (popup.current === current) popup.current = null;
    });
  }

  const onStyle = async (map: MapLibreMap) => {
    await addVehicleImages(map);
    addVehicleLayers(map, cluster);
    drawn.current = { list: null, sending: false };
    draw(map);
  };

  const onMap = (map: MapLibreMap) => {
    mapRef.current = map;
    const openClicked = (e: MapLayerMouseEvent) => {
      const id = e.features?.[0]?.properties?.vehicle_id as string | undefined;
      const v = latest.current.vehicles.find((x) => x.vehicle_id === id);
      if (v) openPopup(map, v);
    };
    const zoomIntoCluster = async (e: MapLayerMouseEvent) => {
      const feature = e.features?.[0];
      const id = feature?.properties?.cluster_id as number | undefined;
      if (id === undefined || feature?.geometry.type !== 'Point') return;
      const z = await (map.getSource(VEHICLES) as GeoJSONSource).getClusterExpansionZoom(id);
      map.easeTo({ center: feature.geometry.coordinates as [number, number], zoom: z });
    };
    const pointer = () => {
      map.getCanvas().style.cursor = 'pointer';
    };
    const plain = () => {
      map.getCanvas().style.cursor = '';
    };
    map.on('click', VEHICLE_LAYER, openClicked);
    map.on('click', CLUSTER_LAYER, zoomIntoCluster);
    for (const layer of [VEHICLE_LAYER, CLUSTER_LAYER]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    return () => {
      popup.current?.popup.remove();
      mapRef.current = null;
      drawn.current = { list: null, sending: false };
    };
  };

  return <MapView onStyle={onStyle} onMap={onMap} center={center} zoom={zoom} label={label} />;
}
