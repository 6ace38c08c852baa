// The speed limits sent to devices: a change of a company's speed-limit zones sends its connected
// devices one zone-speed-limits command with the whole set (never another company's devices), a
// change that leaves the set as it was sends nothing, a device that connects again gets the set
// again, and removing the last zone sends an empty set. The set keeps to its caps.
import { randomUUID } from 'node:crypto';
import {
  type DeviceCommand,
  deviceCommandSchema,
  SPEED_LIMIT_POINTS_MAX,
  SPEED_LIMIT_ZONES_MAX,
} from '@fleetlens/contracts';
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  answererOf,
  onCommands,
  registerTestDevice,
  type TestDevice,
  until,
} from '../../testing/deviceLink.ts';
import { linkPerFile } from '../../testing/linkPerFile.ts';
import { zoneBodyOver } from '../../testing/zones.ts';
import { speedLimitSet } from './speedLimits.ts';

const { link, h } = linkPerFile();

type SpeedLimits = Extract<DeviceCommand, { type: 'zone-speed-limits' }>;

const WALKWAY: [number, number][] = [
  [139.7, 35.6],
  [139.701, 35.6],
  [139.701, 35.601],
  [139.7, 35.601],
  [139.7, 35.6],
];

const zoneBody = zoneBodyOver(WALKWAY, 'Walkway');

let harbor = '';
let other = '';

beforeAll(async () => {
  await h().grant('Fleet manager', ['location:view', 'location:add', 'location:edit', 'location:delete']);
  harbor = link.customerId;
  other = await h().addCompany('speedother', 'Speed Other Co');
});

/** A device signed in and listening to its commands; `heard` fills as they come; with `acknowledge` it answers every set completed. */
async function connected(device: TestDevice, options: { acknowledge?: boolean } = {}) {
  const heard: DeviceCommand[] = [];
  const client = await link.signIn(device);
  // Before it subscribes: a set waiting for the device comes the moment it does.
  if (options.acknowledge) acknowledging(client, device);
  await onCommands(client, device, (command) => heard.push(command));
  await link.untilOnline(device);
  return { client, heard };
}

const speedLimitsIn = (heard: DeviceCommand[]) =>
  heard.filter((c): c is SpeedLimits => c.type === 'zone-speed-limits');

const storedOf = (device: TestDevice) =>
  h().database.query<{ id: string; status: string }>(
    "SELECT id, status FROM device_commands WHERE device_pk = $1 AND type = 'zone-speed-limits' ORDER BY created_at",
    [device.pk],
  );

/** Answers every zone-speed-limits completed, as a device does once it applied the set. */
function acknowledging(client: MqttClient, device: TestDevice) {
  const publish = answererOf(client, device);
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString('utf8')) as DeviceCommand;
    if (command.type === 'zone-speed-limits')
      void publish('command-acks', { command_id: command.id, status: 'completed' });
  });
}

