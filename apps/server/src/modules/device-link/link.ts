// Starts the device link: position partitions, the ingestion, and either the embedded broker
// (default, MQTT_PORT) or a client of the external broker at MQTT_URL. Closing stops the broker
// first, then waits for what was received and for the work it set off (tasks.ts), so the link has
// written everything before the server closes the database.
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { TimedJobs } from '../../platform/jobs.ts';
import type { LiveHub } from '../../platform/live.ts';
import { sessionAdoption } from './adoption.ts';
import { type EmbeddedBroker, startEmbeddedBroker } from './broker.ts';
import { COMMAND_SWEEP_MS, CommandDispatcher } from './commands.ts';
import { type ExternalLink, joinExternalBroker } from './external.ts';
import { BACKLOG_BATCHES, Ingestor, LINKED_DEVICES_CHANGED } from './ingest.ts';
import { DeviceLivePush } from './live.ts';
import { ensurePositionPartitions } from './partitions.ts';
import { setOnline } from './repository.ts';
import { forgetSession, markSessionSeen } from './sessions.repository.ts';
import { BackgroundTasks } from './tasks.ts';

const PARTITION_CHECK_MS = 6 * 3600 * 1000;

/** An address of this machine the embedded broker listens on. */
const localHost = (host: string) => (host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host);

export interface DeviceLink {
  /** Where devices connect: the embedded broker's actual address, or MQTT_URL; undefined if neither runs. */
  url: string | undefined;
  ingestor: Ingestor;
  commands: CommandDispatcher;
  broker?: EmbeddedBroker;
  external?: ExternalLink;
  close(): Promise<void>;
}

export async function startDeviceLink(options: {
  config: Config;
  database: DatabaseHandle;
  hub: LiveHub;
  jobs: TimedJobs;
  log: FastifyBaseLogger;
}): Promise<DeviceLink> {
  const { config, database, hub, jobs } = options;
  const log = options.log.child({ module: 'device-link' });
  await ensurePositionPartitions(database, log);
  const tasks = new BackgroundTasks(log);
  // Timed work, each on one replica at a time (platform/jobs.ts).
  const every = (name: string, ms: number, work: () => Promise<unknown>) =>
    jobs.start(
      {
        name,
        run: async (_since, now) => {
          await work();
          return new Date(now.getTime() + ms);
        },
      },
      ms,
    );
  const partitionJob = every('position-partitions', PARTITION_CHECK_MS, () =>
    ensurePositionPartitions(database, log),
  );

  const live = new DeviceLivePush(database, hub, tasks);
  const ingestor = new Ingestor(database, live, log, {
    batchSize: config.INGEST_BATCH_SIZE,
    batchDelayMs: config.INGEST_BATCH_DELAY_MS,
  });

  // A device saved or deleted on any replica is read afresh by every replica's ingestion.
  hub.topic<string[]>(LINKED_DEVICES_CHANGED, async (deviceIds) => {
    for (const deviceId of deviceIds) ingestor.forget(deviceId);
  });

  const commands = new CommandDispatcher(database, undefined, log);
  let broker: EmbeddedBroker | undefined;
  let external: ExternalLink | undefined;
  let session: { close(): Promise<void> } | undefined;
  if (config.MQTT_URL) {
    const join = (clientId: string | undefined, adopting: boolean) =>
      joinExternalBroker({
        url: config.MQTT_URL as string,
        username: config.MQTT_USERNAME,
        password: config.MQTT_PASSWORD,
        shareGroup: config.MQTT_SHARE_GROUP,
        clientId,
        // Enough unacknowledged messages for the largest transaction being written (a backlog's)
        // while as many again gather for the next.
        receiveMaximum: config.INGEST_BATCH_SIZE * BACKLOG_BATCHES * 2,
        ingestor,
        log,
        adopting,
      });
    external = await join(config.MQTT_CLIENT_ID, false);
    session = await keepSession(external, (id) => join(id, true));
  } else {
    // One device's connection changes are written in the order they happened.
    const writes = new Map<string, Promise<void>>();
    const connection = (online: boolean) => (device: Parameters<typeof setOnline>[1]) => {
      const write = (writes.get(device.pk) ?? Promise.resolve())
        .then(() => setOnline(database, device, online))
        .then(() => live.pushStates([device.pk]))
        .catch((error) => log.warn({ err: error, device: device.deviceId }, 'device state not saved'));
      writes.set(device.pk, write);
      tasks.run('device state not saved', async () => {
        await write;
        if (writes.get(device.pk) === write) writes.delete(device.pk);
      });
    };
    try {
      broker = await startEmbeddedBroker({
        port: config.MQTT_PORT,
        host: config.MQTT_HOST,
        database,
        ingestor,
        log,
        events: {
          connected: connection(true),
          disconnected: connection(false),
          listening: (device) => tasks.run('commands not sent', () => commands.deviceOnline(device.pk)),
        },
      });
    } catch (error) {
      // The console and the API keep working without the device link; the log says why.
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      log.error(
        `MQTT_PORT ${config.MQTT_PORT} is taken: the device link is off (set MQTT_PORT or MQTT_ENABLED=false)`,
      );
    }
  }

  commands.publish = broker?.publish ?? external?.publish;
  ingestor.onOnline = (pks) => {
    for (const pk of pks) tasks.run('commands not sent', () => commands.deviceOnline(pk));
  };
  const sweepJob = every('command-sweep', COMMAND_SWEEP_MS, () => commands.sweep());

  /** Marks this replica's broker session seen while connected, and adopts lost replicas' sessions (adoption.ts). */
  async function keepSession(own: ExternalLink, adopt: (clientId: string) => Promise<ExternalLink>) {
    const periodMs = (config.MQTT_ADOPT_AFTER_SECONDS * 1000) / 3;
    const seen = async () => {
      if (own.client.connected) await markSessionSeen(database, own.clientId, jobs.holder);
    };
    await seen();
    const heartbeat = setInterval(() => tasks.run('broker session not marked seen', seen), periodMs);
    heartbeat.unref();
    const adoption = jobs.start(
      sessionAdoption({
        database,
        holder: jobs.holder,
        ownClientId: own.clientId,
        adoptAfterSeconds: config.MQTT_ADOPT_AFTER_SECONDS,
        join: adopt,
        log,
      }),
      periodMs,
    );
    return {
      close: async () => {
        clearInterval(heartbeat);
        await adoption.stop();
        // A clean stop ends the session at the broker: nothing is left to adopt. Without the
        // broker, the session stays there with what it holds, for another replica to adopt.
        const reached = own.client.connected;
        await own.close();
        if (reached) await forgetSession(database, own.clientId, jobs.holder);
      },
    };
  }

  const link: DeviceLink = {
    url: broker ? `mqtt://${localHost(config.MQTT_HOST)}:${broker.port}` : config.MQTT_URL,
    ingestor,
    commands,
    broker,
    external,
    close: async () => {
      await partitionJob.stop();
      await sweepJob.stop();
      // Devices first (their last messages and disconnects still arrive), then what they set off.
      await broker?.close();
      await session?.close();
      await ingestor.close();
      await tasks.close();
    },
  };
  return link;
}
