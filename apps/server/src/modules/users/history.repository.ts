// A user's sign-in history (login_history, written by identity/repository.ts): read only for a
// user the caller has found in their scope (service.ts).
import type { LoginHistoryEntry } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';

type HistoryRow = Omit<LoginHistoryEntry, 'created_at' | 'updated_at'> & {
  created_at: Date | string;
  updated_at: Date | string;
};
const HISTORY_COLUMNS = 'succeeded, reason, ip, user_agent, created_at, updated_at';
const toEntry = (r: HistoryRow): LoginHistoryEntry => ({
  succeeded: r.succeeded,
  reason: r.reason,
  ip: r.ip,
  user_agent: r.user_agent,
  created_at: new Date(r.created_at).toISOString(),
  updated_at: new Date(r.updated_at).toISOString(),
});

/** Sign-ins of a user, newest first; `failedOnly`: wrong password, locked, disabled. */
export async function loginHistory(
  database: DatabaseHandle,
  userId: string,
  limit: number,
  offset = 0,
  failedOnly = false,
): Promise<{ list: LoginHistoryEntry[]; total: number }> {
  const where = `WHERE user_id = $1 ${failedOnly ? 'AND NOT succeeded' : ''}`;
  const rows = await database.query<HistoryRow>(
    `SELECT ${HISTORY_COLUMNS} FROM login_history ${where}
      ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`,
    [userId, limit, offset],
  );
  const [count] = await database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM login_history ${where}`,
    [userId],
  );
  return { list: rows.map(toEntry), total: count?.n ?? 0 };
}

/** Sign-in attempts after `since` (all when null), newest first, at most `limit`. */
export async function loginsSince(
  database: DatabaseHandle,
  userId: string,
  since: string | null,
  limit: number,
): Promise<LoginHistoryEntry[]> {
  const rows = await database.query<HistoryRow>(
    `SELECT ${HISTORY_COLUMNS} FROM login_history WHERE user_id = $1 AND ($2::timestamptz IS NULL OR created_at > $2)
      ORDER BY created_at DESC, id DESC LIMIT $3`,
    [userId, since, limit],
  );
  return rows.map(toEntry);
}
