// The platform every feature module receives: the database, the route guard, the live hub, the
// device link, the answer envelope. Modules register their routes under /api/v1 with it.
import type { envelopeSchema } from '@fleetlens/contracts';
import type { Config } from '../config.ts';
import type { DatabaseHandle } from '../db/client.ts';
import type { Access } from './access.ts';
import type { Authenticator } from './auth.ts';
import type { DeviceLink } from './deviceLink.ts';
import type { Health } from './health.ts';
import type { TimedJobs } from './jobs.ts';
import type { LiveHub } from './live.ts';
import type { JobQueue } from './queue.ts';

export interface Platform {
  config: Config;
  database: DatabaseHandle;
  auth: Authenticator;
  access: Access;
  hub: LiveHub;
  /** Timed jobs, each run a job on the queue: one replica at a time, once per moment. */
  jobs: TimedJobs;
  /** The durable job queue: long work with progress, retries, cancel and a customer's share. */
  queue: JobQueue;
  /** What `/healthz` reports: each module that starts a part sets its probe. */
  health: Health;
  /** The device link: where devices connect, commands, and the hooks on what it receives and sends. */
  deviceLink: DeviceLink;
  /** The response schema of a successful answer carrying `data`. */
  envelope: typeof envelopeSchema;
}
