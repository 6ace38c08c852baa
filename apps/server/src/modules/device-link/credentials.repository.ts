// Per-device credentials in the database: the SHA-256 of each device's secret (credentials.ts).
import type { Queryable } from '../../db/client.ts';
import { firstValue } from '../../platform/rows.repository.ts';
import type { LinkedDevice } from './repository.ts';

/** Stores a device's new secret hash, replacing any previous one; answers when. */
export async function storeSecretHash(
  db: Queryable,
  devicePk: string,
  hash: string,
  issuedBy: string | null,
): Promise<Date | undefined> {
  const [row] = await db.query<{ rotated_at: Date }>(
    `INSERT INTO device_credentials (device_pk, customer_id, secret_sha256, rotated_by)
     SELECT d.id, d.customer_id, $2, $3 FROM devices d WHERE d.id = $1
     ON CONFLICT (device_pk, customer_id) DO UPDATE
        SET secret_sha256 = EXCLUDED.secret_sha256, rotated_by = EXCLUDED.rotated_by, rotated_at = now()
     RETURNING rotated_at`,
    [devicePk, hash, issuedBy],
  );
  return row?.rotated_at;
}

export const secretRotatedAt = (db: Queryable, devicePk: string) =>
  firstValue<Date>(db, 'SELECT rotated_at FROM device_credentials WHERE device_pk = $1', [devicePk]);

/** A device by its device id, with its secret's hash; undefined without a device or a secret. */
export async function deviceWithSecretHash(
  db: Queryable,
  deviceId: string,
): Promise<(LinkedDevice & { hash: string }) | undefined> {
  const [row] = await db.query<LinkedDevice & { hash: string }>(
    `SELECT d.id AS "pk", d.device_id AS "deviceId", d.customer_id AS "customerId", d.vehicle_id AS "vehicleId",
            c.secret_sha256 AS "hash"
       FROM devices d JOIN device_credentials c ON c.device_pk = d.id AND c.customer_id = d.customer_id
      WHERE d.device_id = $1`,
    [deviceId],
  );
  return row;
}
