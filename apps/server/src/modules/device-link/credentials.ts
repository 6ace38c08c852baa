// Per-device credentials for the MQTT broker. The MQTT username and client id are the device id;
// the password is a 256-bit random secret, shown once when issued or rotated and stored as its
// SHA-256 (see 0010_device_link.sql for why not a slow password hash).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import type { LinkedDevice } from './repository.ts';

const sha256 = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new secret for a device, replacing any previous one at once. */
export async function issueSecret(
  db: Queryable,
  devicePk: string,
  issuedBy: string | null,
): Promise<{ secret: string; rotatedAt: string }> {
  const secret = randomBytes(32).toString('base64url');
  const [row] = await db.query<{ rotated_at: Date }>(
    `INSERT INTO device_credentials (device_pk, secret_sha256, rotated_by) VALUES ($1, $2, $3)
     ON CONFLICT (device_pk) DO UPDATE
        SET secret_sha256 = EXCLUDED.secret_sha256, rotated_by = EXCLUDED.rotated_by, rotated_at = now()
     RETURNING rotated_at`,
    [devicePk, sha256(secret), issuedBy],
  );
  return { secret, rotatedAt: new Date(row?.rotated_at ?? Date.now()).toISOString() };
}

export async function credentialIssuedAt(db: Queryable, devicePk: string): Promise<string | null> {
  const [row] = await db.query<{ rotated_at: Date }>(
    'SELECT rotated_at FROM device_credentials WHERE device_pk = $1',
    [devicePk],
  );
  return row ? new Date(row.rotated_at).toISOString() : null;
}

/** The device whose id and secret these are, or undefined (unknown device, no secret, wrong secret). */
export async function checkDeviceSecret(
  db: Queryable,
  deviceId: string,
  secret: string,
): Promise<LinkedDevice | undefined> {
  const [row] = await db.query<LinkedDevice & { hash: string }>(
    `SELECT d.id AS "pk", d.device_id AS "deviceId", d.customer_id AS "customerId", d.vehicle_id AS "vehicleId",
            c.secret_sha256 AS "hash"
       FROM devices d JOIN device_credentials c ON c.device_pk = d.id
      WHERE d.device_id = $1`,
    [deviceId],
  );
  const given = Buffer.from(sha256(secret), 'hex');
  const stored = Buffer.from(row?.hash ?? sha256(`${deviceId}:none`), 'hex');
  const match = timingSafeEqual(given, stored) && row !== undefined;
  if (!match || !row) return undefined;
  const { hash: _, ...device } = row;
  return device;
}
