// One live bus across replicas. A replica that learns something its users' browsers
// must hear (a position ingested, an event made, a notice changed, a user's rights changed)
// publishes it here; every replica, this one included, receives it and pushes it to the browsers
// connected to it, deciding per browser who may see what (platform/live.ts). Without it a browser
// heard only what its own replica ingested: half the fleet behind a load balancer of two.
//
// Carried by PostgreSQL LISTEN/NOTIFY, a part every replica already has (PGlite has it too, so the
// embedded default runs the same path): notifications reach every listener in commit order, so a
// device's pushes stay in order. A payload over NOTIFY's 8,000-byte limit is kept in
// `live_messages` and its id notified instead. Each replica handles its messages one at a time, in
// the order received. A lost LISTEN connection is opened again; what was notified meanwhile is
// gone, so the replica's browsers are told to read afresh (`resynced`).
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/client.ts';
import { dropLargeMessages, keepLargeMessage, notify, readLargeMessage } from './liveBus.repository.ts';

export const LIVE_CHANNEL = 'fleetlens_live';
/** Under NOTIFY's 8,000 bytes, with room for the envelope. */
const INLINE_MAX_BYTES = 7_500;
/** Large messages are read within moments; kept this long, then dropped. */
const LARGE_KEPT_SECONDS = 300;

type Handler = (body: unknown) => Promise<void>;
type Envelope = { t: string; b?: unknown; ref?: string };

export class LiveBus {
  private readonly handlers = new Map<string, Handler>();
  private queue: Promise<void> = Promise.resolve();
  private stopListening: (() => Promise<void>) | undefined;
  private lastTrim = 0;
  /** Called after the LISTEN connection came back: pushes may have been missed. */
  resynced: () => void = () => {};

  private readonly database: DatabaseHandle;
  private readonly log: Pick<FastifyBaseLogger, 'warn'>;

  constructor(database: DatabaseHandle, log: Pick<FastifyBaseLogger, 'warn'>) {
    this.database = database;
    this.log = log;
  }

  async start(): Promise<void> {
    this.stopListening = await this.database.listen(
      LIVE_CHANNEL,
      (payload) => this.receive(payload),
      (error) => {
        this.log.warn({ err: error }, 'live bus connection lost; listening again');
        this.queue = this.queue.then(() => this.resynced());
      },
    );
  }

  /** What this replica does with a topic's messages (one handler a topic). */
  on<T>(topic: string, handler: (body: T) => Promise<void>): void {
    if (this.handlers.has(topic)) throw new Error(`live topic ${topic} has a handler already`);
    this.handlers.set(topic, handler as Handler);
  }

  /** Sends `body` under `topic` to every replica (this one too), after whatever was sent before. */
  async publish(topic: string, body: unknown): Promise<void> {
    const inline = JSON.stringify({ t: topic, b: body } satisfies Envelope);
    if (Buffer.byteLength(inline) <= INLINE_MAX_BYTES) return notify(this.database, LIVE_CHANNEL, inline);
    const ref = await keepLargeMessage(this.database, JSON.stringify(body));
    await notify(this.database, LIVE_CHANNEL, JSON.stringify({ t: topic, ref } satisfies Envelope));
    if (Date.now() - this.lastTrim > LARGE_KEPT_SECONDS * 1000) {
      this.lastTrim = Date.now();
      await dropLargeMessages(this.database, LARGE_KEPT_SECONDS);
    }
  }

  private receive(payload: string): void {
    this.queue = this.queue
      .then(() => this.deliver(payload))
      .catch((error) => this.log.warn({ err: error }, 'live bus message not delivered'));
  }

  private async deliver(payload: string): Promise<void> {
    const envelope = JSON.parse(payload) as Envelope;
    const handler = this.handlers.get(envelope.t);
    if (!handler) return;
    if (envelope.ref === undefined) return handler(envelope.b);
    const body = await readLargeMessage(this.database, envelope.ref);
    if (body !== undefined) await handler(JSON.parse(body));
  }

  /** Resolves once every message received so far is handled (tests, shutdown). */
  settled(): Promise<void> {
    return this.queue;
  }

  async close(): Promise<void> {
    await this.stopListening?.();
    await this.queue;
  }
}
