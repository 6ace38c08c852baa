// The one map component of the console: a MapLibre GL map on the configured style (server
// MAP_STYLE_URL, GET /config) or, without one or when it cannot be loaded, the built-in offline
// style. MapLibre is loaded only with the map screens (routes/screens.ts loads them lazily), so it
// never weighs on the first page. Features draw through `onStyle`, called after every style
// (re)load, because changing the style drops every source, layer and image.
import 'maplibre-gl/dist/maplibre-gl.css';
import {
  type LngLatLike,
  Map as MapLibreMap,
  NavigationControl,
  ScaleControl,
  type StyleSpecification,
  setWorkerUrl,
} from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { type CSSProperties, useEffect, useRef } from 'react';
import { useAuth } from '../../../app/auth/context';
import { GRID_SOURCE, gridLines, OFFLINE_STYLE } from './offlineStyle';
import { addCountImage } from './vehicleImages';

setWorkerUrl(workerUrl);

export type MapViewProps = {
  /** Called after each style load: add sources, layers and images here (idempotently). */
  onStyle: (map: MapLibreMap) => void | Promise<void>;
  /** Called once the map exists; the returned function runs when it is removed. */
  onMap?: (map: MapLibreMap) => undefined | (() => void);
  center?: LngLatLike;
  zoom?: number;
  /** Names the map for assistive technology. */
  label: string;
  style?: CSSProperties;
};

function keepGrid(map: MapLibreMap): void {
  const source = map.getSource(GRID_SOURCE) as { setData?: (d: unknown) => void } | undefined;
  if (!source?.setData) return;
  const b = map.getBounds();
  source.setData(
    gridLines({ west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() }),
  );
}

export function MapView({ onStyle, onMap, center, zoom, label, style }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);
  const { config } = useAuth();
  const styleUrl = config?.map_style_url ?? '';
  // The latest callbacks, so the map is made once and still calls the page's current code.
  const handlers = useRef({ onStyle, onMap });
  handlers.current = { onStyle, onMap };
  const initial = useRef({ center, zoom });

  useEffect(() => {
    if (!container.current) return;
    let fellBack = false;
    const map = new MapLibreMap({
      container: container.current,
      style: (styleUrl || OFFLINE_STYLE) as string | StyleSpecification,
      center: initial.current.center ?? [139.7745, 35.6195],
      zoom: initial.current.zoom ?? 15,
      // No fade-in of labels and icons: vehicles are drawn with overlap allowed, so nothing is
      // placed or dropped, and a fade would repaint the map for 300 ms after each second's live
      // update. Without it a live update costs one repaint (npm run bench:map: street level 20 → 45 fps).
      fadeDuration: 0,
      attributionControl: false,
      // Without a tile server there is nothing to attribute; a configured style brings its own.
      ...(styleUrl ? { attributionControl: { compact: true } } : {}),
    });
    map.addControl(new NavigationControl({ visualizePitch: false }), 'top-right');
    map.addControl(new ScaleControl({ unit: 'metric' }), 'bottom-left');
    map.getCanvas().setAttribute('aria-label', label);

    map.on('style.load', () => {
      keepGrid(map);
      void handlers.current.onStyle(map);
    });
    map.on('moveend', () => keepGrid(map));
    // A cluster's count image is made when a tile's layout first asks for it. A resolver, not the
    // `styleimagemissing` event: MapLibre 6 fires that event after answering the tile without the
    // image, so a bubble laid out before the next relayout (a new answer, a zoom) showed no count.
    map.setMissingStyleImageResolver((id) => {
      addCountImage(map, id);
    });
    // A configured style that cannot be reached (no internet, a wrong URL): the offline one.
    map.on('error', (e) => {
      if (!styleUrl || fellBack || map.isStyleLoaded()) return;
      console.warn('map style failed, using the offline style', e.error);
      fellBack = true;
      map.setStyle(OFFLINE_STYLE);
    });
    const resize = new ResizeObserver(() => map.resize());
    resize.observe(container.current);
    const cleanup = handlers.current.onMap?.(map);
    return () => {
      cleanup?.();
      resize.disconnect();
      map.remove();
    };
  }, [styleUrl, label]);

  return (
    <div
      ref={container}
      data-testid="map"
      style={{ width: '100%', height: '100%', minHeight: 320, position: 'relative', ...style }}
    />
  );
}
