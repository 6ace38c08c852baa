import { DEFAULT_THRESHOLDS, DEVICE_VEHICLE_OPTIONS_LIMIT } from '@fleetlens/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { startHarness, twoTenants } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { expectRefused } from '../../testing/refusal.ts';

const h = perFile(startHarness);
const ids: Record<string, string> = {};

const insert = async (text: string, params: unknown[]) =>
  (await h.database.query<{ id: string }>(text, params))[0]?.id ?? '';

beforeAll(async () => {
  const privileges = ['device:view', 'device:add', 'device:edit', 'device:delete'];
  Object.assign(ids, await twoTenants(h, privileges, { forklift: 'Forklift 7', reach: 'Reach 2' }));
  ids.group = await insert(
    "INSERT INTO vehicle_groups (customer_id, name) VALUES ($1, 'Yard') RETURNING id",
    [ids.harbor],
  );
  ids.otherCase = await insert(
    "INSERT INTO cases (customer_id, case_number, devices_needed) VALUES ($1, 'Q-1', 2) RETURNING id",
    [ids.other],
  );
});

const body = (over: Record<string, unknown> = {}) => ({
  customer_id: ids.harbor,
  device_id: '10000001',
  plate_number: '4455',
  device_type: 'dv426',
  vehicle_id: ids.forklift,
  channel_number: 2,
  cameras: [
    { camera_id: 'CAM-A1', rotation: 'normal' },
    { camera_id: 'CAM-A2', rotation: 'left90' },
  ],
  group_id: ids.group,
  icon: 'green',
  firmware: '8687',
  installation_direction: 'left',
  ...over,
});

