// Pushes of the device link on the live channel (platform/live.ts): positions, states and events,
// each only to the browsers of users who may see the device's customer (their access object) and
// may make the matching REST call (states: GET /device-link/states; positions, events: GET /locations),
// decided by the rules below and platform/access.ts `allows`, on the principal as it stands now
// (the hub re-reads it every few seconds).
// Shapes: contracts device-link/live.ts, documented in docs/device-protocol.md. What a batch
// changed is published on the live bus, so every replica's browsers hear every device; each
// replica reads the changed states itself and decides per browser.
import {
  type DeviceLiveMessage,
  type DeviceState,
  type LiveDeviceEvent,
  type LivePosition,
  READ_RULES,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { accessFor, allows, EVERY_CUSTOMER } from '../../platform/access.ts';
import type { Principal } from '../../platform/auth.ts';
import type { LiveHub } from '../../platform/live.ts';
import { ScopeCache } from '../../platform/scopeCache.ts';
import { listStates } from './devices.repository.ts';
import type { BatchPushes } from './ingest.ts';
import type { BackgroundTasks } from './tasks.ts';

// The rules of the REST calls whose live twins these pushes are (contracts READ_RULES): the routes,
// the pushes and the web read the same constants, so the three cannot drift apart. The vehicle
// list's readers receive the states cut to what that list shows: connection and motion, without
// the hour meter, operator or position.

const listedOnly = (state: DeviceState): DeviceState => ({
  ...state,
  hour_meter: null,
  rfid: null,
  operator_id: null,
  last_position: null,
});

/** What of the device link a principal receives, as of now. */
function pushesFor(principal: Principal) {
  const states = allows(principal, READ_RULES.deviceStates);
  return {
    states,
    listed: !states && allows(principal, READ_RULES.vehicleList),
    positions: allows(principal, READ_RULES.positions),
  };
}

type Located<T> = T & { customer: string };
/** What a committed batch changed, as the live bus carries it: the states as device keys. */
interface DeviceChanges {
  positions: Located<LivePosition>[];
  events: Located<LiveDeviceEvent>[];
  states: string[];
}

export class DeviceLivePush {
  /** Only what a user sees is taken from a cached access object; the rules are read from the principal of now. */
  private readonly scopes: ScopeCache;
  private readonly database: DatabaseHandle;
  private readonly hub: LiveHub;
  private readonly tasks: BackgroundTasks;
  private readonly publish: (changes: DeviceChanges) => Promise<void>;

  constructor(database: DatabaseHandle, hub: LiveHub, tasks: BackgroundTasks) {
    this.database = database;
    this.hub = hub;
    this.tasks = tasks;
    this.scopes = ScopeCache.of(database, hub);
    this.publish = hub.topic<DeviceChanges>('device-link', (changes) => this.deliver(changes));
    // A browser that connects first receives the states of every device it may see.
    hub.whenReady(async (principal, send) => {
      const may = pushesFor(principal);
      if (!may.states && !may.listed) return;
      const states = await listStates(database, await accessFor(database, principal));
      send({
        type: 'device-states',
        data: { states: may.states ? states : states.map(listedOnly), snapshot: true },
      });
    });
  }

  /** Sends what a committed batch changed; never throws (the data is already stored). */
  send(pushes: BatchPushes): void {
    this.tasks.run('live push failed', () => this.push(pushes));
  }

  async push(pushes: BatchPushes): Promise<void> {
    const positions: Located<LivePosition>[] = pushes.positions.map((p) => ({
      customer: p.device.customerId,
      device_id: p.device.deviceId,
      vehicle_id: p.device.vehicleId,
      time: new Date(p.body.time).toISOString(),
      lat: p.body.lat,
      lng: p.body.lng,
      speed: p.body.speed,
      direction: p.body.direction,
    }));
    const events: Located<LiveDeviceEvent>[] = pushes.events.map((e) => ({
      customer: e.device.customerId,
      device_id: e.device.deviceId,
      vehicle_id: e.device.vehicleId,
      message_id: e.body.id,
      time: new Date(e.body.time).toISOString(),
      type: e.body.type,
      lat: e.body.lat,
      lng: e.body.lng,
      speed: e.body.speed,
      operator_id: e.operatorId,
    }));
    if (positions.length + events.length + pushes.states.length === 0) return;
    await this.publish({ positions, events, states: pushes.states });
  }

  async pushStates(devicePks: string[]): Promise<void> {
    if (devicePks.length > 0) await this.publish({ positions: [], events: [], states: devicePks });
  }

  /** On each replica: the states as they stand now, then to each of its browsers what it may see. */
  private async deliver({ positions, events, states }: DeviceChanges): Promise<void> {
    const read = states.length > 0 ? await listStates(this.database, EVERY_CUSTOMER, states) : [];
    await this.fanOut(positions, events, read);
  }

  private async fanOut(
    positions: Located<LivePosition>[],
    events: Located<LiveDeviceEvent>[],
    states: DeviceState[],
  ): Promise<void> {
    if (positions.length + events.length + states.length === 0) return;
    const strip = <T extends { customer: string }>({ customer: _, ...rest }: T) => rest;
    await this.hub.broadcast(async (principal) => {
      // The rules of the REST calls, per user as they stand now, then tenancy.
      const { states: mayState, listed, positions: map } = pushesFor(principal);
      if (!mayState && !listed && !map) return undefined;
      const sees = await this.scopes.seesOf(principal);
      const messages: DeviceLiveMessage[] = [];
      const p = map ? positions.filter((x) => sees(x.customer)).map(strip) : [];
      if (p.length > 0) messages.push({ type: 'device-positions', data: { positions: p } });
      const visible = mayState || listed ? states.filter((x) => sees(x.customer_id)) : [];
      const s = listed ? visible.map(listedOnly) : visible;
      if (s.length > 0) messages.push({ type: 'device-states', data: { states: s } });
      const e = map ? events.filter((x) => sees(x.customer)).map(strip) : [];
      if (e.length > 0) messages.push({ type: 'device-events', data: { events: e } });
      return messages;
    });
  }
}
