import { DEFAULT_THRESHOLDS } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, twoTenants } from '../../testing/harness.ts';
import { completeDueSimChanges } from './sims.repository.ts';

let h: Harness;
const ids: Record<string, string> = {};

const insert = async (text: string, params: unknown[]) =>
  (await h.database.query<{ id: string }>(text, params))[0]?.id ?? '';

beforeAll(async () => {
  // The carrier never answers by itself here: the tests move time on where they need to.
  h = await startHarness({ SIM_SETTLE_SECONDS: '3600' });
  const privileges = ['case:view', 'case:add', 'case:edit', 'case:delete'];
  Object.assign(ids, await twoTenants(h, privileges, { v1: 'Forklift 1', v2: 'Forklift 2' }));
});
afterAll(async () => h?.close());

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
    const res = await h.as('kitting').post('/cases', caseBody());
    expect(res.status).toBe(201);
    ids.case = res.body.data.id;
    expect(res.body.data).toMatchObject({
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
    const used = await h.as('support').post('/cases', caseBody());
    expect(used.status).toBe(409);
    expect(used.body.data.fields).toEqual([
      expect.objectContaining({ field: 'case_number', message: 'Case number already used.' }),
    ]);
    const bad = await h
      .as('support', { lang: 'zh' })
      .post('/cases', caseBody({ case_number: '', devices_needed: 11, panic_button_values: [3, 3] }));
    const byField = bad.fields;
    expect(byField).toEqual({
      case_number: '请输入案件编号。',
      devices_needed: '所需设备数为1到10之间的数字。',
      'panic_button_values.1': '紧急按钮的值不能与其他值重复。',
    });
  });

  it('hides a case not exposed to kitting users from them, not from support', async () => {
    const hidden = await h.as('support').post('/cases', caseBody({ case_number: 'K-HIDDEN' }));
    ids.hidden = hidden.body.data.id;
    expect(hidden.body.data.exposed_to_kitting).toBe(false);
    expect((await h.as('kitting').get(`/cases/${ids.hidden}`)).status).toBe(404);
    const kitting = await h.as('kitting').get('/cases');
    expect(kitting.body.data.list.map((c: { case_number: string }) => c.case_number)).toEqual(['K-2026-001']);
    const support = await h.as('support').get('/cases?filter=k-hid');
    expect(support.body.data.total).toBe(1);
    const device = await h.as('kitting').post('/devices', {
      ...deviceBody({ device_id: '79', cameras: [{ camera_id: 'H1' }] }),
      customer_id: ids.harbor,
      kitting_id: ids.hidden,
    });
    expect(device.body.data.fields).toEqual([
      expect.objectContaining({ field: 'kitting_id', message: 'The selected kitting id is invalid.' }),
    ]);
  });

  it('registers a device with two cameras for a vehicle; the case counts it and takes no more than needed', async () => {
    const vehicles = await h.as('kitting').get(`/cases/${ids.case}/vehicles`);
    expect(vehicles.body.data.list.map((v: { name: string }) => v.name)).toEqual([
      'Forklift 1',
      'Forklift 2',
    ]);
    const res = await h.as('kitting').put(`/cases/${ids.case}/vehicles/${ids.v1}/device`, deviceBody());
    expect(res.status).toBe(200);
    ids.device = res.body.data.id;
    expect(res.body.data).toMatchObject({
      kitting: { id: ids.case, name: 'K-2026-001' },
      vehicle: { name: 'Forklift 1' },
      camera_count: 2,
    });
    const kase = await h.as('kitting').get(`/cases/${ids.case}`);
    expect(kase.body.data.devices_registered).toBe(1);
    // Registering again edits the same device.
    const again = await h
      .as('kitting')
      .put(`/cases/${ids.case}/vehicles/${ids.v1}/device`, deviceBody({ plate_number: '77' }));
    expect(again.body.data).toMatchObject({ id: ids.device, plate_number: '77' });
    const full = await h
      .as('kitting')
      .put(
        `/cases/${ids.case}/vehicles/${ids.v2}/device`,
        deviceBody({ device_id: '70000002', cameras: [{ camera_id: 'K-CAM-1' }] }),
      );
    expect(full.status).toBe(400);
    expect(full.body.data.fields).toEqual([
      expect.objectContaining({
        field: 'kitting_id',
        message: 'This case already has all the devices it needs.',
      }),
      expect.objectContaining({
        field: 'cameras.0.camera_id',
        message: 'Camera id already exists, change it.',
      }),
    ]);
    const detail = await h.as('support').get(`/cases/${ids.case}/vehicles/${ids.v1}/device`);
    expect(detail.body.data).toMatchObject({
      vehicle: { name: 'Forklift 1' },
      device: { device_id: '70000001' },
    });
    const none = await h.as('support').get(`/cases/${ids.case}/vehicles/${ids.v2}/device`);
    expect(none.body.data.device).toBeNull();
    const notTheirs = await h.as('support').get(`/cases/${ids.case}/vehicles/${ids.otherVehicle}/device`);
    expect(notTheirs.status).toBe(404);
  });

  it("changes a case device's settings, and keeps a case with devices", async () => {
    const res = await h.as('kitting').put(`/cases/${ids.case}/devices/${ids.device}/settings`, {
      icon: 'red',
      firmware: '8690.1',
      installation_direction: 'left',
      thresholds: {
        ...DEFAULT_THRESHOLDS,
        acceleration: { threshold: 0.3, duration: 250 },
        impact: { threshold: 2, duration: 120 },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      icon: 'red',
      firmware: '8690.1',
      camera_count: 2,
      threshold_state: 'change-reserved',
    });
    expect((await h.as('kitting').get(`/cases/${ids.hidden}/devices/${ids.device}`)).status).toBe(404);
    const kept = await h.as('support').delete(`/cases/${ids.case}`);
    expect(kept.body.message).toBe('A case with registered devices cannot be deleted.');
    const lower = await h
      .as('support')
      .put(`/cases/${ids.case}`, caseBody({ devices_needed: 1, exposed_to_kitting: true }));
    expect(lower.status).toBe(200);
    expect((await h.as('support').delete(`/cases/${ids.hidden}`)).status).toBe(200);
  });

  it('keeps SIM settings: phone unique, password never answered', async () => {
    const res = await h.as('kitting').post(`/cases/${ids.case}/sims`, {
      phone: '+81 90-1234-5678',
      apn: 'iot.example',
      user_id: 'fleet',
      password: 'Secret#1',
    });
    expect(res.status).toBe(201);
    ids.sim = res.body.data.id;
    expect(res.body.data).toMatchObject({
      phone: '+819012345678',
      status: 'inactive',
      password_set: true,
      pending_action: null,
    });
    expect(JSON.stringify(res.body)).not.toContain('Secret#1');
    const [stored] = await h.database.query<{ p: string }>(
      'SELECT password_sealed AS p FROM sims WHERE id = $1',
      [ids.sim],
    );
    expect(stored?.p).not.toContain('Secret');
    const twice = await h.as('kitting').post(`/cases/${ids.case}/sims`, { phone: '+819012345678' });
    expect(twice.status).toBe(409);
    expect(twice.body.data.fields).toEqual([
      expect.objectContaining({
        field: 'phone',
        message: 'SIM exists: this phone number is already registered.',
      }),
    ]);
    const edit = await h.as('kitting').put(`/cases/${ids.case}/sims/${ids.sim}`, {
      phone: '+819012345678',
      apn: 'iot2',
    });
    expect(edit.body.data).toMatchObject({ apn: 'iot2', password_set: true });
  });

  it('activates, suspends and re-activates through the carrier, asking to wait while a change is pending', async () => {
    const sim = `/cases/${ids.case}/sims/${ids.sim}`;
    const act = (action: string, lang = 'en') =>
      h.as('kitting', { lang: lang }).post(`${sim}/actions`, { action });
    const due = async () => {
      await h.database.query(
        "UPDATE sims SET requested_at = requested_at - interval '2 hours' WHERE id = $1",
        [ids.sim],
      );
      await completeDueSimChanges(h.database.query, 3600);
    };
    expect((await act('suspend')).body.message).toBe("The SIM's status does not allow this action.");
    const asked = await act('activate');
    expect(asked.body.data).toMatchObject({ status: 'inactive', pending_action: 'activate' });
    const wait = await act('activate', 'ja');
    expect(wait.body).toMatchObject({
      code: 106400051,
      message: 'SIMは開通処理中です。しばらくお待ちください。',
    });
    expect((await h.as('kitting').put(sim, { phone: '+819012345678' })).body.code).toBe(106400051);
    await due();
    expect((await h.as('kitting').get(sim)).body.data).toMatchObject({
      status: 'active',
      pending_action: null,
    });
    expect((await act('suspend')).body.data.pending_action).toBe('suspend');
    const waitOff = await act('reactivate');
    expect(waitOff.body).toMatchObject({
      code: 106400050,
      message: 'SIM in process of deactivation, please wait.',
    });
    await due();
    expect((await h.as('kitting').get(sim)).body.data.status).toBe('suspended');
    await act('reactivate');
    await due();
    expect((await h.as('kitting').get(`/cases/${ids.case}/sims`)).body.data[0].status).toBe('active');
  });

  it('fits the SIM in the device once, and keeps a fitted SIM', async () => {
    const fitted = await h
      .as('kitting')
      .put(`/cases/${ids.case}/vehicles/${ids.v1}/device`, deviceBody({ sim_id: ids.sim }));
    expect(fitted.body.data.sim).toEqual({ id: ids.sim, name: '+819012345678' });
    const removed = await h.as('kitting').delete(`/cases/${ids.case}/sims/${ids.sim}`);
    expect(removed.body.message).toBe('This SIM is already fitted in another device.');
  });

  it('keeps a case whose SIM is fitted in a device or waits for the carrier, with translated messages', async () => {
    const created = await h.as('support').post('/cases', caseBody({ case_number: 'K-DEL-1' }));
    expect(created.status).toBe(201);
    const caseId = created.body.data.id;
    const simId = await insert(
      `INSERT INTO sims (customer_id, case_id, phone, pending_action, requested_at)
       VALUES ($1, $2, '+819099990001', 'activate', now()) RETURNING id`,
      [ids.harbor, caseId],
    );
    const pending = await h.as('support', { lang: 'ja' }).delete(`/cases/${caseId}`);
    expect(pending.status).toBe(409);
    expect(pending.body.message).toBe('通信事業者の処理待ちのSIMがある案件は削除できません。');
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
    const fitted = await h.as('support').delete(`/cases/${caseId}`);
    expect(fitted.status).toBe(409);
    expect(fitted.body.message).toBe('A case whose SIM is fitted in a device cannot be deleted.');
    const [kept] = await h.database.query<{ sim_id: string | null }>(
      'SELECT sim_id FROM devices WHERE id = $1',
      [devicePk],
    );
    expect(kept?.sim_id).toBe(simId);
    await h.database.query('DELETE FROM devices WHERE id = $1', [devicePk]);
    expect((await h.as('support').delete(`/cases/${caseId}`)).status).toBe(200);
    expect((await h.database.query('SELECT 1 FROM sims WHERE id = $1', [simId])).length).toBe(0);
  });

  it("keeps a customer's user to their own companies' cases", async () => {
    const other = await h
      .as('support')
      .post('/cases', caseBody({ case_number: 'Q-9', customer_id: ids.other }));
    const id = other.body.data.id;
    expect((await h.as('manager').get(`/cases/${id}`)).status).toBe(404);
    expect((await h.as('manager').get(`/cases/${id}/sims`)).status).toBe(404);
    expect((await h.as('manager').post(`/cases/${id}/sims`, { phone: '123456789' })).status).toBe(404);
    expect(
      (await h.as('manager').get('/cases')).body.data.list.map((c: { case_number: string }) => c.case_number),
    ).toEqual(['K-2026-001']);
    const plant = await h
      .as('manager')
      .post('/cases', caseBody({ case_number: 'Q-10', customer_id: ids.other }));
    expect(plant.body.data.fields).toEqual([expect.objectContaining({ field: 'customer_id' })]);
    expect((await h.as('operator').get('/cases')).status).toBe(403);
  });
});

describe('the carrier step', () => {
  it('confirms a pending change on its own once it falls due', async () => {
    const settled = await startHarness({ SIM_SETTLE_SECONDS: '1' });
    try {
      const harbor = await settled.companyId('harbor');
      const kitting = settled.as('kitting');
      const kase = (await kitting.post('/cases', caseBody({ customer_id: harbor }))).body.data;
      const sim = (await kitting.post(`/cases/${kase.id}/sims`, { phone: '+819000000001' })).body.data;
      await kitting.post(`/cases/${kase.id}/sims/${sim.id}/actions`, { action: 'activate' });
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
