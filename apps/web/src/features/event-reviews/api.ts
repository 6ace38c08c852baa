// The review workflow's calls (server modules/event-reviews) and their query keys: an event's
// review with its next steps, the reviewers it may be given to, a step, an assignment, a coaching
// note and its acknowledgement, and the inbox of what waits for the caller.
import type {
  EventReview,
  EventReviewState,
  ListParamsOf,
  Reviewer,
  reviewInboxPageSchema,
  reviewInboxQuerySchema,
} from '@fleetlens/contracts';
import { api } from '../../api/client';
import { listKeys, pageFetch } from '../../api/listQuery';

export type InboxParams = ListParamsOf<typeof reviewInboxQuerySchema>;

const path = (id: string, rest = '') => `/events/${encodeURIComponent(id)}/review${rest}`;

export const reviewKeys = {
  one: (id: string) => ['event-reviews', 'one', id] as const,
  reviewers: (id: string) => ['event-reviews', 'reviewers', id] as const,
  inbox: listKeys<InboxParams>('event-reviews', 'inbox'),
};

export const fetchReview = (id: string) => api.get<EventReview>(path(id));
export const fetchReviewers = (id: string) => api.get<Reviewer[]>(path(id, '/reviewers'));
export const moveReview = (id: string, state: EventReviewState) =>
  api.post<EventReview>(path(id, '/state'), { state });
export const assignReviewer = (id: string, assigneeId: string | null) =>
  api.put<EventReview>(path(id, '/assignee'), { assignee_id: assigneeId });
export const addCoachingNote = (id: string, note: string) =>
  api.post<EventReview>(path(id, '/notes'), { note });
export const recordAcknowledgement = (id: string, noteId: string) =>
  api.post<EventReview>(path(id, `/notes/${encodeURIComponent(noteId)}/acknowledgement`));
export const fetchInbox = pageFetch<InboxParams, typeof reviewInboxPageSchema>('/event-reviews/inbox');
