// The locations calls (server modules/locations) and their query keys.
import type { SitePlan, SitePlanCorners, Track, VehicleLocation } from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
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

export const sitePlanKeys = {
  all: ['site-plans'] as const,
  of: (customerId?: string) => ['site-plans', customerId ?? 'all'] as const,
};
/** The site plans of the companies the user sees, or of one. */
export const fetchSitePlans = (customerId?: string) =>
  api.get<{ list: SitePlan[] }>('/site-plans', { query: { customer_id: customerId } });

/** The plans under a map: they change rarely, so they are read once and refreshed when set. */
export function useSitePlans(customerId?: string, enabled = true) {
  return useQuery({
    queryKey: sitePlanKeys.of(customerId),
    queryFn: () => fetchSitePlans(customerId),
    enabled,
    staleTime: 5 * 60_000,
    select: (answer) => answer.list,
  });
}

export type SitePlanUpload =
  | { kind: 'geojson'; file: File }
  | { kind: 'image'; file: File; corners: SitePlanCorners };

/** Sets a company's plan (multipart: the kind, an image's corners as JSON, the file). */
export function uploadSitePlan(customerId: string, upload: SitePlanUpload) {
  const data = new FormData();
  data.set('kind', upload.kind);
  if (upload.kind === 'image') data.set('corners', JSON.stringify(upload.corners));
  data.set('file', upload.file, upload.file.name);
  return api.put<SitePlan>(`/site-plans/${encodeURIComponent(customerId)}`, data, { quiet: true });
}
export const removeSitePlan = (customerId: string) =>
  api.delete<{ customer_id: string }>(`/site-plans/${encodeURIComponent(customerId)}`);
