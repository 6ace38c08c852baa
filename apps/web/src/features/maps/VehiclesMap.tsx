// Vehicles on a map: clustered when zoomed out, each with its type's icon, a state-coloured ring
// and its name, over the companies' site plans and their safety zones; a click opens a vehicle's popup and follows it:
// the camera keeps it in the middle as it moves, until the user drags the map or unfollows. The
// page gives the vehicles; live pushes have been folded in already.
import type { SitePlan, VehicleLocation, Zone } from '@fleetlens/contracts';
import type { GeoJSONSource, MapLayerMouseEvent, Map as MapLibreMap } from 'maplibre-gl';
import { Popup } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { useTranslation } from 'react-i18next';
import { useCanOpen } from '../../routes/useCanOpen';
import { boundsOf, vehicleFeatures } from './map/geojson';
import {
  addVehicleLayers,
  CLUSTER_LAYER,
  LABEL_LAYER,
  setFollowed,
  setSourceData,
  VEHICLE_LAYER,
  VEHICLES,
} from './map/layers';
import { MapView } from './map/MapView';
import { addVehicleImages } from './map/vehicleImages';
import { addSiteOverlays, useSiteOverlays } from './useSiteOverlays';
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
  /** The vehicle followed: the map flies to it, opens its popup and keeps it in the middle. */
  followed?: string;
  /** A vehicle clicked on the map (its id), or the user dragged the map away (undefined). */
  onFollow?: (vehicleId: string | undefined) => void;
  /** Drawn under the vehicles. */
  sitePlans?: readonly SitePlan[];
  /** Fits the view again when this changes (another company's vehicles). */
  fitKey?: string;
  /** Safety zones, drawn over the site plans and under the vehicles (none: the layer is off). */
  zones?: readonly Zone[];
};

export function VehiclesMap({
  vehicles,
  cluster = true,
  center,
  zoom,
  fit = true,
  label,
  followed,
  onFollow,
  sitePlans,
  fitKey,
  zones,
}: VehiclesMapProps) {
  const { t } = useTranslation('maps');
  const canOpen = useCanOpen();
  const mapRef = useRef<MapLibreMap | null>(null);
  const latest = useRef({ vehicles, t, canOpen, followed, onFollow, sitePlans, zones });
  latest.current = { vehicles, t, canOpen, followed, onFollow, sitePlans, zones };
  /** Where the followed vehicle was last centred, so a vehicle standing still costs no camera move. */
  const followedAt = useRef<string>('');
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
      const sent = setSourceData(map, VEHICLES, vehicleFeatures(list, latest.current.t('maintenanceMode')));
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
    // The followed vehicle stays in the middle: one smooth move per live update.
    const f = latest.current.followed;
    const target = f ? list.find((x) => x.vehicle_id === f) : undefined;
    if (target && target.lng !== null && target.lat !== null) {
      const at = `${target.lng},${target.lat}`;
      // Not while the camera flies to it (or the user zooms): the next update catches up.
      if (at !== followedAt.current && !map.isMoving()) {
        followedAt.current = at;
        map.easeTo({ center: [target.lng, target.lat], duration: 600 });
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
    if (!map) return;
    setFollowed(map, followed);
    const v = latest.current.vehicles.find((x) => x.vehicle_id === followed);
    if (!v || v.lng === null || v.lat === null) return;
    followedAt.current = `${v.lng},${v.lat}`;
    map.flyTo({ center: [v.lng, v.lat], zoom: Math.max(map.getZoom(), 17), duration: 800 });
    openPopup(map, v);
  }, [followed]);

  useSiteOverlays(mapRef, sitePlans, zones);

  function openPopup(map: MapLibreMap, v: VehicleLocation) {
    if (v.lng === null || v.lat === null) return;
    popup.current?.popup.remove();
    const node = document.createElement('div');
    const root = createRoot(node);
    root.render(<VehiclePopup vehicle={v} t={latest.current.t} canOpen={latest.current.canOpen} />);
    // The focus stays where the user picked the vehicle (its row in the list): the popup taking
    // it, while its content is still being rendered, left the focus on the page's body.
    const p = new Popup({ offset: 20, maxWidth: '280px', focusAfterOpen: false })
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
    addSiteOverlays(map, latest.current.sitePlans, latest.current.zones);
    addVehicleLayers(map, cluster);
    setFollowed(map, latest.current.followed);
    drawn.current = { list: null, sending: false };
    draw(map);
  };

  const onMap = (map: MapLibreMap) => {
    mapRef.current = map;
    const openClicked = (e: MapLayerMouseEvent) => {
      const id = e.features?.[0]?.properties?.vehicle_id as string | undefined;
      const v = latest.current.vehicles.find((x) => x.vehicle_id === id);
      if (!v) return;
      if (latest.current.onFollow && id !== latest.current.followed) latest.current.onFollow(id);
      else openPopup(map, v);
    };
    // Dragging the map (a user's gesture, never the camera's own moves) stops following.
    map.on('dragstart', () => {
      if (latest.current.followed) latest.current.onFollow?.(undefined);
    });
    // The view's centre, for the tests that check the camera follows a vehicle.
    map.on('moveend', () => {
      const c = map.getCenter();
      map.getContainer().dataset.center = `${c.lng.toFixed(6)},${c.lat.toFixed(6)}`;
      // A move that came while the camera was still flying waits for its end, not the next update.
      if (latest.current.followed) draw(map);
    });
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
    map.on('click', LABEL_LAYER, openClicked);
    map.on('click', CLUSTER_LAYER, zoomIntoCluster);
    for (const layer of [VEHICLE_LAYER, CLUSTER_LAYER]) {
      map.on('mouseenter', layer, pointer);
      map.on('mouseleave', layer, plain);
    }
    return () => {
      popup.current?.popup.remove();
      // A new map (another language names it anew) fits the vehicles again and finds the followed one.
      fitted.current = false;
      followedAt.current = '';
      mapRef.current = null;
      drawn.current = { list: null, sending: false };
    };
  };

  return <MapView onStyle={onStyle} onMap={onMap} center={center} zoom={zoom} label={label} />;
}
