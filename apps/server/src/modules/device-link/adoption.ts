// Adopting a lost replica's broker session. Each replica holds a persistent session at the
// external broker (external.ts: clean: false, kept 10 minutes), so a replica that restarts gets
// the messages it had not acknowledged. But a broker keeps handing a disconnected member of a
// shared subscription its share of the group's messages: Mosquitto 2.0 queues every other message
// for it, and ends the session, those messages with it, when the session expires (checked against
// the machine's Mosquitto: 10 of 20 messages waited for a killed member, none went to the other).
// So a replica that crashed, or lost the broker, would hold back part of the fleet and then lose it.
//
// Each replica therefore marks its session seen while it is connected (broker_sessions). A session
// unseen for MQTT_ADOPT_AFTER_SECONDS is adopted by another replica (a timed job, so one replica
// does it): it connects with that client id, so the broker hands over what it kept (unacknowledged
// and queued), stores it like any message, leaves the group, and ends the session. From then on
// the group's messages go to the replicas still running. If the lost replica comes back meanwhile,
// the broker gives the session back to it, and the messages not yet acknowledged with it.
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { Job } from '../../platform/jobs.ts';
import type { ExternalLink } from './external.ts';
import { claimStaleSession, forgetSession } from './sessions.repository.ts';

/** What the broker kept arrives at once; the session is drained once nothing came for this long. */
const QUIET_MS = 500;
/** An adoption gives up waiting for quiet after this long (the messages then keep flowing). */
const LONGEST_DRAIN_MS = 60_000;

export function sessionAdoption(options: {
  database: DatabaseHandle;
  /** This replica, as broker_sessions.holder names it. */
  holder: string;
  /** This replica's own client id, never adopted by itself. */
  ownClientId: string;
  adoptAfterSeconds: number;
  /** Joins the broker with another replica's client id, taking over its session. */
  join: (clientId: string) => Promise<ExternalLink>;
  log: FastifyBaseLogger;
}): Job {
  const { database, holder, log } = options;

  async function untilQuiet(link: ExternalLink, since: number): Promise<void> {
    const start = Date.now();
    while (
      Date.now() - Math.max(link.lastMessageAt(), since) < QUIET_MS &&
      Date.now() - start < LONGEST_DRAIN_MS
    )
      await new Promise((resolve) => setTimeout(resolve, 100));
  }

  async function adopt(clientId: string): Promise<void> {
    let link: ExternalLink;
    try {
      link = await options.join(clientId);
    } catch (error) {
      // The broker no longer has it (expired, or its replica ended it): nothing to take over.
      log.info({ err: error, clientId }, 'broker session not adopted');
      await forgetSession(database, clientId, holder);
      return;
    }
    await untilQuiet(link, Date.now());
    // No new messages for this session; what it had queued still arrives.
    await link.leaveGroup();
    await untilQuiet(link, Date.now());
    await link.drained();
    await link.close();
    await forgetSession(database, clientId, holder);
    log.warn(
      { clientId },
      'broker session of a lost replica adopted: its messages are stored, the session ended',
    );
  }

  return {
    name: 'broker-session-adoption',
    async run(_since, now) {
      for (;;) {
        const clientId = await claimStaleSession(
          database,
          holder,
          options.adoptAfterSeconds,
          options.ownClientId,
        );
        if (!clientId) break;
        await adopt(clientId);
      }
      return new Date(now.getTime() + (options.adoptAfterSeconds * 1000) / 3);
    },
  };
}
