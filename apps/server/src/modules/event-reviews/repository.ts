// The review workflow's SQL: an event's review (locked while it changes), its steps, its assignee,
// its coaching notes, the users who could review it, and the inbox, read like the event list (one
// ordered scan per visible customer, cut at the page's end, then merged).
import type { CoachingNote, EventReviewState } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import type { Scoped } from '../../platform/access.ts';
import { firstRow } from '../../platform/rows.repository.ts';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const userName = (alias: string) =>
  `coalesce(nullif(trim(${alias}.first_name || ' ' || ${alias}.last_name), ''), ${alias}.username)`;
const named = (id: string, name: string) =>
  `CASE WHEN ${id} IS NULL THEN NULL ELSE json_build_object('id', ${id}, 'name', ${name}) END`;

export interface ReviewRow {
  id: string;
  customer_id: string;
  state: EventReviewState;
  excluded: boolean;
  assignee: { id: string; name: string } | null;
  operator: { id: string; name: string } | null;
}

/** An event's review in the caller's scope; `lock` holds the row until the transaction ends. */
export const findReview = (db: Queryable, scope: Scoped, id: string, lock = false) =>
  firstRow<ReviewRow>(
    db,
    `SELECT e.id, e.customer_id, e.review_state AS state, e.excluded,
            ${named('u.id', userName('u'))} AS assignee,
            ${named('o.id', "o.first_name || ' ' || o.last_name")} AS operator
       FROM device_events e
       LEFT JOIN users u ON u.id = e.assignee_id
       LEFT JOIN operators o ON o.id = e.operator_id AND o.customer_id = e.customer_id
      WHERE e.id = $2 AND ${scope.inScope('e.customer_id', 1)}
      ${lock ? 'FOR UPDATE OF e' : ''}`,
    [scope.customerIds, id],
  );

/**
 * Moves an event from `from` to `to` (the caller checked the step). Dismissing excludes it from
 * scores, remembering whether the exclusion is the review's (it was not excluded by hand before);
 * reopening a dismissed event clears only the review's exclusion.
 */
