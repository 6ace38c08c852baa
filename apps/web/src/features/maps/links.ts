// Addresses of the map screens with their queries (console spec: /vehicles/{id}/map with id, lng,
// lat, name, online; /devices/{deviceId}/drive-route with start and end).
import type { VehicleLocation } from '@fleetlens/contracts';
import dayjs from 'dayjs';

export function vehicleMapHref(
  v: Pick<VehicleLocation, 'vehicle_id' | 'name' | 'lat' | 'lng' | 'online'>,
): string {
  const query = new URLSearchParams({ id: v.vehicle_id, name: v.name, online: String(v.online) });
  if (v.lng !== null && v.lat !== null) {
    query.set('lng', String(v.lng));
    query.set('lat', String(v.lat));
  }
  return `/vehicles/${encodeURIComponent(v.vehicle_id)}/map?${query}`;
}

/** The drive route of today so far, unless a period is given. */
export function driveRouteHref(deviceId: string, start?: string, end?: string): string {
  const query = new URLSearchParams({
    start: start ?? dayjs().startOf('day').toISOString(),
    end: end ?? dayjs().endOf('day').toISOString(),
  });
  return `/devices/${encodeURIComponent(deviceId)}/drive-route?${query}`;
}
