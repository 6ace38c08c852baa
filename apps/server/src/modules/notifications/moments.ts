// Notices published (or expiring) at a future time change the bell's count at that moment, not
// when a notice is saved: this job pushes the new counts then (spec §4, issue 3). The moments come
// from the notices table each run, so a restart or another replica's notice loses nothing.
import type { DatabaseHandle } from '../../db/client.ts';
import type { Job } from '../../platform/jobs.ts';

export function noticeMoments(database: DatabaseHandle, pushCounts: () => Promise<void>): Job {
  return {
    name: 'notice-moments',
    async run(since, now) {
      const [due] = await database.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM notifications
          WHERE (publish_date > $1 AND publish_date <= $2) OR (expire_date > $1 AND expire_date <= $2)`,
        [since, now],
      );
      if ((due?.n ?? 0) > 0) await pushCounts();
      const [next] = await database.query<{ at: Date | string | null }>(
        `SELECT least((SELECT min(publish_date) FROM notifications WHERE publish_date > $1),
                      (SELECT min(expire_date) FROM notifications WHERE expire_date > $1)) AS at`,
        [now],
      );
      return next?.at ? new Date(next.at) : undefined;
    },
  };
}