export async function moveReview(
  db: Queryable,
  id: string,
  from: EventReviewState,
  to: EventReviewState,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE device_events SET
       review_state = $3,
       excluded = CASE WHEN $3 = 'dismissed' THEN true
                       WHEN $2 = 'dismissed' AND excluded_by_review THEN false
                       ELSE excluded END,
       excluded_by_review = CASE WHEN $3 = 'dismissed' THEN NOT excluded
                                 WHEN $2 = 'dismissed' THEN false
                                 ELSE excluded_by_review END
     WHERE id = $1 AND review_state = $2
     RETURNING id`,
    [id, from, to],
  );
  return rows.length > 0;
}

export async function setAssignee(db: Queryable, id: string, assigneeId: string | null): Promise<void> {
  await db.query('UPDATE device_events SET assignee_id = $2 WHERE id = $1', [id, assigneeId]);
}

const NOTE_COLUMNS = `n.id, ${named('n.operator_id', 'n.operator_name')} AS operator, n.note,
  ${named('n.author_id', 'n.author_name')} AS author, ${iso('n.created_at')} AS created_at,
  CASE WHEN n.acknowledged_at IS NULL THEN NULL ELSE ${iso('n.acknowledged_at')} END AS acknowledged_at,
  CASE WHEN n.acknowledged_recorded_by_name IS NULL THEN NULL
       ELSE json_build_object('id', coalesce(n.acknowledged_recorded_by::text, ''), 'name', n.acknowledged_recorded_by_name) END
    AS acknowledged_recorded_by`;

export async function listNotes(db: Queryable, eventId: string): Promise<CoachingNote[]> {
  return db.query<CoachingNote>(
    `SELECT ${NOTE_COLUMNS} FROM event_coaching_notes n WHERE n.event_id = $1 ORDER BY n.created_at, n.id`,
    [eventId],
  );
}

/** A note of the event, or undefined; `lock` holds it until the transaction ends. */
export async function findNote(
  db: Queryable,
  eventId: string,
  noteId: string,
  lock = false,
): Promise<{ id: string; operator_id: string | null; acknowledged: boolean } | undefined> {
  const [row] = await db.query<{ id: string; operator_id: string | null; acknowledged: boolean }>(
    `SELECT id, operator_id, acknowledged_at IS NOT NULL AS acknowledged FROM event_coaching_notes
      WHERE id = $2 AND event_id = $1 ${lock ? 'FOR UPDATE' : ''}`,
    [eventId, noteId],
  );
  return row;
}

/** A coaching note for the event's operator of now, written by `authorId`. */
export async function insertNote(
  db: Queryable,
  note: { eventId: string; authorId: string; text: string },
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `INSERT INTO event_coaching_notes (event_id, customer_id, operator_id, operator_name, note, author_id, author_name)
     SELECT e.id, e.customer_id, o.id, CASE WHEN o.id IS NULL THEN NULL ELSE o.first_name || ' ' || o.last_name END,
            $3, u.id, ${userName('u')}
       FROM device_events e
       LEFT JOIN operators o ON o.id = e.operator_id AND o.customer_id = e.customer_id
       JOIN users u ON u.id = $2
      WHERE e.id = $1
     RETURNING id`,
    [note.eventId, note.authorId, note.text],
  );
  if (!row) throw new Error('coaching note not stored');
  return row.id;
}

/** Records that the operator acknowledged the note, as `recorderId` saw it, once. */
export async function acknowledgeNote(db: Queryable, noteId: string, recorderId: string): Promise<boolean> {
  const rows = await db.query(
    `UPDATE event_coaching_notes n SET acknowledged_at = now(), acknowledged_recorded_by = u.id,
            acknowledged_recorded_by_name = ${userName('u')}
       FROM users u
      WHERE n.id = $1 AND u.id = $2 AND n.acknowledged_at IS NULL
     RETURNING n.id`,
    [noteId, recorderId],
  );
  return rows.length > 0;
}

/**
 * Users who might review an event of `customerId`, for the caller of `scope`: enabled users of a
 * company that sees it (its own or one above it) that the caller sees, and provider staff. The
 * privilege is checked by the service (access.ts `allows`), not restated here.
 */
export async function reviewerCandidates(
  db: Queryable,
  scope: Scoped,
  customerId: string,
): Promise<{ id: string; name: string; username: string }[]> {
  return db.query(
    `WITH RECURSIVE above AS (
       SELECT id, parent_id FROM customers WHERE id = $2
       UNION ALL
       SELECT c.id, c.parent_id FROM customers c JOIN above a ON c.id = a.parent_id
     )
     SELECT u.id, ${userName('u')} AS name, u.username
       FROM users u JOIN customers c ON c.id = u.customer_id
      WHERE u.enabled AND c.enabled
        AND (c.is_provider OR (u.customer_id IN (SELECT id FROM above) AND ${scope.inScope('u.customer_id', 1)}))
      ORDER BY c.is_provider, name, u.username`,
    [scope.customerIds, customerId],
  );
}

/**
 * The inbox of `userId`: events assigned to them and still open, and unassigned events needing
 * review in the visible customers, newest first; `total` counted up to `countMax`.
 */
export async function inboxPage(
  db: Queryable,
  scope: Scoped,
  userId: string,
  page: { limit: number; offset: number; countMax: number },
): Promise<{ rows: { id: string; assignee: { id: string; name: string } | null }[]; total: number }> {
  const customers = scope.customerIds === null ? 'ARRAY(SELECT id FROM customers)' : '$1::uuid[]';
  const order = 'ORDER BY e.time DESC, e.id DESC';
  // Each part is cut at `cut` rows: the page's end, or the count's bound.
  const waiting = (cut: string) => `
    (SELECT e.id, e.time, e.assignee_id FROM device_events e
      WHERE e.assignee_id = $2 AND e.review_state IN ('needs-review', 'needs-coaching')
        AND ${scope.inScope('e.customer_id', 1)}
      ${order} LIMIT ${cut})
    UNION ALL
    (SELECT e.id, e.time, e.assignee_id FROM unnest(${customers}) AS s(customer_id)
       CROSS JOIN LATERAL (
         SELECT e.id, e.time, e.assignee_id FROM device_events e
          WHERE e.customer_id = s.customer_id AND e.review_state = 'needs-review' AND e.assignee_id IS NULL
          ${order} LIMIT ${cut}) e)`;
  const params = [scope.customerIds, userId];
  const rows = await db.query<{ id: string; assignee: { id: string; name: string } | null }>(
    `SELECT e.id, ${named('u.id', userName('u'))} AS assignee
       FROM (SELECT * FROM (${waiting('$3')}) e ${order} LIMIT $4 OFFSET $5) e
       LEFT JOIN users u ON u.id = e.assignee_id
      ${order}`,
    [...params, page.limit + page.offset, page.limit, page.offset],
  );
  const [count] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM (${waiting('$3')}) e LIMIT $3) t`,
    [...params, page.countMax + 1],
  );
  return { rows, total: count?.n ?? 0 };
}
