// Who may do what, in one place. A route states its rule; `allows` decides it, for the route
// guard and for every live push (platform/live.ts, device-link/live.ts), with the same functions
// the web's router uses (contracts access/roles.ts), so the server never allows what the console
// would hide, nor the reverse, and a socket never receives what the matching REST call refuses.
//
// The guard also gives the request its access object (`request.access`): the principal and the
// customers it may see, loaded once, which services check records against and repositories scope
// their SQL by. No module rebuilds the scope by hand (docs/decisions/2026-11-26-access-object-and-module-shape.md).
import { type AccessRule, allows } from '@fleetlens/contracts';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { DatabaseHandle, Queryable } from '../db/client.ts';
import type { Authenticator, Principal } from './auth.ts';
import { ApiError } from './errors.ts';
import { customerExists } from './tenancy.repository.ts';
import { inScope, isStaff, visibleCustomerIds } from './tenancy.ts';

// The rule and its decision are the contracts' (access/readRules.ts): the web asks the same.
export { type AccessRule, allows };

/** What a repository needs to scope its SQL: the visible customers. */
export interface Scoped {
  /** null: every customer (staff); else the caller's customer and its descendants. */
  readonly customerIds: string[] | null;
  /** SQL condition "`column` holds a visible customer", reading `customerIds` as parameter `$n`. */
  inScope(column: string, n: number): string;
}

/** The access of one caller: built once per request by the guard, or once per socket by a live push. */
export interface RequestAccess extends Scoped {
  readonly principal: Principal;
  /** Provider staff (admin, support, sales, kitting): every customer. */
  readonly isStaff: boolean;
  canSee(customerId: string): boolean;
  /** Another tenant's record answers exactly like a missing one: `otherwise` (404 unless told). */
  mustSee(customerId: string | null | undefined, otherwise?: () => ApiError): void;
  /** A customer a body names must exist and be visible; else 400 on customer_id. Pass `tx` inside a transaction. */
  mustUseCustomer(customerId: string, db?: Queryable): Promise<void>;
  /** A rule checked inside a handler: 403 unless `rule` allows; 404 unless every customer id is visible. */
  require(rule: AccessRule, customerIds?: readonly (string | null | undefined)[]): void;
}

const notFound = () => new ApiError('notFound');

/** The access of `principal`, its visible customers read now. */
export async function accessFor(database: DatabaseHandle, principal: Principal): Promise<RequestAccess> {
  const customerIds = await visibleCustomerIds(database, principal);
  const canSee = (customerId: string) => customerIds === null || customerIds.includes(customerId);
  const mustSee = (customerId: string | null | undefined, otherwise = notFound) => {
    if (!customerId || !canSee(customerId)) throw otherwise();
  };
  return {
    principal,
    isStaff: isStaff(principal),
    customerIds,
    inScope,
    canSee,
    mustSee,
    async mustUseCustomer(customerId, db = database) {
      if (!(await customerExists(db, customerId)) || !canSee(customerId))
        throw new ApiError('validation', { fields: [{ field: 'customer_id', key: 'customerNotFound' }] });
    },
    require(rule, ids = []) {
      if (!allows(principal, rule)) throw new ApiError('forbidden');
      for (const id of ids) mustSee(id);
    },
  };
}

/** Every customer: for the server's own work (seeding, jobs), never for a caller. */
export const EVERY_CUSTOMER: Scoped = { customerIds: null, inScope };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the route guard; undefined on a route without one. Read it with `accessOf`. */
    access?: RequestAccess;
  }
}

export function createAccess(auth: Authenticator, database: DatabaseHandle) {
  /** A preValidation hook: callers are checked before their input is, so a stranger learns nothing of a call's schema. */
  return function access(rule: AccessRule = {}): preValidationAsyncHookHandler {
    return async (request) => {
      const principal = await auth.authenticate(request);
      if (!allows(principal, rule)) throw new ApiError('forbidden');
      // A service account calls only what a privilege or role opens: the routes open to every
      // user are about the signed-in person (profile, password, browsers), which it is not.
      if (principal.serviceAccountId && !rule.roles?.length) throw new ApiError('forbidden');
      request.access ??= await accessFor(database, principal);
    };
  };
}

export type Access = ReturnType<typeof createAccess>;

/** The access of a request that passed a guard. */
export function accessOf(request: FastifyRequest): RequestAccess {
  if (!request.access) throw new ApiError('unauthorized');
  return request.access;
}

/** The principal of a request that passed a guard. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiError('unauthorized');
  return request.principal;
}
