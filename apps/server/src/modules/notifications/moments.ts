// Notices published (or expiring) at a future time change the bell's count at that moment, not
// when a notice is saved: this job pushes the new counts then (spec §4). The moments come
// from the notices table each run, so a restart or another replica's notice loses nothing.
import type { DatabaseHandle } from '../../db/client.ts';
import type { Job } from '../../platform/jobs.ts';
import { momentsBetween, nextMoment } from './repository.ts';

export function noticeMoments(database: DatabaseHandle, pushCounts: () => Promise<void>): Job {
  return {
    name: 'notice-moments',
    async run(since, now) {
      if ((await momentsBetween(database, since, now)) > 0) await pushCounts();
      return nextMoment(database, now);
    },
  };
}
