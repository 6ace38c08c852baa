// Per-device credentials for the MQTT broker. The MQTT username and client id are the device id;
// the password is a 256-bit random secret, shown once when issued or rotated and stored as its
// SHA-256 (see 0010_device_link.sql for why not a slow password hash).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Queryable } from '../../db/client.ts';
import { deviceWithSecretHash, secretRotatedAt, storeSecretHash } from './credentials.repository.ts';
import type { LinkedDevice } from './repository.ts';

const sha256 = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');

/** A new secret for a device, replacing any previous one at once. */
export async function issueSecret(
  db: Queryable,
  devicePk: string,
  issuedBy: string | null,
): Promise<{ secret: string; rotatedAt: string }> {
  const secret = randomBytes(32).toString('base64url');
  const rotatedAt = await storeSecretHash(db, devicePk, sha256(secret), issuedBy);
  return { secret, rotatedAt: new Date(rotatedAt ?? Date.now()).toISOString() };
}

export async function credentialIssuedAt(db: Queryable, devicePk: string): Promise<string | null> {
  const rotatedAt = await secretRotatedAt(db, devicePk);
  return rotatedAt ? new Date(rotatedAt).toISOString() : null;
}

/** The device whose id and secret these are, or undefined (unknown device, no secret, wrong secret). */
export async function checkDeviceSecret(
  db: Queryable,
  deviceId: string,
  secret: string,
): Promise<LinkedDevice | undefined> {
  const row = await deviceWithSecretHash(db, deviceId);
  const given = Buffer.from(sha256(secret), 'hex');
  const stored = Buffer.from(row?.hash ?? sha256(`${deviceId}:none`), 'hex');
  const match = timingSafeEqual(given, stored) && row !== undefined;
  if (!match || !row) return undefined;
  const { hash: _, ...device } = row;
  return device;
}
