// Speed limits sent to devices (docs/device-protocol.md, "Zone speed limits"): a customer's
// speed-limit zones go to each of its devices whose type caps speed (contracts
// SPEED_CAP_DEVICE_TYPES) as one zone-speed-limits command carrying the whole set, so the vehicle
// is held under the limit inside, where the evaluation (evaluator.ts) can only report a breach
// afterwards. Sent when the set changes and on each connection, as a device may have been away
// or replaced; a device that already holds the set (same revision) is not sent it again on a change.
import { createHash } from 'node:crypto';
import {
  type LngLat,
  openRing,
  SPEED_CAP_DEVICE_TYPES,
  SPEED_LIMIT_POINTS_MAX,
  SPEED_LIMIT_ZONES_MAX,
  type ZonePolygon,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { DeviceCommands } from '../../platform/deviceLink.ts';
import {
  customerOfDevice,
  devicesOfTypes,
  heldSets,
  queueSpeedLimits,
  type SpeedLimitZoneRow,
  speedLimitZones,
} from './speedLimits.repository.ts';

export interface SpeedLimitSet {
  revision: string;
  zones: { id: string; limit_kmh: number; ring: [number, number][] }[];
  omitted: number;
}

/** Six decimals: about 0.1 m, finer than any position a device reports, and a short message. */
const sixDecimals = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * The set a device gets: the zones in the order given (strictest first), each ring open, as long
 * as the caps allow (SPEED_LIMIT_ZONES_MAX zones, SPEED_LIMIT_POINTS_MAX points); `omitted` counts
 * the zones left out. The revision is a digest of the zones, so one set has one revision.
 */
export function speedLimitSet(rows: readonly SpeedLimitZoneRow[]): SpeedLimitSet {
  const zones: SpeedLimitSet['zones'] = [];
  let points = 0;
  for (const row of rows) {
    const polygon = (typeof row.polygon === 'string' ? JSON.parse(row.polygon) : row.polygon) as ZonePolygon;
    const ring = openRing((polygon.coordinates[0] ?? []) as LngLat[]).map(
      ([lng, lat]) => [sixDecimals(lng), sixDecimals(lat)] as [number, number],
    );
    if (zones.length >= SPEED_LIMIT_ZONES_MAX || points + ring.length > SPEED_LIMIT_POINTS_MAX) continue;
    zones.push({ id: row.id, limit_kmh: Number(row.limit_kmh), ring });
    points += ring.length;
  }
  const revision = createHash('sha256').update(JSON.stringify(zones)).digest('hex').slice(0, 16);
  return { revision, zones, omitted: rows.length - zones.length };
}

const OPEN = new Set(['queued', 'sent', 'received']);

export function zoneSpeedLimits(options: { database: DatabaseHandle; commands: DeviceCommands }) {
  const { database, commands } = options;
  const setOf = async (customerId: string) => speedLimitSet(await speedLimitZones(database, customerId));
  /** One device's connection handled at a time: the broker's subscribe and the device's online status both say it came. */
  const connecting = new Map<string, Promise<void>>();

  async function online(devicePk: string): Promise<void> {
    const customerId = await customerOfDevice(database, devicePk, SPEED_CAP_DEVICE_TYPES);
    if (!customerId) return;
    const set = await setOf(customerId);
    const held = (await heldSets(database, [devicePk])).get(devicePk);
    // Nothing to give and nothing to take back: a customer without speed limits sends nothing.
    if (set.zones.length === 0 && (!held || held.revision === set.revision)) return;
    // This set is on its way already: what waits is sent again after this.
    if (held && held.revision === set.revision && OPEN.has(held.status)) return;
    await database.transaction((tx) => queueSpeedLimits(tx, customerId, [devicePk], set));
  }

  return {
    /** The customer's zones changed: each device of a type that caps speed and not holding the new set gets it. */
    async customerChanged(customerId: string): Promise<void> {
      const set = await setOf(customerId);
      const devices = await devicesOfTypes(database, customerId, SPEED_CAP_DEVICE_TYPES);
      const held = await heldSets(database, devices);
      const targets = devices.filter((pk) => {
        const has = held.get(pk);
        return has ? has.revision !== set.revision : set.zones.length > 0;
      });
      if (targets.length === 0) return;
      await database.transaction((tx) => queueSpeedLimits(tx, customerId, targets, set));
      for (const pk of targets) await commands.sendPending(pk);
    },

    /** A device came online (platform.deviceLink.onDeviceOnline): queued here, sent by the link after. */
    deviceOnline(devicePk: string): Promise<void> {
      const next = (connecting.get(devicePk) ?? Promise.resolve()).then(() => online(devicePk));
      const kept = next.catch(() => undefined);
      connecting.set(devicePk, kept);
      void kept.then(() => {
        if (connecting.get(devicePk) === kept) connecting.delete(devicePk);
      });
      return next;
    },
  };
}
