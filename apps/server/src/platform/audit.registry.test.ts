// The audit log of the registry: every create, update and delete of vendors, models, vehicle
// groups, vehicles, devices, cases, SIMs, operators, operator groups and RFID cards writes one
// entry with who, what before and what after, in the change's own transaction; a refused change
// writes none. (Events' review changes and deletions: modules/events/events.test.ts.)
import { DEFAULT_THRESHOLDS } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Answer } from '../testing/api.ts';
import { operatorBody } from '../testing/bodies.ts';
import { type Harness, startHarness } from '../testing/harness.ts';

let h: Harness;
let harbor = '';

type Snap = Record<string, unknown> | null;
type Entry = { action: string; actor_name: string; customer_id: string | null; before: Snap; after: Snap };

beforeAll(async () => {
  h = await startHarness();
  harbor = await h.companyId('harbor');
});
afterAll(async () => h?.close());

/** The entries of one record, oldest first. */
const entries = (entity: string, id: string) =>
  h.database.query<Entry>(
    'SELECT action, actor_name, customer_id, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id',
    [entity, id],
  );
const total = async () =>
  Number((await h.database.query<{ n: string }>('SELECT count(*) AS n FROM audit_log'))[0]?.n);

/** Runs a call that must be refused with `status` and checks that it wrote no entry. */
async function refused(status: number, send: () => Promise<Answer>) {
  const before = await total();
  expect((await send()).status).toBe(status);
  expect(await total()).toBe(before);
}

