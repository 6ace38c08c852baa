// The video screens' calls (server modules/events, videos.routes.ts and the on-demand request):
// the asked-for videos and one of them, the video history, the vehicle's device as on-demand video
// sees it, and the request itself.
import type {
  EventDetail,
  EventVideo,
  eventVideoListQuerySchema,
  eventVideoPageSchema,
  ListParamsOf,
  VideoDevice,
  VideoHistoryEntry,
  VideoRequest,
  VideoRequestAnswer,
  videoHistoryPageSchema,
  videoHistoryQuerySchema,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { listKeys, pageFetch } from '../../api/listQuery';

export type EventVideoParams = ListParamsOf<typeof eventVideoListQuerySchema>;
export type VideoHistoryParams = ListParamsOf<typeof videoHistoryQuerySchema>;
export type { EventVideo, VideoHistoryEntry };

// The asked-for videos' list sits under the event lists' key: the events' pushes (new events, clip
// states) that refresh those refresh it too (events/useEventChanged useNewEventsRefresh).
export const videoKeys = {
  all: ['videos'] as const,
  ...listKeys<EventVideoParams>('events', 'list', 'videos'),
  one: (id: string) => ['videos', 'one', id] as const,
  history: (params: VideoHistoryParams) => ['videos', 'history', params] as const,
  device: (vehicleId: string) => ['videos', 'device', vehicleId] as const,
};

export const fetchEventVideos = pageFetch<EventVideoParams, typeof eventVideoPageSchema>('/event-videos');
export const fetchEventVideo = (id: string) =>
  api.get<EventDetail>(`/event-videos/${encodeURIComponent(id)}`);
export const fetchVideoHistory = pageFetch<VideoHistoryParams, typeof videoHistoryPageSchema>(
  '/video-history',
);
export const fetchVideoDevice = (vehicleId: string) =>
  api.get<VideoDevice>(`/vehicles/${encodeURIComponent(vehicleId)}/video-device`);
/** Quiet: the page says a refusal (vehicle offline, a video being processed) itself. */
export const requestVideo = (vehicleId: string, body: VideoRequest) =>
  api.post<VideoRequestAnswer>(`/vehicles/${encodeURIComponent(vehicleId)}/videos`, body, { quiet: true });

/** The page that asks a vehicle for video, its window prefilled when given. */
export function videoCreatePath(
  vehicleId: string,
  window?: { start?: string; end?: string; event?: string },
) {
  const query = new URLSearchParams(
    Object.entries(window ?? {}).filter((e): e is [string, string] => typeof e[1] === 'string'),
  ).toString();
  return `/video/${encodeURIComponent(vehicleId)}/create${query ? `?${query}` : ''}`;
}
