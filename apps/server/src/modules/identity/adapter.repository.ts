// oidc-provider's storage adapter, a repository: sessions, interactions, codes, grants, refresh
// tokens... in the oidc_payloads table, so sign-ins survive restarts and every replica shares
// them. Expired rows are ignored on read and swept by `sweepExpired`.
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { DatabaseHandle } from '../../db/client.ts';

interface Row {
  payload: AdapterPayload;
  consumed_at: Date | string | null;
}

/**
 * Clients beyond the static console: a service account's metadata by client id (its secret the
 * stored digest), or undefined. The realm asks for a client on every token request, so a revoked
 * account is unknown at once.
 */
export type ClientFinder = (clientId: string) => Promise<AdapterPayload | undefined>;

export function createAdapterClass(database: DatabaseHandle, findClient: ClientFinder) {
  return class PostgresAdapter implements Adapter {
    readonly kind: string;
    constructor(kind: string) {
      this.kind = kind;
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      await database.query(
        `INSERT INTO oidc_payloads (kind, id, payload, grant_id, user_code, uid, expires_at)
         VALUES ($1, $2, $3::jsonb, $4, $5, $6, CASE WHEN $7::int > 0 THEN now() + make_interval(secs => $7::int) END)
         ON CONFLICT (kind, id) DO UPDATE SET payload = EXCLUDED.payload, grant_id = EXCLUDED.grant_id,
           user_code = EXCLUDED.user_code, uid = EXCLUDED.uid, expires_at = EXCLUDED.expires_at`,
        [
          this.kind,
          id,
          JSON.stringify(payload),
          payload.grantId ?? null,
          payload.userCode ?? null,
          payload.uid ?? null,
          expiresIn ?? 0,
        ],
      );
    }

    private async findWhere(column: 'id' | 'user_code' | 'uid', value: string) {
      const [row] = await database.query<Row>(
        `SELECT payload, consumed_at FROM oidc_payloads
          WHERE kind = $1 AND ${column} = $2 AND (expires_at IS NULL OR expires_at > now())`,
        [this.kind, value],
      );
      if (!row) return undefined;
      return row.consumed_at
        ? { ...row.payload, consumed: Math.floor(new Date(row.consumed_at).getTime() / 1000) }
        : row.payload;
    }

    find(id: string) {
      if (this.kind === 'Client') return findClient(id);
      return this.findWhere('id', id);
    }
    findByUserCode(userCode: string) {
      return this.findWhere('user_code', userCode);
    }
    findByUid(uid: string) {
      return this.findWhere('uid', uid);
    }

    async consume(id: string): Promise<void> {
      await database.query('UPDATE oidc_payloads SET consumed_at = now() WHERE kind = $1 AND id = $2', [
        this.kind,
        id,
      ]);
    }

    async destroy(id: string): Promise<void> {
      await database.query('DELETE FROM oidc_payloads WHERE kind = $1 AND id = $2', [this.kind, id]);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      await database.query('DELETE FROM oidc_payloads WHERE grant_id = $1', [grantId]);
    }
  };
}

export async function sweepExpired(database: DatabaseHandle): Promise<number> {
  const rows = await database.query('DELETE FROM oidc_payloads WHERE expires_at < now() RETURNING id');
  return rows.length;
}