describe('the audit log of the registry', () => {
  it('records vendors, models, groups and vehicles, and nothing of a refused change', async () => {
    const vendor = (await h.as('support').post('/manufacturers', { customer_id: harbor, name: 'Audit Lift' }))
      .body.data;
    await refused(409, () =>
      h.as('support').post('/manufacturers', { customer_id: harbor, name: 'Audit Lift' }),
    );
    await h.as('support').put(`/manufacturers/${vendor.id}`, { name: 'Audit Lift Co', description: '' });
    // Saving the form unchanged is no change.
    await h.as('support').put(`/manufacturers/${vendor.id}`, { name: 'Audit Lift Co', description: '' });
    let log = await entries('manufacturer', vendor.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[0]).toMatchObject({ actor_name: 'support', customer_id: harbor, before: null });
    expect(log[0]?.after).toMatchObject({ name: 'Audit Lift', customer_id: harbor });
    expect(log[1]?.before).toMatchObject({ name: 'Audit Lift' });
    expect(log[1]?.after).toMatchObject({ name: 'Audit Lift Co' });

    const model = (
      await h.as('support').post('/vehicle-models', {
        manufacturer_id: vendor.id,
        name: 'AL-1',
        series_name: 'A',
        model_name: 'AL',
      })
    ).body.data;
    expect((await entries('vehicle_model', model.id)).map((e) => e.action)).toEqual(['create']);
    await refused(409, () => h.as('support').delete(`/manufacturers/${vendor.id}`));

    const group = (await h.as('support').post('/vehicle-groups', { customer_id: harbor, name: 'Audit yard' }))
      .body.data;
    const vehicle = (
      await h.as('support').post('/vehicles', {
        customer_id: harbor,
        name: 'Audit forklift',
        introduce_date: '2026-01-05',
        group_id: group.id,
        manufacturer_id: vendor.id,
        model_id: model.id,
      })
    ).body.data;
    log = await entries('vehicle', vehicle.id);
    expect(log).toHaveLength(1);
    expect(log[0]?.after).toMatchObject({ name: 'Audit forklift', group_id: group.id });
    await refused(409, () => h.as('support').delete(`/vehicle-groups/${group.id}`));

    expect((await h.as('support').delete(`/vehicles/${vehicle.id}`)).status).toBe(200);
    log = await entries('vehicle', vehicle.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'delete']);
    expect(log[1]).toMatchObject({ after: null, customer_id: harbor });
    expect(log[1]?.before).toMatchObject({ name: 'Audit forklift' });
    expect((await h.as('support').delete(`/vehicle-groups/${group.id}`)).status).toBe(200);
    expect((await entries('vehicle_group', group.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });

  it('records devices with their cameras and thresholds, cases and SIMs, never a SIM password', async () => {
    const kase = (
      await h.as('support').post('/cases', {
        case_number: 'AUDIT-1',
        customer_id: harbor,
        devices_needed: 1,
        rfid: false,
        panic_button_values: [1],
        card_reader: false,
        sim: true,
      })
    ).body.data;
    expect((await entries('case', kase.id)).map((e) => e.action)).toEqual(['create']);
    const sim = (
      await h
        .as('support')
        .post(`/cases/${kase.id}/sims`, { phone: '+819011112222', password: 'carrier-pass-77' })
    ).body.data;
    await refused(409, () => h.as('support').post(`/cases/${kase.id}/sims`, { phone: '+819011112222' }));
    await h.as('support').post(`/cases/${kase.id}/sims/${sim.id}/actions`, { action: 'activate' });
    // A second request while the first waits for the carrier is refused.
    await refused(409, () =>
      h.as('support').post(`/cases/${kase.id}/sims/${sim.id}/actions`, { action: 'activate' }),
    );
    const simLog = await entries('sim', sim.id);
    expect(simLog.map((e) => e.action)).toEqual(['create', 'update']);
    expect(simLog[1]?.before).toMatchObject({ pending_action: null });
    expect(simLog[1]?.after).toMatchObject({ pending_action: 'activate' });
    expect(JSON.stringify(simLog)).not.toMatch(/password_sealed|carrier-pass/);

    const thresholds = DEFAULT_THRESHOLDS;
    const body = {
      customer_id: harbor,
      device_id: '880011223344',
      device_type: 'dv426',
      channel_number: 1,
      cameras: [{ camera_id: 'AUDIT-CAM-1', rotation: 'normal' }],
      thresholds,
    };
    const device = (await h.as('support').post('/devices', body)).body.data;
    await refused(409, () =>
      h.as('support').post('/devices', { ...body, cameras: [{ camera_id: 'AUDIT-CAM-2' }] }),
    );
    const changed = { ...thresholds, impact: { threshold: 1.5, duration: 100 } };
    expect(
      (await h.as('support').put(`/devices/${device.id}`, { ...body, thresholds: changed })).status,
    ).toBe(200);
    const log = await entries('device', device.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[0]?.after).toMatchObject({
      device_id: '880011223344',
      cameras: [{ camera_id: 'AUDIT-CAM-1', rotation: 'normal' }],
    });
    expect(log[1]?.before).toMatchObject({ impact_threshold: 1 });
    expect(log[1]?.after).toMatchObject({ impact_threshold: 1.5, threshold_state: 'change-reserved' });
    expect((await h.as('support').delete(`/devices/${device.id}`)).status).toBe(200);
    expect((await entries('device', device.id)).at(-1)).toMatchObject({ action: 'delete', after: null });

    await refused(409, () => h.as('support').delete(`/cases/${kase.id}`));
  });

  it('records operators, operator groups, the random video batch and RFID assignments', async () => {
    const group = (
      await h.as('manager').post('/operator-groups', { customer_id: harbor, name: 'Audit crew' })
    ).body.data;
    const operator = (code: string) => operatorBody(harbor, code, 'Aki');
    const one = (await h.as('manager').post('/operators', operator('AUD-1'))).body.data;
    const two = (await h.as('manager').post('/operators', operator('AUD-2'))).body.data;
    await refused(409, () => h.as('manager').post('/operators', operator('AUD-1')));
    expect((await entries('operator', one.id))[0]).toMatchObject({ action: 'create', actor_name: 'manager' });

    const batch = await h.as('manager').put('/operators/random-video', {
      operator_ids: [one.id, two.id],
      random_video_enabled: true,
      random_video_days: ['mon'],
      random_video_per_week: 1,
      random_video_minutes: 1,
    });
    expect(batch.status).toBe(200);
    for (const id of [one.id, two.id]) {
      const log = await entries('operator', id);
      expect(log.map((e) => e.action)).toEqual(['create', 'update']);
      expect(log[1]?.before).toMatchObject({ random_video_enabled: false });
      expect(log[1]?.after).toMatchObject({ random_video_enabled: true, random_video_days: ['mon'] });
    }

    const card = (
      await h.as('manager').post('/rfids', {
        rfid: 'AUD:01',
        owner: 'Depot',
        group_id: group.id,
        kitting_id: 'K-1',
        customer_id: harbor,
      })
    ).body.data;
    await h.as('manager').post(`/rfids/${card.id}/assignment`, { operator_id: one.id });
    await refused(409, () => h.as('manager').post(`/rfids/${card.id}/assignment`, { operator_id: two.id }));
    await refused(409, () => h.as('manager').delete(`/rfids/${card.id}`));
    await h.as('manager').delete(`/rfids/${card.id}/assignment`);
    const log = await entries('rfid', card.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    expect(log[1]).toMatchObject({ before: { operator_id: null }, after: { operator_id: one.id } });
    expect(log[2]).toMatchObject({ before: { operator_id: one.id }, after: { operator_id: null } });

    await refused(409, () => h.as('manager').delete(`/operator-groups/${group.id}`));
    expect((await h.as('manager').delete(`/operators/${two.id}`)).status).toBe(200);
    expect((await entries('operator', two.id)).at(-1)).toMatchObject({ action: 'delete', after: null });
  });
});
