// Reach: what an access lets one do, measured rather than read from the rule under test. A probe
// account of the access's company is given the access and calls every operation of the OpenAPI
// document (403 or not); the console's permitted screens (filterRoutes) and a colleague's
// signed-in browsers (the representative's right) are added.
import { allRoutes, filterRoutes, routeTable, userRoleList } from '@fleetlens/contracts';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import type { Access } from './accessState.ts';
import type { World } from './escalation.ts';
import { bearer } from './harness.ts';

const NIL = '00000000-0000-4000-8000-000000000000';

export interface ReachContext {
  app: FastifyInstance;
  query: DatabaseHandle['query'];
  world: World;
  /** The probe account and its role, by company. */
  probes: Map<string, { id: string; token: string; role: string }>;
  /** [method, path template] of every operation. */
  operations: [string, string][];
}

const accessKey = (access: Access) =>
  JSON.stringify({ ...access, privileges: [...access.privileges].sort() });

export function createReach({ app, query, world, probes, operations }: ReachContext) {
  const memo = new Map<string, Promise<Set<string>>>();
  // One measure at a time: a probe is one account.
  let probing: Promise<unknown> = Promise.resolve();

  function measure(access: Access): Promise<Set<string>> {
    const run = probing.then(async () => {
      const probe = probes.get(access.customerId);
      if (!probe) throw new Error(`no probe in ${access.customerId}`);
      await query('UPDATE roles SET privileges = $2 WHERE id = $1', [probe.role, access.privileges]);
      await query('UPDATE users SET sys_role = $2, is_manager = $3, download_role = $4 WHERE id = $1', [
        probe.id,
        access.sysRole,
        access.manager,
        access.downloadRole,
      ]);
      const reached = new Set<string>();
      for (const [method, template] of operations) {
        const write = method === 'post' || method === 'put';
        const res = await app.inject({
          method: method.toUpperCase() as 'GET',
          url: template.replace(/\{\w+\}/g, NIL),
          headers: bearer(probe.token),
          ...(write ? { payload: {} } : {}),
        });
        if (res.statusCode !== 403) reached.add(`${method.toUpperCase()} ${template}`);
      }
      const colleague = world.users.find((u) => u.customerId === access.customerId && u.id !== probe.id);
      const devices = await app.inject({
        url: `/api/v1/users/${colleague?.id ?? NIL}/login-devices`,
        headers: bearer(probe.token),
      });
      if (devices.statusCode === 200) reached.add("a colleague's signed-in browsers");
      const [company] = await query<{ functions: string[] }>(
        'SELECT functions FROM customers WHERE id = $1',
        [access.customerId],
      );
      const screens = filterRoutes(routeTable, {
        sysRole: access.sysRole,
        roles: userRoleList(access.sysRole, access.privileges),
        functions: company?.functions ?? [],
        downloadRole: access.downloadRole,
      });
      for (const route of allRoutes(screens)) reached.add(`screen ${route.name}`);
      return reached;
    });
    probing = run;
    return run;
  }

  function reachOf(access: Access): Promise<Set<string>> {
    const key = accessKey(access);
    let reach = memo.get(key);
    if (!reach) {
      reach = measure(access);
      memo.set(key, reach);
    }
    return reach;
  }

  /** What `access` reaches that `holder` does not (empty: within the holder's reach). */
  async function beyond(access: Access, holder: Access): Promise<string[]> {
    // An admin reaches everything (spec §6), so nothing is beyond one; nor is one's own access.
    if (holder.sysRole === 'admin' || accessKey(access) === accessKey(holder)) return [];
    const [theirs, mine] = await Promise.all([reachOf(access), reachOf(holder)]);
    return [...theirs].filter((r) => !mine.has(r));
  }

  return { beyond, measured: () => memo.size };
}
