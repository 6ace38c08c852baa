// Zone rules evaluated as positions arrive: after each committed batch of the device link
// (platform.deviceLink.onCommitted), each new position is tried against its customer's zones
// (evaluate.ts) and the breaches are stored as ZoneBreach events, which the events module then
// pushes and films like any event (platform.deviceLink.eventsMade). Per customer the zones are kept
// in memory, compiled (bounding box and ring), loaded at the first position after a change: a
// write forgets them here at once and on every other replica through the live bus.
// What a replica remembers of stays (evaluate.ts) is its memory: a device's messages go to the
// replica its session is on; after a restart a vehicle already inside enters again.
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/client.ts';
import type { CommittedBatch } from '../../platform/deviceLink.ts';
import {
  type Breach,
  breachMessageId,
  compileZone,
  type DeviceStays,
  evaluateFix,
  indexZones,
  newDeviceStays,
  type ZoneSet,
} from './evaluate.ts';
import { type BreachWrite, insertBreaches, zonesOfCustomer } from './repository.ts';

/** Live-bus topic: these customers' zones changed; every replica forgets its copy. */
export const ZONES_CHANGED = 'zones-changed';

type Position = CommittedBatch['positions'][number];

export interface ZoneEvaluatorOptions {
  database: DatabaseHandle;
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Tells the other modules about the events made (live push, clips). */
  eventsMade(eventIds: string[]): void;
}

export class ZoneEvaluator {
  private readonly zones = new Map<string, Promise<ZoneSet>>();
  /** Bumped by each change, so that a load begun before it is not kept. */
  private readonly generation = new Map<string, number>();
  private readonly devices = new Map<string, DeviceStays>();
  /** One batch at a time, in the order committed: a device's positions are taken in order. */
  private chain: Promise<void> = Promise.resolve();
  private readonly options: ZoneEvaluatorOptions;

  constructor(options: ZoneEvaluatorOptions) {
    this.options = options;
  }

  /** Forgets these customers' zones (a write, here or on another replica). */
  forget(customerIds: readonly string[]): void {
    for (const id of customerIds) {
      this.zones.delete(id);
      this.generation.set(id, (this.generation.get(id) ?? 0) + 1);
    }
  }

  /** A customer's compiled zones: from memory, or read now. */
  zonesOf(customerId: string): Promise<ZoneSet> {
    const kept = this.zones.get(customerId);
    if (kept) return kept;
    const generation = this.generation.get(customerId) ?? 0;
    const loading = zonesOfCustomer(this.options.database, customerId).then((rows) =>
      indexZones(rows.map(compileZone)),
    );
    this.zones.set(customerId, loading);
    loading.then(
      () => {
        if ((this.generation.get(customerId) ?? 0) !== generation && this.zones.get(customerId) === loading)
          this.zones.delete(customerId);
      },
      () => this.zones.delete(customerId),
    );
    return loading;
  }

  /** Takes a committed batch's positions; never throws (the positions are stored already). */
  committed(batch: CommittedBatch): void {
    if (batch.positions.length === 0) return;
    this.chain = this.chain
      .then(async () => {
        await this.evaluate(batch.positions);
      })
      .catch((error) => this.options.log.warn({ err: error }, 'zone rules not evaluated'));
  }

  /** Waits until every batch taken so far is evaluated (close, tests). */
  settled(): Promise<void> {
    return this.chain;
  }

  /** The breaches of these positions, stored; answers the events made. */
  async evaluate(positions: readonly Position[]): Promise<string[]> {
    const byCustomer = new Map<string, Position[]>();
    for (const p of positions) {
      const list = byCustomer.get(p.device.customerId);
      if (list) list.push(p);
      else byCustomer.set(p.device.customerId, [p]);
    }
    const writes: BreachWrite[] = [];
    for (const [customerId, list] of byCustomer) {
      const zones = await this.zonesOf(customerId);
      if (zones.size === 0) continue;
      const ordered = list.map((p) => ({ p, time: Date.parse(p.body.time) })).sort((a, b) => a.time - b.time);
      for (const { p, time } of ordered) {
        let device = this.devices.get(p.device.pk);
        if (!device) {
          device = newDeviceStays();
          this.devices.set(p.device.pk, device);
        }
        const fix = {
          time,
          lng: p.body.lng,
          lat: p.body.lat,
          speed: p.body.speed,
          direction: p.body.direction,
        };
        for (const breach of evaluateFix(zones, device, fix)) writes.push(breachWrite(p, breach));
      }
    }
    const ids = await insertBreaches(this.options.database, writes);
    if (ids.length > 0) this.options.eventsMade(ids);
    return ids;
  }
}

const breachWrite = (p: Position, b: Breach): BreachWrite => ({
  devicePk: p.device.pk,
  customerId: p.device.customerId,
  vehicleId: p.device.vehicleId,
  messageId: breachMessageId(b),
  time: new Date(b.fix.time).toISOString(),
  lat: b.fix.lat,
  lng: b.fix.lng,
  speed: b.fix.speed,
  direction: b.fix.direction,
  details: b.details,
});
