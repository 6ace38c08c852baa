// The review workflow's rules: an event moves only along the contracts' steps
// (EVENT_REVIEW_TRANSITIONS; any other answers 409 and changes nothing); it is assigned only to a
// reviewer who holds event:edit and sees the event, among the users the caller sees or provider
// staff (else 400); a coaching note is for the event's operator of now, and its acknowledgement
// is recorded once, by the coach, only when the note has an operator. Every change is audited in
// its transaction and pushed live as `events-changed`.
import {
  ACTION_ROLES,
  type CoachingNoteCreate,
  canMoveReview,
  EVENT_REVIEW_TRANSITIONS,
  type EventReview,
  type EventReviewState,
  REVIEW_INBOX_COUNT_MAX,
  type Reviewer,
  type ReviewInboxQuery,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import {
  type AccessRule,
  accessFor,
  allows,
  type RequestAccess,
  type Scoped,
} from '../../platform/access.ts';
import { auditedIn, auditTrail } from '../../platform/audit.ts';
import type { Authenticator } from '../../platform/auth.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { pageWindow } from '../../platform/lists.ts';
import { eventsByIds } from '../events/public.ts';
import {
  acknowledgeNote,
  findNote,
  findReview,
  inboxPage,
  insertNote,
  listNotes,
  moveReview,
  reviewerCandidates,
  setAssignee,
} from './repository.ts';

/** Who may change an event's review: PUT /events/{id}'s rule. */
export const REVIEW_RULE: AccessRule = { roles: ACTION_ROLES.eventEdit };

const auditEvent = auditTrail('event', 'device_events');
const auditNote = auditTrail('event_coaching_note', 'event_coaching_notes');

export interface EventReviewDeps {
  database: DatabaseHandle;
  currentPrincipals: Authenticator['currentPrincipals'];
  /** These events' reviews changed (the live push). */
  changed: (eventIds: string[]) => void;
}

export function eventReviewService({ database, currentPrincipals, changed }: EventReviewDeps) {
  async function review(scope: Scoped, id: string, db: Queryable = database): Promise<EventReview> {
    const row = found(await findReview(db, scope, id));
    return {
      event_id: row.id,
      state: row.state,
      next_states: [...EVENT_REVIEW_TRANSITIONS[row.state]],
      excluded: row.excluded,
      assignee: row.assignee,
      operator: row.operator,
      notes: await listNotes(db, id),
    };
  }

  /** The candidates who hold the privilege and see the event's company, by the database of now. */
  async function reviewers(scope: Scoped, customerId: string): Promise<Reviewer[]> {
    const candidates = await reviewerCandidates(database, scope, customerId);
    const principals = await currentPrincipals(candidates.map((c) => c.id));
    const able: Reviewer[] = [];
    for (const candidate of candidates) {
      const principal = principals.get(candidate.id);
      if (!principal || !allows(principal, REVIEW_RULE)) continue;
      if ((await accessFor(database, principal)).canSee(customerId)) able.push(candidate);
    }
    return able;
  }

  /** Locks the event's review for a change in `tx`, then records the change on the event. */
  async function changeEvent(
    access: RequestAccess,
    id: string,
    write: (tx: Queryable, current: NonNullable<Awaited<ReturnType<typeof findReview>>>) => Promise<void>,
  ): Promise<EventReview> {
    const answer = await database.transaction(async (tx) => {
      const current = found(await findReview(tx, access, id, true));
      await auditedIn(tx, auditEvent(access.principal, 'update', id), async () => {
        await write(tx, current);
        return id;
      });
      return review(access, id, tx);
    });
    changed([id]);
    return answer;
  }

  return {
    review,

    async reviewers(access: RequestAccess, id: string): Promise<Reviewer[]> {
      const row = found(await findReview(database, access, id));
      return reviewers(access, row.customer_id);
    },

    moveTo(access: RequestAccess, id: string, to: EventReviewState): Promise<EventReview> {
      return changeEvent(access, id, async (tx, current) => {
        if (!canMoveReview(current.state, to))
          throw new ApiError('conflict', { messageKey: 'reviewStepNotAllowed' });
        await moveReview(tx, id, current.state, to);
      });
    },

    /** The reviewer is checked before the change's transaction: their rights are read from the database. */
    async assign(access: RequestAccess, id: string, assigneeId: string | null): Promise<EventReview> {
      if (assigneeId !== null) {
        const event = found(await findReview(database, access, id));
        const able = await reviewers(access, event.customer_id);
        if (!able.some((r) => r.id === assigneeId))
          throw new ApiError('validation', { fields: [{ field: 'assignee_id', key: 'reviewerNotAllowed' }] });
      }
      return changeEvent(access, id, (tx) => setAssignee(tx, id, assigneeId));
    },

    async addNote(access: RequestAccess, id: string, body: CoachingNoteCreate): Promise<EventReview> {
      const answer = await database.transaction(async (tx) => {
        found(await findReview(tx, access, id, true));
        await auditedIn(tx, auditNote(access.principal, 'create'), (t) =>
          insertNote(t, { eventId: id, authorId: access.principal.userId, text: body.note }),
        );
        return review(access, id, tx);
      });
      changed([id]);
      return answer;
    },

    async acknowledge(access: RequestAccess, id: string, noteId: string): Promise<EventReview> {
      const answer = await database.transaction(async (tx) => {
        found(await findReview(tx, access, id, true));
        const note = found(await findNote(tx, id, noteId, true));
        if (!note.operator_id) throw new ApiError('conflict', { messageKey: 'coachingNoteWithoutOperator' });
        if (note.acknowledged) throw new ApiError('conflict', { messageKey: 'coachingNoteAcknowledged' });
        await auditedIn(tx, auditNote(access.principal, 'update', noteId), async (t) => {
          await acknowledgeNote(t, noteId, access.principal.userId);
          return noteId;
        });
        return review(access, id, tx);
      });
      changed([id]);
      return answer;
    },

    /** What waits for the caller: assigned to them and open, or unassigned and needing review. */
    async inbox(access: RequestAccess, query: ReviewInboxQuery) {
      const [limit, offset] = pageWindow(query);
      const { rows, total } = await inboxPage(database, access, access.principal.userId, {
        limit,
        offset,
        countMax: REVIEW_INBOX_COUNT_MAX,
      });
      const events = new Map(
        (
          await eventsByIds(
            database,
            rows.map((r) => r.id),
          )
        ).map((e) => [e.id, e]),
      );
      const list = rows.flatMap((r) => {
        const event = events.get(r.id);
        return event ? [{ ...event, assignee: r.assignee }] : [];
      });
      return {
        list,
        total: Math.min(total, REVIEW_INBOX_COUNT_MAX),
        total_exact: total <= REVIEW_INBOX_COUNT_MAX,
        page: query.page,
        perPage: query.perPage,
      };
    },
  };
}

export type EventReviewService = ReturnType<typeof eventReviewService>;
