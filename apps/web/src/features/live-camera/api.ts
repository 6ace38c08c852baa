// Live camera's calls (server modules/live-camera): a vehicle's cameras and limits, starting a
// view, its heartbeats and stop, and who watched which vehicle when.
import type {
  LiveCameraTarget,
  LiveView,
  LiveViewRecord,
  LiveViewStatus,
  liveViewPageSchema,
} from '@fleetlens/contracts';
import { api } from '../../api/client';

export type LiveViewPage = (typeof liveViewPageSchema)['_output'];
export type { LiveCameraTarget, LiveView, LiveViewRecord, LiveViewStatus };

export const liveKeys = {
  target: (vehicleId: string) => ['live-camera', 'target', vehicleId] as const,
  views: (vehicleId?: string) => ['live-camera', 'views', vehicleId ?? 'all'] as const,
};

const vehiclePath = (vehicleId: string) => `/vehicles/${encodeURIComponent(vehicleId)}/live-camera`;
const viewPath = (viewId: string) => `/live-camera/views/${encodeURIComponent(viewId)}`;

export const fetchLiveTarget = (vehicleId: string) => api.get<LiveCameraTarget>(vehiclePath(vehicleId));
/** Quiet: the viewer says a refusal (vehicle offline, no time left) itself. */
export const startLiveView = (vehicleId: string) =>
  api.post<LiveView>(vehiclePath(vehicleId), {}, { quiet: true });
export const beatLiveView = (viewId: string) =>
  api.post<LiveViewStatus>(`${viewPath(viewId)}/heartbeat`, {}, { quiet: true });
export const stopLiveView = (viewId: string) =>
  api.post<LiveViewStatus>(`${viewPath(viewId)}/stop`, {}, { quiet: true });
export const fetchLiveViews = (vehicleId?: string) =>
  api.get<LiveViewPage>('/live-camera/views', {
    query: { perPage: 20, ...(vehicleId ? { vehicle_id: vehicleId } : {}) },
  });

/** The viewer of a vehicle's cameras. */
export const liveCameraPath = (vehicleId: string) => `/live-camera/${encodeURIComponent(vehicleId)}`;

/** Seconds as m:ss (h:mm:ss from an hour). */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}
