// The rules of the user screens (console spec §7): who reads which user, who gives which access
// (assignments.ts: nobody grants more than they hold, nobody changes their own access, without
// user:edit or a staff role people edit only their own profile), unique usernames and e-mail
// addresses, the audit of every write (never the password hash), and the profile push when a
// user's access changed.
import {
  editsOtherUsers,
  type ListQuery,
  LOGIN_AFTER_RESET_LIMIT,
  type userCreateSchema,
  type userListQuerySchema,
  type userUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { pageOf, pageWindow } from '../../platform/lists.ts';
import type { LiveHub } from '../../platform/live.ts';
import { recordWrites } from '../../platform/records.ts';
import { hashPassword } from '../identity/password.ts';
import { accessAfter, mustGive, mustKeepOwnAccess, mustManage, userAccessOf } from './assignments.ts';
import { listResets } from './devices.repository.ts';
import { loginHistory, loginsSince } from './history.repository.ts';
import { pushProfileChanged } from './profileChanged.ts';
import { deleteUser, findUser, insertUser, listUsers, type UserWrite, updateUser } from './repository.ts';

const userWrites = recordWrites('user', 'users', {
  users_username_key: { field: 'username', key: 'usernameInUse' },
  users_email_key: { field: 'email', key: 'emailInUse' },
});

export function userService(database: DatabaseHandle, hub: LiveHub) {
  const writes = userWrites(database);
  /** A user of the caller's companies; another tenant's answers 404. */
  const find = async (scope: Scoped, id: string) => found(await findUser(database, scope, id));

  return {
    find,
    list: async (scope: Scoped, query: z.output<typeof userListQuerySchema>) =>
      pageOf(query, await listUsers(database, scope, query)),

    /** One user with the latest sign-ins: oneself, or others for who edits or views users. */
    async get(access: RequestAccess, id: string) {
      const me = access.principal;
      if (id !== me.userId && !editsOtherUsers(me) && !me.roles.includes('user:view'))
        throw new ApiError('forbidden');
      const user = await find(access, id);
      return { ...user, login_history: (await loginHistory(database, user.id, 20)).list };
    },

    async loginHistory(scope: Scoped, id: string, query: ListQuery) {
      const user = await find(scope, id);
      return pageOf(query, await loginHistory(database, user.id, ...pageWindow(query)));
    },

    /** Failed sign-ins (wrong password, locked, disabled), newest first. */
    async failedLogins(scope: Scoped, id: string, query: ListQuery) {
      const user = await find(scope, id);
      const [limit, offset] = pageWindow(query);
      return pageOf(query, await loginHistory(database, user.id, limit, offset, true));
    },

    /** The latest device reset and every sign-in attempt after it (all of them when never reset). */
    async loginsAfterReset(scope: Scoped, id: string) {
      const user = await find(scope, id);
      const [reset] = await listResets(database, user.id, 1);
      const list = await loginsSince(database, user.id, reset?.created_at ?? null, LOGIN_AFTER_RESET_LIMIT);
      return { reset: reset ?? null, list };
    },

    async resets(scope: Scoped, id: string) {
      return listResets(database, (await find(scope, id)).id);
    },

    async create(access: RequestAccess, body: z.output<typeof userCreateSchema>) {
      const { username, password, ...fields } = body;
      await mustGive(database, access, fields);
      const passwordHash = await hashPassword(password);
      const write = { ...fields, passwordHash } as UserWrite;
      return find(access, await writes.create(access, (tx) => insertUser(tx, username, write)));
    },

    async update(access: RequestAccess, id: string, body: z.output<typeof userUpdateSchema>) {
      const me = access.principal;
      const current = await find(access, id);
      const { password, customer_id, sys_role, role_id, manager, download_role, ...personal } = body;
      const next = accessAfter(current, { customer_id, sys_role, role_id, manager, download_role });
      if (current.id === me.userId) mustKeepOwnAccess(current, next);
      else {
        if (!editsOtherUsers(me)) throw new ApiError('forbidden');
        mustManage(me, current);
        await mustGive(database, access, next, current);
      }
      const passwordHash = password ? await hashPassword(password) : undefined;
      const write = { ...personal, ...next, passwordHash } as UserWrite;
      await writes.update(access, current.id, (tx) => updateUser(tx, current.id, write));
      const after = await find(access, current.id);
      // Spec §4: a role change reaches the user's open consoles at once.
      if (JSON.stringify(userAccessOf(current)) !== JSON.stringify(userAccessOf(after)))
        await pushProfileChanged(database, hub, { userIds: [current.id] });
      return after;
    },

    async remove(access: RequestAccess, id: string) {
      const target = await find(access, id);
      if (target.id === access.principal.userId)
        throw new ApiError('forbidden', { messageKey: 'cannotDeleteSelf' });
      mustManage(access.principal, target);
      await writes.remove(access, target.id, (tx) => deleteUser(tx, target.id));
      return { id: target.id };
    },
  };
}
