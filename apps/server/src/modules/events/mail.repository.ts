// The event e-mail's SQL: events waiting to be mailed, who is to receive one, and what was sent.
// A recipient is an enabled user of the event's company or of a company above it (whose users
// see it, platform/tenancy.ts), whose role may read events and whose flag covers the event's type;
// a user notified by groups (notify_event_based_on_groups) only of the events of the vehicles of
// their vehicle groups and of their event types (an empty list: all of them).
import type { EventMailFlag } from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';
import { recipientsSql } from '../../platform/recipients.repository.ts';

export interface MailEvent {
  id: string;
  customer_id: string;
  vehicle_id: string | null;
  type: string;
  time: Date;
  speed: number;
  vehicle: string | null;
  operator: string | null;
}

/** Events waiting for their e-mail, oldest first. */
export async function pendingMailEvents(db: Queryable, limit: number): Promise<MailEvent[]> {
  return db.query<MailEvent>(
    `SELECT e.id, e.customer_id, e.vehicle_id, e.type, e.time, e.speed::numeric::float8 AS speed, v.name AS vehicle,
            nullif(trim(o.first_name || ' ' || o.last_name), '') AS operator
       FROM device_events e
       LEFT JOIN vehicles v ON v.id = e.vehicle_id AND v.customer_id = e.customer_id
       LEFT JOIN operators o ON o.id = e.operator_id AND o.customer_id = e.customer_id
      WHERE e.mail_pending ORDER BY e.received_at LIMIT $1`,
    [limit],
  );
}

/** Events received before `before` are not mailed any more (e-mail was off, or failing, too long). */
export async function dropStaleMail(db: Queryable, before: Date): Promise<void> {
  await db.query('UPDATE device_events SET mail_pending = false WHERE mail_pending AND received_at < $1', [
    before,
  ]);
}

export interface Recipient {
  id: string;
  email: string;
}

const FLAG_COLUMNS: Record<EventMailFlag, string> = {
  notify_accelerate: 'u.notify_accelerate',
  notify_decelerate: 'u.notify_decelerate',
  notify_impact: 'u.notify_impact',
  notify_handle: 'u.notify_handle',
};

/** Who is to be mailed this event and has not been yet. */
export async function mailRecipients(
  db: Queryable,
  event: MailEvent,
  flag: EventMailFlag,
): Promise<Recipient[]> {
  return db.query<Recipient>(
    `${recipientsSql(FLAG_COLUMNS[flag], 'event:view')}
        AND (NOT u.notify_event_based_on_groups OR (
              (cardinality(u.event_groups) = 0 OR $3 = ANY(u.event_groups))
          AND (NOT EXISTS (SELECT 1 FROM user_vehicle_groups ug WHERE ug.user_id = u.id)
               OR EXISTS (SELECT 1 FROM user_vehicle_groups ug JOIN vehicles v ON v.group_id = ug.group_id AND v.customer_id = ug.customer_id
                           WHERE ug.user_id = u.id AND v.id = $4 AND v.customer_id = $1))))
        AND NOT EXISTS (SELECT 1 FROM event_mails m WHERE m.event_id = $2 AND m.customer_id = $1 AND m.user_id = u.id)
      ORDER BY u.id`,
    [event.customer_id, event.id, event.type, event.vehicle_id],
  );
}

/**
 * Claims one recipient's mail of an event before it is sent; false when another run (another
 * replica) has it. A send that fails gives it back (releaseMail), so a later run tries again.
 */
export async function claimMail(db: Queryable, event: MailEvent, userId: string): Promise<boolean> {
  const rows = await db.query(
    'INSERT INTO event_mails (event_id, customer_id, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING user_id',
    [event.id, event.customer_id, userId],
  );
  return rows.length > 0;
}

export async function releaseMail(db: Queryable, event: MailEvent, userId: string): Promise<void> {
  await db.query('DELETE FROM event_mails WHERE event_id = $1 AND customer_id = $2 AND user_id = $3', [
    event.id,
    event.customer_id,
    userId,
  ]);
}

export async function mailDone(db: Queryable, eventId: string): Promise<void> {
  await db.query('UPDATE device_events SET mail_pending = false WHERE id = $1', [eventId]);
}
