// A small map of where the event happened: the maps feature's MapView (MapLibre, loaded only with
// this file) with one point. The detail page loads it lazily.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { MapView } from '../maps/map/MapView';

const SOURCE = 'event-place';

export type EventPlaceProps = { lat: number; lng: number; label: string };

export default function EventPlace({ lat, lng, label }: EventPlaceProps) {
  const draw = (map: MapLibreMap) => {
    if (map.getSource(SOURCE)) return;
    map.addSource(SOURCE, {
      type: 'geojson',
      data: { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [lng, lat] } },
    });
    map.addLayer({
      id: SOURCE,
      type: 'circle',
      source: SOURCE,
      paint: {
        'circle-radius': 8,
        'circle-color': '#d4380d',
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 2,
      },
    });
  };
  return <MapView onStyle={draw} center={[lng, lat]} zoom={16} label={label} style={{ height: 260 }} />;
}
