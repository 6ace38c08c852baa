// The replicas' broker sessions (0036_broker_sessions.sql): seen while connected, adopted when not.
import type { Queryable } from '../../db/client.ts';

/** This replica is connected with `clientId`: its session is alive. */
export async function markSessionSeen(db: Queryable, clientId: string, holder: string): Promise<void> {
  await db.query(
    `INSERT INTO broker_sessions (client_id, holder, seen_at) VALUES ($1, $2, now())
     ON CONFLICT (client_id) DO UPDATE SET holder = EXCLUDED.holder, seen_at = now()`,
    [clientId, holder],
  );
}

/** Takes, for `holder`, one session unseen for `seconds` (answers its client id), if any. */
export async function claimStaleSession(
  db: Queryable,
  holder: string,
  seconds: number,
  except: string,
): Promise<string | undefined> {
  const [row] = await db.query<{ client_id: string }>(
    `UPDATE broker_sessions SET holder = $1, seen_at = now()
      WHERE client_id = (SELECT client_id FROM broker_sessions
                          WHERE seen_at < now() - make_interval(secs => $2) AND client_id <> $3
                          ORDER BY seen_at LIMIT 1)
      RETURNING client_id`,
    [holder, seconds, except],
  );
  return row?.client_id;
}

/** The session ended (closed cleanly, or adopted): forgotten, unless its replica came back meanwhile. */
export async function forgetSession(db: Queryable, clientId: string, holder: string): Promise<void> {
  await db.query('DELETE FROM broker_sessions WHERE client_id = $1 AND holder = $2', [clientId, holder]);
}
