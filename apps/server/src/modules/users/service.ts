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
  userResource,
  type userUpdateSchema,
} from '@fleetlens/contracts';
import type { z } from 'zod';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess, Scoped } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import { pageOf } from '../../platform/lists.ts';
import type { LiveHub } from '../../platform/live.ts';
import { recordWrites } from '../../platform/records.ts';
import { hashPassword } from '../identity/public.ts';
import { accessAfter, mustGive, mustKeepOwnAccess, mustManage, userAccessOf } from './assignments.ts';
import { listResets } from './devices.repository.ts';
import { loginHistory, loginsSince } from './history.repository.ts';
import { pushProfileChanged } from './profileChanged.ts';
import {
  deleteUser,
  findUser,
  followableGroups,
  insertUser,
  listUsers,
  setUserGroups,
  type UserWrite,
  updateUser,
} from './repository.ts';

const userWrites = recordWrites(userResource);

export function userService(database: DatabaseHandle, hub: LiveHub) {
  const writes = userWrites(database);
  /** A user of the caller's companies; another tenant's answers 404. */
  const find = async (scope: Scoped, id: string) => found(await findUser(database, scope, id));
  /** The vehicle groups a user of `customerId` is to follow: each one theirs to follow, or 400. */
  const mustFollow = async (access: RequestAccess, customerId: string, groups: string[]) => {
    const wanted = [...new Set(groups)];
    const allowed = await followableGroups(database, access, customerId, wanted);
    if (allowed.length !== wanted.length)
      throw new ApiError('validation', { fields: [{ field: 'groups', key: 'groupUnknown' }] });
    return wanted;
  };

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
      return {
        ...user,
        login_history: (await loginHistory(database, user.id, { page: 1, perPage: 20 })).list,
      };
    },

    async loginHistory(scope: Scoped, id: string, query: ListQuery) {
      const user = await find(scope, id);
      return pageOf(query, await loginHistory(database, user.id, query));
    },

    /** Failed sign-ins (wrong password, locked, disabled), newest first. */
    async failedLogins(scope: Scoped, id: string, query: ListQuery) {
      const user = await find(scope, id);
      return pageOf(query, await loginHistory(database, user.id, query, true));
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
      const { username, password, groups, ...fields } = body;
      await mustGive(database, access, fields);
      const followed = await mustFollow(access, fields.customer_id, groups);
      const passwordHash = await hashPassword(password);
      const write = { ...fields, passwordHash } as UserWrite;
      return find(
        access,
        await writes.create(access, async (tx) => {
          const made = await insertUser(tx, username, write);
          await setUserGroups(tx, made, followed);
          return made;
        }),
      );
    },

    async update(access: RequestAccess, id: string, body: z.output<typeof userUpdateSchema>) {
      const me = access.principal;
      const current = await find(access, id);
      const { password, customer_id, sys_role, role_id, manager, download_role, groups, ...given } = body;
      const next = accessAfter(current, { customer_id, sys_role, role_id, manager, download_role });
      // Left out, whose events the user is notified of stays as it is.
      const personal = {
        ...given,
        event_groups: given.event_groups ?? current.event_groups,
        notify_event_based_on_groups:
          given.notify_event_based_on_groups ?? current.notify_event_based_on_groups,
      };
      if (current.id === me.userId) mustKeepOwnAccess(current, next);
      else {
        if (!editsOtherUsers(me)) throw new ApiError('forbidden');
        mustManage(me, current);
        await mustGive(database, access, next, current);
      }
      // Groups given must all be followable; left out, those still followable in the company the
      // user ends up in are kept (a user moved to another company stops following the old ones).
      const followed = groups
        ? await mustFollow(access, next.customer_id, groups)
        : await followableGroups(
            database,
            access,
            next.customer_id,
            current.groups.map((g) => g.id),
          );
      const passwordHash = password ? await hashPassword(password) : undefined;
      const write = { ...personal, ...next, passwordHash } as UserWrite;
      await writes.update(access, current.id, async (tx) => {
        await updateUser(tx, current.id, write);
        await setUserGroups(tx, current.id, followed);
      });
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
