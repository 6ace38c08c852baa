// A user's sign-in history (login_history, written by identity/repository.ts): read only for a
// user the caller has found in their scope (service.ts).
import type { ListQuery, LoginHistoryEntry } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { type Ordering, pageRows } from '../../platform/lists.ts';

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

/** Newest first, the id breaking ties the same way. */
const ORDER: Ordering = {
  alias: 'h',
  plain: ['created_at'],
  fallback: 'created_at',
  descending: true,
  tiesFollow: true,
};

/** Sign-ins of a user, newest first, a page of them; `failedOnly`: wrong password, locked, disabled. */
export function loginHistory(
  database: DatabaseHandle,
  userId: string,
  page: Pick<ListQuery, 'page' | 'perPage'>,
  failedOnly = false,
): Promise<{ list: LoginHistoryEntry[]; total: number }> {
  const sql = {
    select: `SELECT ${HISTORY_COLUMNS.split(', ')
      .map((c) => `h.${c}`)
      .join(', ')} FROM login_history h`,
    count: 'FROM login_history h',
    where: `WHERE h.user_id = $1 ${failedOnly ? 'AND NOT h.succeeded' : ''}`,
    order: ORDER,
  };
  return pageRows(database, sql, [userId], { page: page.page, perPage: page.perPage }, toEntry);
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
