// The review workflow of an event (beyond the spec; peers.md, Samsara and Motive): where it stands,
// which step may follow which, who is to review it, and the coaching notes kept with the
// operator's acknowledgement (docs/decisions/2026-11-26-event-review-workflow.md).
import { z } from 'zod';
import { listQuerySchema } from '../api/errors.ts';
import { isCleanText } from '../validation/fields.ts';
import { EVENT_REVIEW_STATES, type EventReviewState, eventPageSchema, eventSchema } from './events.ts';

/** A closed review: the event waits for nobody until it is reopened. */
export const CLOSED_REVIEW_STATES = [
  'coached',
  'reviewed',
  'dismissed',
] as const satisfies EventReviewState[];

/**
 * The one rule of the workflow: the states each state may move to. A closed state only reopens
 * (back to needs-review); coaching ends coached or dismissed.
 */
export const EVENT_REVIEW_TRANSITIONS: Record<EventReviewState, readonly EventReviewState[]> = {
  'needs-review': ['needs-coaching', 'reviewed', 'dismissed'],
  'needs-coaching': ['coached', 'dismissed'],
  coached: ['needs-review'],
  reviewed: ['needs-review'],
  dismissed: ['needs-review'],
};

export const isClosedReview = (state: EventReviewState) =>
  (CLOSED_REVIEW_STATES as readonly EventReviewState[]).includes(state);

/** Whether an event in `from` may move to `to`. */
export const canMoveReview = (from: EventReviewState, to: EventReviewState) =>
  EVENT_REVIEW_TRANSITIONS[from].includes(to);

export const COACHING_NOTE_MAX = 2000;

const named = z.object({ id: z.string(), name: z.string() });

export const coachingNoteSchema = z.object({
  id: z.string(),
  /** The event's operator when the note was written (null: the event had none). */
  operator: named.nullable(),
  note: z.string(),
  author: named.nullable(),
  created_at: z.string(),
  /** When the operator acknowledged the note, as the coach recorded it; null until then. */
  acknowledged_at: z.string().nullable(),
  /** Who recorded the acknowledgement (operators have no sign-in). */
  acknowledged_recorded_by: named.nullable(),
});
export type CoachingNote = z.infer<typeof coachingNoteSchema>;

/** GET /events/{id}/review: the workflow panel. */
export const eventReviewSchema = z.object({
  event_id: z.string(),
  state: z.enum(EVENT_REVIEW_STATES),
  /** EVENT_REVIEW_TRANSITIONS[state]: the steps offered. */
  next_states: z.array(z.enum(EVENT_REVIEW_STATES)),
  excluded: z.boolean(),
  assignee: named.nullable(),
  operator: named.nullable(),
  notes: z.array(coachingNoteSchema),
});
export type EventReview = z.infer<typeof eventReviewSchema>;

/** POST /events/{id}/review/state. */
export const reviewStateChangeSchema = z.strictObject({
  state: z.enum(EVENT_REVIEW_STATES, 'validation.invalidEnum'),
});
export type ReviewStateChange = z.infer<typeof reviewStateChangeSchema>;

/** PUT /events/{id}/review/assignee: a reviewer, or null to leave it unassigned. */
export const reviewAssignSchema = z.strictObject({
  assignee_id: z.uuid('validation.invalid').nullable(),
});
export type ReviewAssign = z.infer<typeof reviewAssignSchema>;

/** POST /events/{id}/review/notes. */
export const coachingNoteCreateSchema = z.strictObject({
  note: z
    .string('validation.required')
    .trim()
    .min(1, 'validation.required')
    .max(COACHING_NOTE_MAX, 'validation.tooLong')
    .refine(isCleanText, 'validation.controlCharacter'),
});
export type CoachingNoteCreate = z.infer<typeof coachingNoteCreateSchema>;

/** Who an event may be assigned to: users who hold event:edit and see the event's company. */
export const reviewerSchema = z.object({ id: z.string(), name: z.string(), username: z.string() });
export type Reviewer = z.infer<typeof reviewerSchema>;

/** `total` is counted up to this (an unreviewed fleet may hold millions of events). */
export const REVIEW_INBOX_COUNT_MAX = 10_000;

/** GET /event-reviews/inbox: paged like the generic lists, up to REVIEW_INBOX_COUNT_MAX rows deep. */
export const reviewInboxQuerySchema = listQuerySchema
  .pick({ page: true })
  // One page may take the whole bound: the list's export reads it so.
  .extend({ perPage: z.coerce.number().int().min(1).max(REVIEW_INBOX_COUNT_MAX).default(50) })
  .refine((q) => q.page * q.perPage <= REVIEW_INBOX_COUNT_MAX, {
    path: ['page'],
    message: 'validation.eventPageTooFar',
  })
  .meta({ description: `page × perPage is at most ${REVIEW_INBOX_COUNT_MAX}.` });
export type ReviewInboxQuery = z.infer<typeof reviewInboxQuerySchema>;

/** An inbox row: the event and whose it is (null: unassigned, waiting for anyone in scope). */
export const reviewInboxItemSchema = eventSchema.extend({ assignee: named.nullable() });
export type ReviewInboxItem = z.infer<typeof reviewInboxItemSchema>;

/** The inbox's page: the event list's shape (a bounded count) without its cursor. */
export const reviewInboxPageSchema = eventPageSchema
  .omit({ next_cursor: true })
  .extend({ list: z.array(reviewInboxItemSchema) });
