// What every GeoJSON overlay of the maps (the site plan, the zones, a zone being drawn, the
// vehicles, a track) builds on: its source, empty until the screen sets its data; a colour (or
// width) chosen by a feature's property; and the names written over its areas.
import type {
  ExpressionSpecification,
  FilterSpecification,
  GeoJSONSourceSpecification,
  Map as MapLibreMap,
  SymbolLayerSpecification,
} from 'maplibre-gl';

const EMPTY = { type: 'FeatureCollection', features: [] } as const;

/**
 * Adds the empty GeoJSON source `id`; false where the map has it already, and with it the layers
 * that draw it (a style reloaded keeps none, a screen shown again keeps both).
 */
export function addEmptySource(
  map: MapLibreMap,
  id: string,
  options: Omit<GeoJSONSourceSpecification, 'type' | 'data'> = {},
): boolean {
  if (map.getSource(id)) return false;
  map.addSource(id, { type: 'geojson', data: EMPTY, ...options });
  return true;
}

/** The value a feature's `property` picks among `values`, else `otherwise` (a paint expression). */
export const byProperty = (property: string, values: Record<string, string>, otherwise: string) =>
  ['match', ['get', property], ...Object.entries(values).flat(), otherwise] as unknown as string;

export interface NameLayerOptions {
  id: string;
  source: string;
  filter?: FilterSpecification;
  minzoom: number;
  /** labelFont(map): the fonts the map's style can draw. */
  font: string[];
  text: ExpressionSpecification;
  size: number | ExpressionSpecification;
  colour: string;
  halo: { colour: string; width: number };
}

/** The names of an overlay's features, over them, from street level on. */
export const nameLayer = (o: NameLayerOptions): SymbolLayerSpecification => ({
  id: o.id,
  type: 'symbol',
  source: o.source,
  ...(o.filter && { filter: o.filter }),
  minzoom: o.minzoom,
  layout: { 'text-field': o.text, 'text-font': o.font, 'text-size': o.size, 'text-max-width': 10 },
  paint: { 'text-color': o.colour, 'text-halo-color': o.halo.colour, 'text-halo-width': o.halo.width },
});
