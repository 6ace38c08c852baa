// The vehicle token of a pre-shift check link (the QR code stuck on the vehicle): the vehicle's id
// and an HMAC of it under a key the server keeps (server_secrets), so a link names one vehicle and
// cannot be made for another. It does not expire: the code is printed once and stays on the
// vehicle; who may answer is decided by the sign-on (service.ts), not by the link.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { DatabaseHandle } from '../../db/client.ts';
import { serverSecret } from '../../platform/secrets.ts';

const SECRET_NAME = 'pre_shift_link_key';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function vehicleTokens(database: DatabaseHandle) {
  let key: Promise<Buffer> | undefined;
  const keyOf = () => {
    key ??= serverSecret(database, SECRET_NAME);
    key.catch(() => {
      key = undefined;
    });
    return key;
  };
  const signatureOf = async (vehicleId: string) =>
    createHmac('sha256', await keyOf())
      .update(`pre-shift\n${vehicleId}`)
      .digest('base64url');

  return {
    /** The token of the vehicle's check link. */
    sign: async (vehicleId: string) => `${vehicleId}.${await signatureOf(vehicleId)}`,
    /** The vehicle a token names, or undefined when it is not one of ours. */
    async vehicleOf(token: string): Promise<string | undefined> {
      const [vehicleId, signature, ...rest] = token.split('.');
      if (!vehicleId || !signature || rest.length > 0 || !UUID.test(vehicleId)) return undefined;
      const expected = Buffer.from(await signatureOf(vehicleId));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected) ? vehicleId : undefined;
    },
  };
}
