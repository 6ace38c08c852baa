// What the live console's list and map show: the vehicles whose name matches the search and whose
// state is among the chips picked (none picked: every state), and the count of each state among
// the vehicles the search matches, so a chip says how many it would show.
import type { VehicleLocation } from '@fleetlens/contracts';
import { shadeOf, type VehicleShade } from './map/geojson';

export const SHADES: readonly VehicleShade[] = ['running', 'stopping', 'offline', 'unknown'];

export type VehicleFilter = { search: string; shades: readonly VehicleShade[] };

const normal = (text: string) => text.normalize('NFKC').toLocaleLowerCase();

export function filterVehicles(
  vehicles: readonly VehicleLocation[],
  { search, shades }: VehicleFilter,
): { shown: VehicleLocation[]; counts: Record<VehicleShade, number> } {
  const needle = normal(search.trim());
  const counts: Record<VehicleShade, number> = { running: 0, stopping: 0, offline: 0, unknown: 0 };
  const shown: VehicleLocation[] = [];
  for (const v of vehicles) {
    if (needle && !normal(v.name).includes(needle)) continue;
    const shade = shadeOf(v);
    counts[shade] += 1;
    if (shades.length === 0 || shades.includes(shade)) shown.push(v);
  }
  return { shown, counts };
}
