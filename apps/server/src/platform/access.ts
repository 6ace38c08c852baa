// Who may do what, in one place. A route states its rule; `allows` decides it, for the route
// guard and for every live push (platform/live.ts, device-link/live.ts), with the same functions
// the web's router uses (contracts access/roles.ts), so the server never allows what the console
// would hide, nor the reverse, and a socket never receives what the matching REST call refuses.
import { type CustomerFunction, hasSomeFunction, hasSomeRole } from '@fleetlens/contracts';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Authenticator, Principal } from './auth.ts';
import { ApiError } from './errors.ts';

export interface AccessRule {
  /** System roles or privileges ('vehicle:view'); any one of them is enough. Admin always passes. */
  roles?: readonly string[];
  /** Customer functions (feature flags); any one of them is enough. Binds customer users only. */
  functions?: readonly CustomerFunction[];
}

/** Whether `principal`, as it stands now, passes `rule`. Pure: no database, no request. */
export function allows(
  principal: Pick<Principal, 'roles' | 'sysRole' | 'functions'>,
  rule: AccessRule,
): boolean {
  if (rule.roles && !hasSomeRole(principal.roles, rule.roles)) return false;
  if (rule.functions && principal.sysRole === 'user')
    return hasSomeFunction(principal.functions, rule.functions, () => {});
  return true;
}

export function createAccess(auth: Authenticator) {
  /** A preValidation hook: callers are checked before their input is, so a stranger learns nothing of a call's schema. */
  return function access(rule: AccessRule = {}): preValidationAsyncHookHandler {
    return async (request) => {
      if (!allows(await auth.authenticate(request), rule)) throw new ApiError('forbidden');
    };
  };
}

export type Access = ReturnType<typeof createAccess>;

/** The principal of a request that passed a guard. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiError('unauthorized');
  return request.principal;
}
