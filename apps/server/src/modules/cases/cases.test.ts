import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../../testing/harness.ts';
import { completeDueSimChanges } from './carrier.ts';

let h: Harness;
const token: Record<string, string> = {};
const ids: Record<string, string> = {};

const insert = async (text: string, params: unknown[]) =>
  (await h.database.query<{ id: string }>(text, params))[0]?.id ?? '';

beforeAll(async () => {
  // The carrier never answers by itself here: the tests move time on where they need to.
  h = await startHarness({ SIM_SETTLE_SECONDS: '3600' });
  for (const name of ['support', 'kitting', 'manager', 'operator']) token[name] = await tokenOf(h.app, name);
  await h.database.query(
    "UPDATE roles SET privileges = privileges || '{case:view,case:add,case:edit,case:delete}' WHERE name = 'Fleet manager'",
  );
  ids.harbor =
    (await h.database.query<{ id: string }>("SELECT id FROM customers WHERE stk_user = 'harbor'"))[0]?.id ??
    '';
  ids.other = await insert(
    "INSERT INTO customers (stk_user, name, realm) VALUES ('quayside', 'Quayside Ltd', 'fleet') RETURNING id",
    [],
  );
  const vehicle = (customerId: string, name: string) =>
    insert(
      "INSERT INTO vehicles (customer_id, name, introduce_date) VALUES ($1, $2, '2026-01-01') RETURNING id",
      [customerId, name],
    );
  ids.v1 = await vehicle(ids.harbor, 'Forklift 1');
  ids.v2 = await vehicle(ids.harbor, 'Forklift 2');
  ids.otherVehicle = await vehicle(ids.other, 'Quay crane');
});
afterAll(async () => h?.close());

const call = (
  who: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
  lang = 'en',
) =>
  h.app.inject({ method, url, headers: { ...bearer(token[who] ?? ''), 'accept-language': lang }, payload });

const caseBody = (over: Record<string, unknown> = {}) => ({
  case_number: 'K-2026-001',
  customer_id: ids.harbor,
  devices_needed: 1,
  rfid: true,
  panic_button_values: [1, 2],
  card_reader: true,
  sim: true,
  ...over,
});
const deviceBody = (over: Record<string, unknown> = {}) => ({
  device_id: '70000001',
  device_type: 'dv456',
  channel_number: 2,
  cameras: [{ camera_id: 'K-CAM-1' }, { camera_id: 'K-CAM-2', rotation: 'rotate180' }],
  ...over,
});

