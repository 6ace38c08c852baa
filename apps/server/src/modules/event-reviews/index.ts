// The events' review workflow (beyond the spec, after peers.md: Samsara and Motive):
// an event's review with its next steps, the steps themselves, its reviewer, its coaching notes
// and the operator's acknowledgement, and the inbox of what waits for the caller
// (docs/decisions/2026-11-26-event-review-workflow.md).
import {
  coachingNoteCreateSchema,
  eventReviewSchema,
  READ_RULES,
  reviewAssignSchema,
  reviewerSchema,
  reviewInboxPageSchema,
  reviewInboxQuerySchema,
  reviewStateChangeSchema,
} from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Platform } from '../../platform/index.ts';
import { idParams, routesOf } from '../../platform/routes.ts';
import { EventLivePush } from '../events/public.ts';
import { eventReviewService, REVIEW_RULE } from './service.ts';

const noteParams = z.object({ id: z.uuid(), noteId: z.uuid() });

export async function registerEventReviews(app: FastifyInstance, platform: Platform): Promise<void> {
  const { database } = platform;
  const route = routesOf(app, platform, ['event-reviews']);
  const live = EventLivePush.of(database, platform.hub);
  const log = app.log.child({ module: 'event-reviews' });
  const reviews = eventReviewService({
    database,
    currentPrincipals: platform.auth.currentPrincipals,
    changed: (ids) => void live.changed(ids).catch((error) => log.warn({ err: error }, 'live push failed')),
  });

  route.get(
    '/event-reviews/inbox',
    {
      rule: REVIEW_RULE,
      summary:
        'Events waiting for the caller, newest first: assigned to them and not closed, and unassigned events needing review in their companies',
      query: reviewInboxQuerySchema,
      reply: reviewInboxPageSchema,
      exported: true,
    },
    ({ access, query }) => reviews.inbox(access, query),
  );

  route.get(
    '/events/:id/review',
    {
      rule: READ_RULES.eventList,
      summary: "An event's review: its state and next steps, reviewer, operator and coaching notes",
      params: idParams,
      reply: eventReviewSchema,
    },
    ({ access, params }) => reviews.review(access, params.id),
  );

  route.get(
    '/events/:id/review/reviewers',
    {
      rule: REVIEW_RULE,
      summary: 'Who the event may be assigned to: users who hold event:edit and see the event',
      params: idParams,
      reply: z.array(reviewerSchema),
    },
    ({ access, params }) => reviews.reviewers(access, params.id),
  );

  route.post(
    '/events/:id/review/state',
    {
      rule: REVIEW_RULE,
      summary:
        'Move the event one step in its review (needs review → needs coaching, reviewed or dismissed; needs coaching → coached or dismissed; a closed review → needs review)',
      params: idParams,
      body: reviewStateChangeSchema,
      reply: eventReviewSchema,
    },
    ({ access, params, body }) => reviews.moveTo(access, params.id, body.state),
  );

  route.put(
    '/events/:id/review/assignee',
    {
      rule: REVIEW_RULE,
      summary: 'Assign the event to a reviewer (null: unassigned)',
      params: idParams,
      body: reviewAssignSchema,
      reply: eventReviewSchema,
    },
    ({ access, params, body }) => reviews.assign(access, params.id, body.assignee_id),
  );

  route.post(
    '/events/:id/review/notes',
    {
      rule: REVIEW_RULE,
      summary: "Write a coaching note for the event's operator",
      params: idParams,
      body: coachingNoteCreateSchema,
      reply: eventReviewSchema,
      status: 201,
    },
    ({ access, params, body }) => reviews.addNote(access, params.id, body),
  );

  route.post(
    '/events/:id/review/notes/:noteId/acknowledgement',
    {
      rule: REVIEW_RULE,
      summary: 'Record that the operator acknowledged the coaching note (operators do not sign in)',
      params: noteParams,
      reply: eventReviewSchema,
    },
    ({ access, params }) => reviews.acknowledge(access, params.id, params.noteId),
  );
}
