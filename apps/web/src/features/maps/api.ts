// The locations calls (server modules/locations) and their query keys.
import type { Track, VehicleLocation } from '@fleetlens/contracts';
import { api } from '../../api/client';

export type Period = { start: string; end: string };

export const locationKeys = {
  all: ['locations'] as const,
  latest: (customerId?: string) => ['locations', 'latest', customerId ?? 'all'] as const,
  vehicleTrack: (id: string, period: Period) => ['locations', 'vehicle', id, period] as const,
  driveRoute: (deviceId: string, period: Period) => ['locations', 'device', deviceId, period] as const,
};

/** Every vehicle the user sees, or only one company's. */
export const fetchLocations = (customerId?: string) =>
  api.get<{ list: VehicleLocation[] }>('/locations', { query: { customer_id: customerId } });
export const fetchVehicleTrack = (id: string, period: Period) =>
  api.get<Track>(`/vehicles/${encodeURIComponent(id)}/map`, { query: period });
export const fetchDriveRoute = (deviceId: string, period: Period) =>
  api.get<Track>(`/devices/${encodeURIComponent(deviceId)}/drive-route`, { query: period });
