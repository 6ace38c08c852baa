// Route guards. A route states who may call it; the guard authenticates the caller and checks
// the rule with the same functions the web's router uses (contracts access/roles.ts), so the
// server never allows what the console would hide, nor the reverse.
import { type CustomerFunction, hasSomeFunction, hasSomeRole } from '@fleetlens/contracts';
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { Authenticator, Principal } from './auth.ts';
import { ApiError } from './errors.ts';

export interface AccessRule {
  /** System roles or privileges ('vehicle:view'); any one of them is enough. Admin always passes. */
  roles?: readonly string[];
  /** Customer functions (feature flags); any one of them is enough. */
  functions?: readonly CustomerFunction[];
}

export function createAccess(auth: Authenticator) {
  /** A preValidation hook: callers are checked before their input is, so a stranger learns nothing of a call's schema. */
  return function access(rule: AccessRule = {}): preValidationAsyncHookHandler {
    return async (request) => {
      const principal = await auth.authenticate(request);
      if (rule.roles && !hasSomeRole(principal.roles, rule.roles)) throw new ApiError('forbidden');
      if (rule.functions && principal.sysRole === 'user') {
        if (!hasSomeFunction(principal.functions, rule.functions, () => {})) throw new ApiError('forbidden');
      }
    };
  };
}

export type Access = ReturnType<typeof createAccess>;

/** The principal of a request that passed a guard. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new ApiError('unauthorized');
  return request.principal;
}