describe('devices', () => {
  it('support registers a device with two cameras, its vehicle and group, and reads it back', async () => {
    const res = await h.as('support').post('/devices', body());
    expect(res.status).toBe(201);
    const device = res.body.data;
    ids.device = device.id;
    expect(device).toMatchObject({
      device_id: '10000001',
      plate_number: '4455',
      customer: { name: 'Harbor Logistics' },
      vehicle: { id: ids.forklift, name: 'Forklift 7' },
      group: { name: 'Yard' },
      camera_count: 2,
      cameras: [
        { camera_id: 'CAM-A1', rotation: 'normal' },
        { camera_id: 'CAM-A2', rotation: 'left90' },
      ],
      thresholds: { impact: { threshold: 1, duration: 100 } },
      threshold_state: 'change-reserved',
      installation_direction: 'left',
    });
    const again = await h.as('manager').get(`/devices/${device.id}`);
    expect(again.body.data.device_id).toBe('10000001');
  });

  it('refuses a second device id with the spec message, and changes nothing', async () => {
    const res = await h
      .as('support')
      .post('/devices', body({ vehicle_id: null, cameras: [{ camera_id: 'X9' }] }));
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Device ID already registered.');
    expect(res.body.data.fields).toEqual([expect.objectContaining({ field: 'device_id' })]);
    const [row] = await h.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM device_cameras WHERE camera_id = 'X9'",
    );
    expect(row?.n).toBe(0);
  });

  it('refuses camera ids repeated in the form or fitted on another device, under the camera', async () => {
    const withCameras = (...cameraIds: string[]) =>
      h.as('support').post(
        '/devices',
        body({
          device_id: '20000002',
          vehicle_id: ids.reach,
          cameras: cameraIds.map((camera_id) => ({ camera_id })),
        }),
      );
    const twice = await withCameras('C1', 'C1');
    expect(twice.status).toBe(400);
    expect(twice.body.data.fields).toEqual([
      expect.objectContaining({ field: 'cameras.1.camera_id', message: 'Camera id must be unique.' }),
    ]);
    const taken = await withCameras('NEW', 'CAM-A2');
    expect(taken.status).toBe(409);
    expect(taken.body.data.fields).toEqual([
      expect.objectContaining({
        field: 'cameras.1.camera_id',
        message: 'Camera id already exists, change it.',
      }),
    ]);
  });

  it('checks every format rule with a translated message', async () => {
    const res = await h.as('support', { lang: 'ja' }).post('/devices', {
      customer_id: ids.harbor,
      device_id: 'AB-12',
      plate_number: '12a',
      channel_number: 5,
      cameras: [],
    });
    expectRefused(res, {
      device_id: '数字のみを入力してください。',
      plate_number: '数字のみを入力してください。',
      channel_number: 'チャンネル番号は1から4の数字で入力してください。',
      cameras: 'デバイスのカメラは1台から4台です。',
      device_type: '種別を選択してください。',
    });
    const missing = await h.as('support').post('/devices', {
      customer_id: ids.harbor,
      cameras: [{}],
    });
    const messages = (missing.body.data.fields as { field: string; message: string }[]).map((f) => f.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Enter the device ID.', 'Enter the channel number.', 'Enter the camera id.']),
    );
  });

  it("refuses another customer's vehicle and case (kitting id), each under its field", async () => {
    const res = await h.as('support').post(
      '/devices',
      body({
        device_id: '30000003',
        vehicle_id: ids.otherVehicle,
        kitting_id: ids.otherCase,
        cameras: [{ camera_id: 'Z1' }],
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body.data.fields).toEqual([
      expect.objectContaining({
        field: 'vehicle_id',
        message: "The vehicle does not belong to the device's company.",
      }),
      expect.objectContaining({ field: 'kitting_id', message: 'The selected kitting id is invalid.' }),
    ]);
  });

  it('lists devices paged, sorted and filtered on the server', async () => {
    await h
      .as('support')
      .post('/devices', body({ device_id: '20000002', vehicle_id: null, cameras: [{ camera_id: 'B7' }] }));
    const all = await h
      .as('support')
      .get(`/devices?customer_id=${ids.harbor}&order_by=device_id&order=desc&perPage=1`);
    expect(all.body.data).toMatchObject({ total: 2, perPage: 1, list: [{ device_id: '20000002' }] });
    const byCamera = await h.as('support').get('/devices?filter=cam-a');
    expect(byCamera.body.data.list.map((d: { device_id: string }) => d.device_id)).toEqual(['10000001']);
    const without = await h.as('support').get(`/devices?vehicle=without&customer_id=${ids.harbor}`);
    expect(without.body.data.list.map((d: { device_id: string }) => d.device_id)).toEqual(['20000002']);
  });

  it('keeps a device with a registered vehicle, deletes one without', async () => {
    const kept = await h.as('support').delete(`/devices/${ids.device}`);
    expect(kept.status).toBe(409);
    expect(kept.body.message).toBe('A device with a registered vehicle cannot be deleted.');
    const [free] = await h.database.query<{ id: string }>(
      "SELECT id FROM devices WHERE device_id = '20000002'",
    );
    expect((await h.as('kitting').delete(`/devices/${free?.id}`)).status).toBe(200);
    expect((await h.as('sales').get('/devices')).status).toBe(403);
  });

  it("keeps a customer's user to their own companies' devices", async () => {
    const other = await h.as('support').post('/devices', {
      ...body({
        customer_id: ids.other,
        device_id: '40000004',
        vehicle_id: ids.otherVehicle,
        group_id: null,
      }),
      cameras: [{ camera_id: 'Q1' }],
    });
    expect(other.status).toBe(201);
    const id = other.body.data.id;
    expect((await h.as('manager').get(`/devices/${id}`)).status).toBe(404);
    expect((await h.as('manager').delete(`/devices/${id}`)).status).toBe(404);
    const list = await h.as('manager').get('/devices');
    expect(list.body.data.list.map((d: { device_id: string }) => d.device_id)).toEqual(['10000001']);
    const steal = await h
      .as('manager')
      .put(`/devices/${id}`, body({ customer_id: ids.harbor, device_id: '40000004' }));
    expect(steal.status).toBe(404);
    const plant = await h.as('manager').post('/devices', body({ customer_id: ids.other, device_id: '5' }));
    expect(plant.body.data.fields).toEqual([expect.objectContaining({ field: 'customer_id' })]);
    expect((await h.as('manager').get(`/devices/options?customer_id=${ids.other}`)).status).toBe(404);
    expect((await h.as('manager').get(`/devices/vehicle-options?customer_id=${ids.other}`)).status).toBe(404);
  });

  it("the vehicle picker searches the customer's vehicles on the server, at most a page, and keeps the chosen one", async () => {
    for (let n = 1; n <= DEVICE_VEHICLE_OPTIONS_LIMIT + 5; n++)
      await h.database.query(
        "INSERT INTO vehicles (customer_id, name, introduce_date) VALUES ($1, $2, '2026-01-01')",
        [ids.harbor, `Picker ${String(n).padStart(2, '0')}`],
      );
    const pick = async (query: string) => {
      const res = await h.as('support').get(`/devices/vehicle-options?customer_id=${ids.harbor}${query}`);
      expect(res.status).toBe(200);
      return res.body.data as { id: string; name: string; device_id: string | null }[];
    };
    const all = await pick('');
    expect(all).toHaveLength(DEVICE_VEHICLE_OPTIONS_LIMIT);
    expect(all.map((v) => v.name)).not.toContain('Quay crane');
    // Matched in any case, anywhere in the name; LIKE's own characters match themselves.
    expect((await pick('&q=fORK')).map((v) => v.name)).toEqual(['Forklift 7']);
    expect(await pick('&q=%25')).toEqual([]);
    const picker = await pick('&q=picker');
    expect(picker).toHaveLength(DEVICE_VEHICLE_OPTIONS_LIMIT);
    expect(picker[0]?.name).toBe('Picker 01');
    // The vehicle already chosen is answered first, though the search does not match it, with its
    // device and that device's state (null: it never reported; states.test.ts has reported ones).
    const chosen = await pick(`&q=picker&vehicle_id=${ids.forklift}`);
    expect(chosen).toHaveLength(DEVICE_VEHICLE_OPTIONS_LIMIT);
    expect(chosen[0]).toEqual({ id: ids.forklift, name: 'Forklift 7', device_id: '10000001', state: null });
    // Another customer's vehicle named as the chosen one is not answered.
    expect((await pick(`&q=zzz&vehicle_id=${ids.otherVehicle}`)).map((v) => v.name)).toEqual([]);
  });

  it('edits a device: a threshold change is reserved for the device and stamps the vehicle', async () => {
    const thresholds = {
      ...DEFAULT_THRESHOLDS,
      acceleration: { threshold: 0.5, duration: 200 },
      impact: { threshold: 1.5, duration: 100 },
    };
    await h.database.query("UPDATE devices SET threshold_state = 'sending-completed' WHERE id = $1", [
      ids.device,
    ]);
    const res = await h.as('manager').put(`/devices/${ids.device}`, body({ thresholds }));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ thresholds, threshold_state: 'change-reserved' });
    const [vehicle] = await h.database.query<{ at: Date | null }>(
      'SELECT last_threshold_update_at AS at FROM vehicles WHERE id = $1',
      [ids.forklift],
    );
    expect(vehicle?.at).not.toBeNull();
  });

  it('keeps a device with its customer: a changed customer is refused with a translated message', async () => {
    const moved = await h
      .as('support', { lang: 'ja' })
      .put(
        `/devices/${ids.device}`,
        body({ customer_id: ids.other, vehicle_id: ids.otherVehicle, group_id: null }),
      );
    expect(moved.status).toBe(400);
    expect(moved.body.data.fields).toEqual([
      expect.objectContaining({
        field: 'customer_id',
        message: 'デバイスの顧客は変更できません。別の会社へ移すことはできません。',
      }),
    ]);
    const [row] = await h.database.query<{ customer_id: string; vehicle_id: string }>(
      'SELECT customer_id, vehicle_id FROM devices WHERE id = $1',
      [ids.device],
    );
    expect(row).toEqual({ customer_id: ids.harbor, vehicle_id: ids.forklift });
    const same = await h.as('support').put(`/devices/${ids.device}`, body({ plate_number: '4456' }));
    expect(same.status).toBe(200);
  });
});
