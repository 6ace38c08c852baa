// The rules of notices: a customer's user reads the notices published to all and those addressed
// to their own company (not its sub companies'); staff read and write every notice; destinations
// must be companies that exist; every write is audited with its destinations and pushes every
// browser its new unread count.
import { type ListQuery, notificationResource } from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError, found } from '../../platform/errors.ts';
import type { RunningJob } from '../../platform/jobs.ts';
import { pageOf } from '../../platform/lists.ts';
import type { LiveHub } from '../../platform/live.ts';
import { recordWrites } from '../../platform/records.ts';
import {
  type Audience,
  deleteNotification,
  destinationsOf,
  findNotification,
  listNotifications,
  type SavedNotification,
  saveNotification,
  unknownCustomers,
  unreadCount,
  type Window,
} from './repository.ts';

type Body = SavedNotification;

const audienceOf = (access: RequestAccess): Audience =>
  access.isStaff ? 'everyone' : { customerId: access.principal.customerId };

/** A notice is the provider's (no customer); its entries carry its destinations. */
const noticeWrites = recordWrites(notificationResource, { extra: destinationsOf, customerColumn: null });

export function notificationService(database: DatabaseHandle, hub: LiveHub) {
  const writes = noticeWrites(database);
  const find = async (audience: Audience, id: string | undefined) =>
    found(id ? await findNotification(database, audience, id) : undefined);
  const unread = (user: { userId: string; customerId: string }) => unreadCount(database, user);
  /** Every connected browser, on every replica, gets its new count after a notice changes. */
  const publishCounts = hub.topic<null>('unread-counts', () =>
    hub.broadcast(async (p) => ({
      type: 'unread-count',
      data: { unreadNotificationCount: await unread(p) },
    })),
  );
  const pushCounts = () => publishCounts(null);
  /** Set once the moments job runs: a saved notice may change when it next is due. */
  let moments: Pick<RunningJob, 'wake'> = { wake: () => {} };

  async function checkDestinations(ids: string[]) {
    if ((await unknownCustomers(database, ids)).length > 0)
      throw new ApiError('validation', { fields: [{ field: 'destinations', key: 'customerNotFound' }] });
  }

  async function changed() {
    await pushCounts();
    moments.wake();
  }

  return {
    unread,
    /** The caller's bell, as GET /notifications/unread-count answers it. */
    unreadOf: async (access: RequestAccess) => ({ unreadNotificationCount: await unread(access.principal) }),
    pushCounts,
    watchMoments: (job: Pick<RunningJob, 'wake'>) => {
      moments = job;
    },
    list: async (access: RequestAccess, window: Window, query: ListQuery) =>
      pageOf(query, await listNotifications(database, audienceOf(access), window, query)),
    get: (access: RequestAccess, id: string) => find(audienceOf(access), id),

    async create(access: RequestAccess, body: Body) {
      await checkDestinations(body.destinations);
      const id = await writes.create(access, async (tx) =>
        found(await saveNotification(tx, body, access.principal.userId)),
      );
      await changed();
      return find('everyone', id);
    },

    async update(access: RequestAccess, id: string, body: Body) {
      await checkDestinations(body.destinations);
      await writes.update(
        access,
        id,
        async (tx) => (await saveNotification(tx, body, access.principal.userId, id)) !== undefined,
      );
      await changed();
      return find('everyone', id);
    },

    async remove(access: RequestAccess, id: string) {
      await writes.remove(access, id, (tx) => deleteNotification(tx, id));
      await pushCounts();
      return { id };
    },
  };
}
