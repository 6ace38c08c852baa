// Spec §4: "a role change re-reads info, resets routes, regenerates permitted routes and closes
// all open tabs". The API reads access from the database on every call; the live channel re-reads
// it every few seconds anyway (platform/live.ts), and at once for the users a change the API made
// concerns: their sockets carry the new rights, and their browsers are told to re-read the profile
// (or, for a user now disabled or deleted, are closed), on every replica (the live bus).
import type { DatabaseHandle } from '../../db/client.ts';
import type { LiveHub } from '../../platform/live.ts';
import { usersConcerned } from './repository.ts';

export interface ProfileChangeTarget {
  /** These users. */
  userIds?: string[];
  /** Every user holding this custom role. */
  roleId?: string;
  /** Every user of this company (its functions changed). */
  customerId?: string;
}

export async function pushProfileChanged(
  database: DatabaseHandle,
  hub: LiveHub,
  target: ProfileChangeTarget,
): Promise<void> {
  const ids = [...new Set([...(target.userIds ?? []), ...(await usersConcerned(database, target))])];
  if (ids.length > 0) await hub.recheckEverywhere(ids);
}
