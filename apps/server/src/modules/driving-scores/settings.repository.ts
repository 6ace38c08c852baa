// A customer's score settings (table score_settings, 0105): which events beyond the harsh ones its
// scores count. Without a row, the defaults (contracts SCORE_DEFAULT_SETTINGS: none).
import {
  type OptionalScoreEventType,
  SCORE_DEFAULT_SETTINGS,
  type ScoreSettingsBody,
} from '@fleetlens/contracts';
import type { Queryable } from '../../db/client.ts';

/** The customer's settings, the defaults until it sets its own. */
export async function settingsOf(db: Queryable, customerId: string): Promise<ScoreSettingsBody> {
  const [row] = await db.query<ScoreSettingsBody>(
    'SELECT count_zone_breaches FROM score_settings WHERE customer_id = $1',
    [customerId],
  );
  return row ? { count_zone_breaches: row.count_zone_breaches } : { ...SCORE_DEFAULT_SETTINGS };
}

export async function hasOwnSettings(db: Queryable, customerId: string): Promise<boolean> {
  const rows = await db.query('SELECT 1 FROM score_settings WHERE customer_id = $1', [customerId]);
  return rows.length > 0;
}

export async function writeSettings(
  db: Queryable,
  customerId: string,
  body: ScoreSettingsBody,
  userId: string | null,
): Promise<void> {
  await db.query(
    `INSERT INTO score_settings (customer_id, count_zone_breaches, updated_by) VALUES ($1, $2, $3)
     ON CONFLICT (customer_id) DO UPDATE
       SET count_zone_breaches = EXCLUDED.count_zone_breaches, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [customerId, body.count_zone_breaches, userId],
  );
}

/** The optional event types each of these customers counts (a customer counting none is left out). */
export async function optionalTypesOf(
  db: Queryable,
  customerIds: readonly string[],
): Promise<Map<string, OptionalScoreEventType[]>> {
  if (customerIds.length === 0) return new Map();
  const rows = await db.query<{ customer_id: string }>(
    'SELECT customer_id FROM score_settings WHERE customer_id = ANY($1::uuid[]) AND count_zone_breaches',
    [[...new Set(customerIds)]],
  );
  return new Map(rows.map((r) => [r.customer_id, ['ZoneBreach']]));
}
