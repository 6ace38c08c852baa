// A company's service accounts as the realm's clients (modules/integrations): each is a
// confidential client of the client-credentials grant only, authenticated by client_secret_basic
// or client_secret_post. Its metadata is read from the database at every token request (so a
// revoked account is an unknown client at once); the secret it holds is the stored digest, and
// its comparison digests what the caller sent.
import { SERVICE_CLIENT_PREFIX } from '@fleetlens/contracts';
import type Provider from 'oidc-provider';
import type { DatabaseHandle } from '../../db/client.ts';
import { secretMatches, serviceAccountOfClient, usableSecretHash } from '../integrations/public.ts';
import type { ClientFinder } from './adapter.repository.ts';

export const serviceClientFinder =
  (database: DatabaseHandle): ClientFinder =>
  async (clientId) => {
    const hash = await usableSecretHash(database, clientId);
    if (!hash) return undefined;
    return {
      client_id: clientId,
      client_secret: hash,
      client_name: 'FleetLens service account',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
    };
  };

/** Service clients compare digests; every other client (none has a secret today) as before. */
export function compareServiceSecret(provider: Provider): void {
  const prototype = provider.Client.prototype;
  const plain = prototype.compareClientSecret;
  prototype.compareClientSecret = function compare(this: typeof prototype, actual: string) {
    if (!this.clientId.startsWith(SERVICE_CLIENT_PREFIX)) return plain.call(this, actual);
    return secretMatches(actual, this.clientSecret ?? '');
  };
}

/** What a service account's access token carries besides the standard claims. */
export async function serviceAccountClaims(database: DatabaseHandle, clientId: string) {
  const account = await serviceAccountOfClient(database, clientId);
  if (!account) return undefined;
  return {
    sys_role: 'user',
    privileges: account.privileges,
    customer_id: account.customer_id,
    preferred_username: clientId,
    name: account.name,
  };
}
