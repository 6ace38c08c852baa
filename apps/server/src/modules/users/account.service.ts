// The signed-in user's own calls (spec §7, used by the shell): who am I, may this browser stay
// signed in (the device limit, devices.repository.ts), whose browsers one may see or reset
// (contracts' one rule, within tenancy), and "I opened the notices".
import { type MyAnswer, mayResetDevices, mayViewDevices, type SessionCheckBody } from '@fleetlens/contracts';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import type { LiveHub } from '../../platform/live.ts';
import { latestManual } from '../manuals/public.ts';
import { admitDevice, listDevices, listResets, resetDevices } from './devices.repository.ts';
import { findProfile, markNotificationsOpened, userKind } from './repository.ts';

/** The browser asking, as the request shows it. */
export interface Client {
  userAgent: string | null;
  ip: string | null;
  log: FastifyBaseLogger;
}

export const clientOf = (request: FastifyRequest): Client => ({
  userAgent: request.headers['user-agent'] ?? null,
  ip: request.ip,
  log: request.log,
});

export function accountService(database: DatabaseHandle, hub: LiveHub, config: Config) {
  /** Every tab of the user, on every replica, shows an empty bell. */
  const bellOpened = hub.topic<string>('bell-opened', (userId) =>
    hub.broadcast(async (p) =>
      p.userId === userId ? { type: 'unread-count', data: { unreadNotificationCount: 0 } } : undefined,
    ),
  );
  /** Checks the caller may view (or reset) the target's browsers. */
  async function deviceTarget(access: RequestAccess, id: string, action: 'view' | 'reset'): Promise<void> {
    const target = await userKind(database, id);
    // Another tenant's user does not exist for the caller.
    access.mustSee(target?.customer_id);
    const owner = { id, sys_role: target?.sys_role ?? 'user' };
    const me = access.principal;
    const allowed = action === 'view' ? mayViewDevices(me, owner) : mayResetDevices(me, owner);
    if (!allowed) throw new ApiError('forbidden');
  }

  return {
    async my(access: RequestAccess): Promise<MyAnswer> {
      const me = access.principal;
      const row = await findProfile(database, me.userId);
      if (!row) throw new ApiError('sessionInvalid');
      return {
        user: {
          id: me.userId,
          username: me.username,
          name: `${row.first_name} ${row.last_name}`.trim() || me.username,
          email: row.email,
          sys_role: me.sysRole,
          privileges: me.privileges,
          functions: me.functions,
          is_manager: me.isManager,
          download_role: me.downloadRole,
          customer: { id: me.customerId, name: row.customer_name, document_url: row.document_url },
        },
        manual: (await latestManual(database)) ?? null,
      };
    },

    /** Whether this browser may stay signed in; it is counted against the user's device limit. */
    async sessionCheck(access: RequestAccess, body: SessionCheckBody, client: Client) {
      const me = access.principal;
      const valid = await admitDevice(
        database,
        {
          userId: me.userId,
          customerId: me.customerId,
          deviceId: body.device_id,
          sessionState: body.session_state ?? me.sessionState ?? null,
          userAgent: client.userAgent?.slice(0, 500) ?? null,
          ip: client.ip,
        },
        { defaultLimit: config.LOGIN_DEVICE_LIMIT, idleDays: config.LOGIN_DEVICE_IDLE_DAYS },
      );
      if (!valid) client.log.info({ userId: me.userId }, 'device limit reached');
      return { valid };
    },

    async loginDevices(access: RequestAccess, id: string) {
      await deviceTarget(access, id, 'view');
      return { devices: await listDevices(database, id), resets: await listResets(database, id) };
    },

    async resetDevices(access: RequestAccess, id: string) {
      await deviceTarget(access, id, 'reset');
      return { removed: await resetDevices(database, id, access.principal.userId) };
    },

    /** The user opened the notices: their bell counts from now, in every tab at once. */
    async openedNotifications(access: RequestAccess, id: string) {
      const me = access.principal;
      if (id !== me.userId) throw new ApiError('forbidden');
      const at = await markNotificationsOpened(database, me.userId);
      await bellOpened(me.userId);
      return { openedNotificationAt: new Date(at ?? Date.now()).toISOString() };
    },
  };
}
