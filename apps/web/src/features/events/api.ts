// The event calls (server modules/events) and their query keys: the list (paged on the server,
// filtered as the contracts' list query says), one event with its clips and viewers, the
// reviewer's changes, deletion, the view record, the clips' signed play addresses (one press of Play), a clip's download address
// and recreation.
import type {
  ClipAddressKind,
  ClipsPlay,
  EventDetail,
  EventUpdate,
  eventListQuerySchema,
  eventPageSchema,
  ListParamsOf,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { listKeys, pageFetch } from '../../api/listQuery';

export type EventListParams = ListParamsOf<typeof eventListQuerySchema>;

const path = (id: string, rest = '') => `/events/${encodeURIComponent(id)}${rest}`;

export const eventKeys = {
  all: ['events'] as const,
  ...listKeys<EventListParams>('events', 'list'),
  one: (id: string) => ['events', 'one', id] as const,
};

export const fetchEvents = pageFetch<EventListParams, typeof eventPageSchema>('/events');
export const fetchEvent = (id: string) => api.get<EventDetail>(path(id));
/** Opening the event: one more view, the caller among its viewers; answers the event. Quiet: the page's read says what failed. */
export const recordView = (id: string) =>
  api.post<EventDetail>(path(id, '/views'), undefined, { quiet: true });
export const updateEvent = (id: string, body: EventUpdate) => api.put<EventDetail>(path(id), body);
/** Quiet: the detail shows the refusal (a restricted event) itself. */
export const deleteEvent = (id: string) => api.delete<{ id: string }>(path(id), { quiet: true });
export const clipAddress = (id: string, clipId: string, kind: ClipAddressKind) =>
  api.post<{ url: string; expires_at: string }>(path(id, `/clips/${encodeURIComponent(clipId)}/${kind}`));
/** A press of Play: every clip's play address, recorded as one play however many cameras. */
export const playClips = (id: string) => api.post<ClipsPlay>(path(id, '/clips/play'));
export const recreateClip = (id: string, clipId: string) =>
  api.post<EventDetail>(path(id, `/clips/${encodeURIComponent(clipId)}/recreate`));
