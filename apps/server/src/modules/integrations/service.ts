// The rules of service accounts: whoever creates one gives it only privileges they hold
// themselves (contracts access/grants.ts, as for roles), for a company they may use; its secret is
// answered once and stored hashed; revoking deletes it, so its client and its tokens stop at once
// (the API reads the account on every call, platform/auth.ts).
import { type serviceAccountCreateSchema, serviceAccountResource } from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { mustHoldPrivileges } from '../../platform/grants.ts';
import { recordWrites, scopedReads } from '../../platform/records.ts';
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
  const { get, list } = scopedReads(database, findServiceAccount, listServiceAccounts);

  return {
    get,
    list,

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
