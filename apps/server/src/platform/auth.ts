// Who is calling. The API accepts bearer access tokens from the embedded realm (verified against
// its own public keys, no network) and from the issuers in OIDC_ISSUERS (their JWKS fetched and
// cached by jose). The token proves identity only: what the caller may do is read from the
// database on every call, so disabling a user or changing a role takes effect at once.
import {
  ALL_PRIVILEGES,
  type CustomerFunction,
  type DownloadRole,
  holdsPrivilege,
  SERVICE_CLIENT_PREFIX,
  type SysRole,
  userRoleList,
} from '@fleetlens/contracts';
import type { FastifyRequest } from 'fastify';
import {
  createLocalJWKSet,
  createRemoteJWKSet,
  decodeJwt,
  type JSONWebKeySet,
  type JWTPayload,
  errors as joseErrors,
  jwtVerify,
} from 'jose';
import type { DatabaseHandle } from '../db/client.ts';
import { type ServiceAccountRow, serviceAccountRow, type UserRow, userRows } from './auth.repository.ts';
import { ApiError } from './errors.ts';

export interface Principal {
  userId: string;
  username: string;
  customerId: string;
  sysRole: SysRole;
  privileges: string[];
  functions: CustomerFunction[];
  /** sysRole plus privileges: what the role-visibility rule reads (spec §6). */
  roles: string[];
  isManager: boolean;
  downloadRole: DownloadRole;
  /** The OpenID session the token belongs to, when the issuer names one. */
  sessionState: string | undefined;
  /**
   * A service account's token: the account's id. Then userId is its creator's (audit
   * entries name them), customerId the account's company, privileges the account's that its
   * creator still holds, and no flag (manager, download role) is set.
   */
  serviceAccountId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: Principal;
  }
}

export interface TokenVerifierOptions {
  embeddedIssuer: string | undefined;
  embeddedJwks: JSONWebKeySet | undefined;
  externalIssuers: string[];
  audience: string;
}

/** A user's privileges: admin holds every one; others those of their role. Tokens and API agree. */
export function privilegesOf(sysRole: SysRole, rolePrivileges: readonly string[] | null): string[] {
  return sysRole === 'admin' ? [...ALL_PRIVILEGES] : [...(rolePrivileges ?? [])];
}

function principalFrom(row: UserRow, sessionState: string | undefined): Principal {
  const privileges = privilegesOf(row.sys_role, row.privileges);
  return {
    userId: row.id,
    username: row.username,
    customerId: row.customer_id,
    sysRole: row.sys_role,
    privileges,
    functions: row.functions,
    roles: userRoleList(row.sys_role, privileges),
    isManager: row.is_manager,
    downloadRole: row.download_role,
    sessionState,
  };
}

/** A service account's principal, or undefined when it, its company or its creator is unusable. */
function servicePrincipal(account: ServiceAccountRow | undefined): Principal | undefined {
  const creator = account?.creator;
  if (!account?.customer_enabled || !creator?.enabled || !creator.customer_enabled) return undefined;
  const holder = {
    sysRole: creator.sys_role,
    privileges: privilegesOf(creator.sys_role, creator.privileges),
    isManager: creator.is_manager,
    downloadRole: creator.download_role,
  };
  const privileges = account.privileges.filter((p) => holdsPrivilege(holder, p));
  return {
    userId: creator.id,
    username: `${SERVICE_CLIENT_PREFIX}${account.id}`,
    customerId: account.customer_id,
    sysRole: 'user',
    privileges,
    functions: account.functions,
    roles: userRoleList('user', privileges),
    isManager: false,
    downloadRole: 'none',
    sessionState: undefined,
    serviceAccountId: account.id,
  };
}

export function createAuthenticator(database: DatabaseHandle, options: TokenVerifierOptions) {
  const local = options.embeddedJwks ? createLocalJWKSet(options.embeddedJwks) : undefined;
  const remote = new Map(
    options.externalIssuers.map((iss) => [
      iss.replace(/\/$/, ''),
      createRemoteJWKSet(new URL(`${iss.replace(/\/$/, '')}/protocol/openid-connect/certs`)),
    ]),
  );

  async function verify(token: string): Promise<{ payload: JWTPayload; embedded: boolean }> {
    let issuer: string | undefined;
    try {
      issuer = decodeJwt(token).iss;
    } catch {
      throw new ApiError('unauthorized');
    }
    const embedded = issuer !== undefined && issuer === options.embeddedIssuer;
    const keys = embedded ? local : issuer ? remote.get(issuer) : undefined;
    if (!keys || !issuer) throw new ApiError('unauthorized');
    try {
      const { payload } = await jwtVerify(token, keys, { issuer, audience: options.audience });
      return { payload, embedded };
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) throw new ApiError('tokenExpired');
      throw new ApiError('unauthorized');
    }
  }

  /** Verifies a token and loads its user; throws ApiError 50008 / 50014 / 50012. */
  async function principalOf(token: string): Promise<Principal> {
    const { payload, embedded } = await verify(token);
    // Our realm's client-credentials token: its subject is the service account's client id.
    const sub = payload.sub ?? '';
    if (embedded && sub.startsWith(SERVICE_CLIENT_PREFIX) && payload.client_id === sub) {
      const account = await serviceAccountRow(database, sub.slice(SERVICE_CLIENT_PREFIX.length));
      const principal = servicePrincipal(account);
      if (!principal) throw new ApiError('sessionInvalid');
      return principal;
    }
    // Our realm's subject is the user id; an external realm's users are matched by username.
    const rows = embedded
      ? await userRows(database, 'id', [payload.sub ?? ''])
      : await userRows(database, 'username', [String(payload.preferred_username ?? '')]);
    const row = rows[0];
    if (!row?.enabled || !row.customer_enabled) throw new ApiError('sessionInvalid');
    return principalFrom(row, typeof payload.sid === 'string' ? payload.sid : undefined);
  }

  /**
   * The principals of these users as they stand now, by user id, in one query; a user deleted,
   * disabled or of a disabled company is absent. The live channel re-reads its sockets' users so.
   */
  async function currentPrincipals(userIds: readonly string[]): Promise<Map<string, Principal>> {
    const rows = await userRows(database, 'id', userIds);
    const usable = rows.filter((row) => row.enabled && row.customer_enabled);
    return new Map(usable.map((row) => [row.id, principalFrom(row, undefined)]));
  }

  return {
    principalOf,
    currentPrincipals,
    /** Authenticates a request from its Authorization header. */
    async authenticate(request: FastifyRequest): Promise<Principal> {
      if (request.principal) return request.principal;
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1]) throw new ApiError('unauthorized');
      request.principal = await principalOf(match[1]);
      return request.principal;
    },
  };
}

export type Authenticator = ReturnType<typeof createAuthenticator>;