describe('cases', () => {
  it('a kitting user creates a case, which stays exposed to kitting users', async () => {
    const res = await call('kitting', 'POST', '/api/v1/cases', caseBody());
    expect(res.statusCode).toBe(201);
    ids.case = res.json().data.id;
    expect(res.json().data).toMatchObject({
      case_number: 'K-2026-001',
      customer: { name: 'Harbor Logistics' },
      devices_needed: 1,
      devices_registered: 0,
      cards_registered: 0,
      panic_button_values: [1, 2],
      exposed_to_kitting: true,
    });
  });

  it('refuses a used case number, too many devices and repeated panic values with the spec messages', async () => {
    const used = await call('support', 'POST', '/api/v1/cases', caseBody());
    expect(used.statusCode).toBe(409);
    expect(used.json().data.fields).toEqual([
      expect.objectContaining({ field: 'case_number', message: 'Case number already used.' }),
    ]);
    const bad = await call(
      'support',
      'POST',
      '/api/v1/cases',
      caseBody({ case_number: '', devices_needed: 11, panic_button_values: [3, 3] }),
      'zh',
    );
    const byField = Object.fromEntries(
      (bad.json().data.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]),
    );
    expect(byField).toEqual({
      case_number: '请输入案件编号。',
      devices_needed: '所需设备数为1到10之间的数字。',
      'panic_button_values.1': '紧急按钮的值不能与其他值重复。',
    });
  });

  it('hides a case not exposed to kitting users from them, not from support', async () => {
    const hidden = await call('support', 'POST', '/api/v1/cases', caseBody({ case_number: 'K-HIDDEN' }));
    ids.hidden = hidden.json().data.id;
    expect(hidden.json().data.exposed_to_kitting).toBe(false);
    expect((await call('kitting', 'GET', `/api/v1/cases/${ids.hidden}`)).statusCode).toBe(404);
    const kitting = await call('kitting', 'GET', '/api/v1/cases');
    expect(kitting.json().data.list.map((c: { case_number: string }) => c.case_number)).toEqual([
      'K-2026-001',
    ]);
    const support = await call('support', 'GET', '/api/v1/cases?filter=k-hid');
    expect(support.json().data.total).toBe(1);
    const device = await call('kitting', 'POST', '/api/v1/devices', {
      ...deviceBody({ device_id: '79', cameras: [{ camera_id: 'H1' }] }),
      customer_id: ids.harbor,
      kitting_id: ids.hidden,
    });
    expect(device.json().data.fields).toEqual([
      expect.objectContaining({ field: 'kitting_id', message: 'The selected kitting id is invalid.' }),
    ]);
  });

  it('registers a device with two cameras for a vehicle; the case counts it and takes no more than needed', async () => {
    const vehicles = await call('kitting', 'GET', `/api/v1/cases/${ids.case}/vehicles`);
    expect(vehicles.json().data.list.map((v: { name: string }) => v.name)).toEqual([
      'Forklift 1',
      'Forklift 2',
    ]);
    const res = await call(
      'kitting',
      'PUT',
      `/api/v1/cases/${ids.case}/vehicles/${ids.v1}/device`,
      deviceBody(),
    );
    expect(res.statusCode).toBe(200);
    ids.device = res.json().data.id;
    expect(res.json().data).toMatchObject({
      kitting: { id: ids.case, name: 'K-2026-001' },
      vehicle: { name: 'Forklift 1' },
      camera_count: 2,
    });
    const kase = await call('kitting', 'GET', `/api/v1/cases/${ids.case}`);
    expect(kase.json().data.devices_registered).toBe(1);
    // Registering again edits the same device.
    const again = await call(
      'kitting',
      'PUT',
      `/api/v1/cases/${ids.case}/vehicles/${ids.v1}/device`,
      deviceBody({ plate_number: '77' }),
    );
    expect(again.json().data).toMatchObject({ id: ids.device, plate_number: '77' });
    const full = await call(
      'kitting',
      'PUT',
      `/api/v1/cases/${ids.case}/vehicles/${ids.v2}/device`,
      deviceBody({ device_id: '70000002', cameras: [{ camera_id: 'K-CAM-1' }] }),
    );
    expect(full.statusCode).toBe(400);
    expect(full.json().data.fields).toEqual([
      expect.objectContaining({
        field: 'kitting_id',
        message: 'This case already has all the devices it needs.',
      }),
      expect.objectContaining({
        field: 'cameras.0.camera_id',
        message: 'Camera id already exists, change it.',
      }),
    ]);
    const detail = await call('support', 'GET', `/api/v1/cases/${ids.case}/vehicles/${ids.v1}/device`);
    expect(detail.json().data).toMatchObject({
      vehicle: { name: 'Forklift 1' },
      device: { device_id: '70000001' },
    });
    const none = await call('support', 'GET', `/api/v1/cases/${ids.case}/vehicles/${ids.v2}/device`);
    expect(none.json().data.device).toBeNull();
    const notTheirs = await call(
      'support',
      'GET',
      `/api/v1/cases/${ids.case}/vehicles/${ids.otherVehicle}/device`,
    );
    expect(notTheirs.statusCode).toBe(404);
  });

  it("changes a case device's settings, and keeps a case with devices", async () => {
    const res = await call('kitting', 'PUT', `/api/v1/cases/${ids.case}/devices/${ids.device}/settings`, {
      icon: 'red',
      firmware: '8690.1',
      installation_direction: 'left',
      thresholds: {
        acceleration: { threshold: 0.3, duration: 250 },
        deceleration: { threshold: 0.4, duration: 300 },
        impact: { threshold: 2, duration: 120 },
        quick_handle: { threshold: 0.35, duration: 300 },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      icon: 'red',
      firmware: '8690.1',
      camera_count: 2,
      threshold_state: 'change-reserved',
    });
    expect(
      (await call('kitting', 'GET', `/api/v1/cases/${ids.hidden}/devices/${ids.device}`)).statusCode,
    ).toBe(404);
    const kept = await call('support', 'DELETE', `/api/v1/cases/${ids.case}`);
    expect(kept.json().message).toBe('A case with registered devices cannot be deleted.');
    const lower = await call(
      'support',
      'PUT',
      `/api/v1/cases/${ids.case}`,
      caseBody({ devices_needed: 1, exposed_to_kitting: true }),
    );
    expect(lower.statusCode).toBe(200);
    expect((await call('support', 'DELETE', `/api/v1/cases/${ids.hidden}`)).statusCode).toBe(200);
  });

  it('keeps SIM settings: phone unique, password never answered', async () => {
    const res = await call('kitting', 'POST', `/api/v1/cases/${ids.case}/sims`, {
      phone: '+81 90-1234-5678',
      apn: 'iot.example',
      user_id: 'fleet',
      password: 'Secret#1',
    });
    expect(res.statusCode).toBe(201);
    ids.sim = res.json().data.id;
    expect(res.json().data).toMatchObject({
      phone: '+819012345678',
      status: 'inactive',
      password_set: true,
      pending_action: null,
    });
    expect(JSON.stringify(res.json())).not.toContain('Secret#1');
    const [stored] = await h.database.query<{ p: string }>(
      'SELECT password_sealed AS p FROM sims WHERE id = $1',
      [ids.sim],
    );
    expect(stored?.p).not.toContain('Secret');
    const twice = await call('kitting', 'POST', `/api/v1/cases/${ids.case}/sims`, { phone: '+819012345678' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data.fields).toEqual([
      expect.objectContaining({
        field: 'phone',
        message: 'SIM exists: this phone number is already registered.',
      }),
    ]);
    const edit = await call('kitting', 'PUT', `/api/v1/cases/${ids.case}/sims/${ids.sim}`, {
      phone: '+819012345678',
      apn: 'iot2',
    });
    expect(edit.json().data).toMatchObject({ apn: 'iot2', password_set: true });
  });

  it('activates, suspends and re-activates through the carrier, asking to wait while a change is pending', async () => {
    const sim = `/api/v1/cases/${ids.case}/sims/${ids.sim}`;
    const act = (action: string, lang = 'en') => call('kitting', 'POST', `${sim}/actions`, { action }, lang);
    const due = async () => {
      await h.database.query(
        "UPDATE sims SET requested_at = requested_at - interval '2 hours' WHERE id = $1",
        [ids.sim],
      );
      await completeDueSimChanges(h.database.query, 3600);
    };
    expect((await act('suspend')).json().message).toBe("The SIM's status does not allow this action.");
    const asked = await act('activate');
    expect(asked.json().data).toMatchObject({ status: 'inactive', pending_action: 'activate' });
    const wait = await act('activate', 'ja');
    expect(wait.json()).toMatchObject({
      code: 106400051,
      message: 'SIMは開通処理中です。しばらくお待ちください。',
    });
    expect((await call('kitting', 'PUT', sim, { phone: '+819012345678' })).json().code).toBe(106400051);
    await due();
    expect((await call('kitting', 'GET', sim)).json().data).toMatchObject({
      status: 'active',
      pending_action: null,
    });
    expect((await act('suspend')).json().data.pending_action).toBe('suspend');
    const waitOff = await act('reactivate');
    expect(waitOff.json()).toMatchObject({
      code: 106400050,
      message: 'SIM in process of deactivation, please wait.',
    });
    await due();
    expect((await call('kitting', 'GET', sim)).json().data.status).toBe('suspended');
    await act('reactivate');
    await due();
    expect((await call('kitting', 'GET', `/api/v1/cases/${ids.case}/sims`)).json().data[0].status).toBe(
      'active',
    );
  });

  it('fits the SIM in the device once, and keeps a fitted SIM', async () => {
    const fitted = await call(
      'kitting',
      'PUT',
      `/api/v1/cases/${ids.case}/vehicles/${ids.v1}/device`,
      deviceBody({ sim_id: ids.sim }),
    );
    expect(fitted.json().data.sim).toEqual({ id: ids.sim, name: '+819012345678' });
    const removed = await call('kitting', 'DELETE', `/api/v1/cases/${ids.case}/sims/${ids.sim}`);
    expect(removed.json().message).toBe('This SIM is already fitted in another device.');
  });

  it('keeps a case whose SIM is fitted in a device or waits for the carrier, with translated messages', async () => {
    const created = await call('support', 'POST', '/api/v1/cases', caseBody({ case_number: 'K-DEL-1' }));
    expect(created.statusCode).toBe(201);
    const caseId = created.json().data.id;
    const simId = await insert(
      `INSERT INTO sims (customer_id, case_id, phone, pending_action, requested_at)
       VALUES ($1, $2, '+819099990001', 'activate', now()) RETURNING id`,
      [ids.harbor, caseId],
    );
    const pending = await call('support', 'DELETE', `/api/v1/cases/${caseId}`, undefined, 'ja');
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe('通信事業者の処理待ちのSIMがある案件は削除できません。');
    await h.database.query('UPDATE sims SET pending_action = NULL, requested_at = NULL WHERE id = $1', [
      simId,
    ]);
    const devicePk = await insert(
      `INSERT INTO devices (customer_id, device_id, device_type, channel_number, sim_id,
                            acceleration_threshold, acceleration_duration, deceleration_threshold, deceleration_duration,
                            impact_threshold, impact_duration, quick_handle_threshold, quick_handle_duration)
       VALUES ($1, '79999001', 'dv426', 1, $2, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`,
      [ids.harbor, simId],
    );
    const fitted = await call('support', 'DELETE', `/api/v1/cases/${caseId}`);
    expect(fitted.statusCode).toBe(409);
    expect(fitted.json().message).toBe('A case whose SIM is fitted in a device cannot be deleted.');
    const [kept] = await h.database.query<{ sim_id: string | null }>(
      'SELECT sim_id FROM devices WHERE id = $1',
      [devicePk],
    );
    expect(kept?.sim_id).toBe(simId);
    await h.database.query('DELETE FROM devices WHERE id = $1', [devicePk]);
    expect((await call('support', 'DELETE', `/api/v1/cases/${caseId}`)).statusCode).toBe(200);
    expect((await h.database.query('SELECT 1 FROM sims WHERE id = $1', [simId])).length).toBe(0);
  });

  it("keeps a customer's user to their own companies' cases", async () => {
    const other = await call(
      'support',
      'POST',
      '/api/v1/cases',
      caseBody({ case_number: 'Q-9', customer_id: ids.other }),
    );
    const id = other.json().data.id;
    expect((await call('manager', 'GET', `/api/v1/cases/${id}`)).statusCode).toBe(404);
    expect((await call('manager', 'GET', `/api/v1/cases/${id}/sims`)).statusCode).toBe(404);
    expect(
      (await call('manager', 'POST', `/api/v1/cases/${id}/sims`, { phone: '123456789' })).statusCode,
    ).toBe(404);
    expect(
      (await call('manager', 'GET', '/api/v1/cases'))
        .json()
        .data.list.map((c: { case_number: string }) => c.case_number),
    ).toEqual(['K-2026-001']);
    const plant = await call(
      'manager',
      'POST',
      '/api/v1/cases',
      caseBody({ case_number: 'Q-10', customer_id: ids.other }),
    );
    expect(plant.json().data.fields).toEqual([expect.objectContaining({ field: 'customer_id' })]);
    expect((await call('operator', 'GET', '/api/v1/cases')).statusCode).toBe(403);
  });
});

describe('the carrier step', () => {
  it('confirms a pending change on its own once it falls due', async () => {
    const settled = await startHarness({ SIM_SETTLE_SECONDS: '1' });
    try {
      const kitting = await tokenOf(settled.app, 'kitting');
      const harbor = (
        await settled.database.query<{ id: string }>("SELECT id FROM customers WHERE stk_user = 'harbor'")
      )[0]?.id;
      const send = (method: 'POST' | 'GET', url: string, payload?: object) =>
        settled.app.inject({ method, url, headers: bearer(kitting), payload });
      const kase = (await send('POST', '/api/v1/cases', caseBody({ customer_id: harbor }))).json().data;
      const sim = (await send('POST', `/api/v1/cases/${kase.id}/sims`, { phone: '+819000000001' })).json()
        .data;
      await send('POST', `/api/v1/cases/${kase.id}/sims/${sim.id}/actions`, { action: 'activate' });
      // No read of the SIM through the API in between: the timed job alone completes it. Polled,
      // not slept: on a loaded machine the job may run a few seconds late.
      const stored = async () =>
        (
          await settled.database.query<{ status: string; pending_action: string | null }>(
            'SELECT status, pending_action FROM sims WHERE id = $1',
            [sim.id],
          )
        )[0];
      await expect
        .poll(stored, { timeout: 20_000, interval: 250 })
        .toEqual({ status: 'active', pending_action: null });
    } finally {
      await settled.close();
    }
    // A second server of its own: slow to start on a loaded machine.
  }, 120_000);
});
