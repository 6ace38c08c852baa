// The rules of custom roles (spec §6): whoever writes a role puts in it only privileges they hold
// themselves, and edits only a role whose privileges they hold; names are unique within a
// company; a role still held is not deleted. A change applies to signed-in users at their next
// call (the API reads privileges from the database on every request) and their screens follow
// at once (a profile-changed push).
import { type roleCreateSchema, roleResource, type roleUpdateSchema } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth.ts';
import { mustHoldPrivileges } from '../../platform/grants.ts';
import type { LiveHub } from '../../platform/live.ts';
import { recordWrites, scopedReads } from '../../platform/records.ts';
import { pushProfileChanged } from '../users/public.ts';
import { deleteRole, findRole, insertRole, listRoles, updateRole } from './repository.ts';

const roleWrites = recordWrites(roleResource);

/** A role carries only privileges its author holds, whoever holds it; the form's field names them. */
const mustHold = (
  me: Principal,
  privileges: readonly string[],
  key: 'privilegesNotHeld' | 'roleBeyondReach',
) => mustHoldPrivileges(me, privileges, key, key === 'privilegesNotHeld' ? 'privileges' : undefined);

export function roleService(database: DatabaseHandle, hub: LiveHub) {
  const writes = roleWrites(database);
  const { get, list } = scopedReads(database, findRole, listRoles);

  return {
    get,
    list,

    async create(access: RequestAccess, body: z.output<typeof roleCreateSchema>) {
      mustHold(access.principal, body.privileges, 'privilegesNotHeld');
      // A company the caller may not see is answered like one that does not exist.
      await access.mustUseCustomer(body.customer_id);
      return get(access, await writes.create(access, (tx) => insertRole(tx, body)));
    },

    async update(access: RequestAccess, id: string, body: z.output<typeof roleUpdateSchema>) {
      const before = await get(access, id);
      // Its holders keep nothing its editor could not have given them.
      mustHold(access.principal, before.privileges, 'roleBeyondReach');
      mustHold(access.principal, body.privileges, 'privilegesNotHeld');
      await writes.update(access, before.id, (tx) => updateRole(tx, before.id, body));
      const after = await get(access, before.id);
      // Its holders' screens follow their privileges (spec §4: they re-read their access).
      if (before.privileges.join() !== after.privileges.join())
        await pushProfileChanged(database, hub, { roleId: before.id });
      return after;
    },

    async remove(access: RequestAccess, id: string) {
      await writes.remove(access, id, (tx) => deleteRole(tx, access, id), 'roleInUse');
      return { id };
    },
  };
}
