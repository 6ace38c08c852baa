// The rules of service accounts: whoever creates one gives it only privileges they hold
// themselves (contracts access/grants.ts, as for roles), for a company they may use; its secret is
// answered once and stored hashed; revoking deletes it, so its client and its tokens stop at once
// (the API reads the account on every call, platform/auth.ts).
import {
  type serviceAccountCreateSchema,
  type serviceAccountListQuerySchema,
  serviceAccountResource,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { found } from '../../platform/errors.ts';
import { mustHoldPrivileges } from '../../platform/grants.ts';
import { pageOf } from '../../platform/lists.ts';
import { recordWrites } from '../../platform/records.ts';
import {
  deleteServiceAccount,
  findServiceAccount,
  insertServiceAccount,
  listServiceAccounts,
} from './repository.ts';
import { newClientSecret, secretHash } from './secrets.ts';

const accountWrites = recordWrites(serviceAccountResource);

export function serviceAccountService(database: DatabaseHandle) {
  const writes = accountWrites(database);
  const get = async (scope: Scoped, id: string) => found(await findServiceAccount(database, scope, id));

  return {
    get,
    list: async (scope: Scoped, query: z.output<typeof serviceAccountListQuerySchema>) =>
      pageOf(query, await listServiceAccounts(database, scope, query)),

    async create(access: RequestAccess, body: z.output<typeof serviceAccountCreateSchema>) {
      mustHoldPrivileges(access.principal, body.privileges, 'serviceAccountPrivilegesNotHeld', 'privileges');
      // A company the caller may not see is answered like one that does not exist.
      await access.mustUseCustomer(body.customer_id);
      const secret = newClientSecret();
      const id = await writes.create(access, (tx) =>
        insertServiceAccount(tx, body, access.principal.userId, secretHash(secret)),
      );
      return { ...(await get(access, id)), client_secret: secret };
    },

    async remove(access: RequestAccess, id: string) {
      await writes.remove(access, id, async (tx) => deleteServiceAccount(tx, access, id));
      return { id };
    },
  };
}