describe('speed limits sent to devices', () => {
  it("a zone change sends the company's connected devices the set, not another company's", async () => {
    const ours = await registerTestDevice(h().database, harbor);
    const theirs = await registerTestDevice(h().database, other);
    const mine = await connected(ours, { acknowledge: true });
    const foreign = await connected(theirs);
    // No speed limits yet: a connection sends none.
    await new Promise((r) => setTimeout(r, 300));
    expect(speedLimitsIn(mine.heard)).toEqual([]);

    const made = await h().as('manager').post('/zones', zoneBody(harbor));
    expect(made.status).toBe(201);
    const zoneId = made.body.data.id as string;
    const first = await until('the set', async () => speedLimitsIn(mine.heard)[0]);
    expect(deviceCommandSchema.parse(first)).toEqual(first);
    expect(first).toMatchObject({
      omitted: 0,
      zones: [{ id: zoneId, limit_kmh: 10, ring: WALKWAY.slice(0, 4) }],
    });
    await until('the set applied', async () => (await storedOf(ours))[0]?.status === 'completed');

    // A new name leaves the set as it is: nothing is sent.
    const renamed = await h()
      .as('manager')
      .put(`/zones/${zoneId}`, { ...zoneBody(harbor, { name: 'Canteen walkway' }), customer_id: undefined });
    expect(renamed.status).toBe(200);
    // A lower limit is a new set.
    const slower = await h()
      .as('manager')
      .put(`/zones/${zoneId}`, {
        ...zoneBody(harbor, { name: 'Canteen walkway', rules: [{ type: 'speed-limit', speed_kmh: 6 }] }),
        customer_id: undefined,
      });
    expect(slower.status).toBe(200);
    const second = await until('the new set', async () => speedLimitsIn(mine.heard)[1]);
    expect(second.zones).toEqual([{ id: zoneId, limit_kmh: 6, ring: WALKWAY.slice(0, 4) }]);
    expect(second.revision).not.toBe(first.revision);
    expect(await storedOf(ours)).toHaveLength(2);

    await new Promise((r) => setTimeout(r, 300));
    expect(speedLimitsIn(foreign.heard)).toEqual([]);
    expect(await storedOf(theirs)).toEqual([]);
  }, 40_000);

  it('a device that connects again gets the set again; removing the last zone sends an empty one', async () => {
    const device = await registerTestDevice(h().database, harbor);
    const made = await h()
      .as('manager')
      .post('/zones', zoneBody(harbor, { rules: [{ type: 'speed-limit', speed_kmh: 8 }] }));
    expect(made.status).toBe(201);
    const before = await connected(device, { acknowledge: true });
    const onConnect = await until('the set on connecting', async () => speedLimitsIn(before.heard)[0]);
    expect(onConnect.zones.map((z) => z.limit_kmh)).toContain(8);
    // The set queued by the zone's creation, or one queued again as the device came (which
    // supersedes the first when both ran at once): either way one set is applied.
    await until('the set applied', async () =>
      (await storedOf(device)).some((set) => set.status === 'completed'),
    );
    await before.client.endAsync();
    await link.untilOnline(device, false);

    const again = await connected(device);
    const resent = await until('the set on connecting again', async () => speedLimitsIn(again.heard)[0]);
    expect(resent.revision).toBe(onConnect.revision);
    expect(resent.id).not.toBe(onConnect.id);

    // Every speed-limit zone of the company removed: the device is told to hold none.
    const zones = await h().as('manager').get(`/zones?customer_id=${harbor}&perPage=100`);
    for (const zone of zones.body.data.list as { id: string }[])
      expect((await h().as('manager').delete(`/zones/${zone.id}`)).status).toBe(200);
    const cleared = await until('the empty set', async () =>
      speedLimitsIn(again.heard).find((c) => c.zones.length === 0),
    );
    expect(cleared.omitted).toBe(0);
  }, 40_000);
});

describe('the set a device gets', () => {
  const square = (i: number, points = 4) => ({
    id: randomUUID(),
    limit_kmh: 5 + (i % 10),
    polygon: {
      type: 'Polygon' as const,
      coordinates: [
        Array.from({ length: points }, (_, k) => {
          const a = (2 * Math.PI * k) / points;
          return [139.7 + i * 0.01 + 0.001 * Math.cos(a), 35.6 + 0.001 * Math.sin(a)] as [number, number];
        }),
      ],
    },
  });

  it('keeps to the caps on zones and points, counting the zones left out', () => {
    const many = speedLimitSet(Array.from({ length: SPEED_LIMIT_ZONES_MAX + 10 }, (_, i) => square(i)));
    expect(many.zones).toHaveLength(SPEED_LIMIT_ZONES_MAX);
    expect(many.omitted).toBe(10);
    const large = speedLimitSet(Array.from({ length: 20 }, (_, i) => square(i, 200)));
    const points = large.zones.reduce((n, z) => n + z.ring.length, 0);
    expect(points).toBeLessThanOrEqual(SPEED_LIMIT_POINTS_MAX);
    expect(large.zones).toHaveLength(Math.floor(SPEED_LIMIT_POINTS_MAX / 200));
    expect(large.omitted).toBe(20 - large.zones.length);
  });

  it('gives the same zones the same revision, and another set another', () => {
    const zones = [square(1), square(2)];
    expect(speedLimitSet(zones).revision).toBe(speedLimitSet(zones.map((z) => ({ ...z }))).revision);
    expect(speedLimitSet(zones).revision).not.toBe(speedLimitSet([zones[0] as never]).revision);
  });
});
