// The audit log of the registry: every create, update and delete of vendors, models, vehicle
// groups, vehicles, devices, cases, SIMs, operators, operator groups and RFID cards writes one
// entry with who, what before and what after, in the change's own transaction; a refused change
// writes none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, type Harness, startHarness, tokenOf } from '../testing/harness.ts';

let h: Harness;
let support = '';
let manager = '';
let harbor = '';

type Snap = Record<string, unknown> | null;
type Entry = { action: string; actor_name: string; customer_id: string | null; before: Snap; after: Snap };

beforeAll(async () => {
  h = await startHarness();
  support = await tokenOf(h.app, 'support');
  manager = await tokenOf(h.app, 'manager');
  harbor =
    (await h.database.query<{ id: string }>("SELECT id FROM customers WHERE stk_user = 'harbor'"))[0]?.id ??
    '';
});
afterAll(async () => h?.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, token = support) =>
  h.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

/** The entries of one record, oldest first. */
const entries = (entity: string, id: string) =>
  h.database.query<Entry>(
    'SELECT action, actor_name, customer_id, before, after FROM audit_log WHERE entity = $1 AND entity_id = $2 ORDER BY id',
    [entity, id],
  );
const total = async () =>
  Number((await h.database.query<{ n: string }>('SELECT count(*) AS n FROM audit_log'))[0]?.n);

/** Runs a call that must be refused with `status` and checks that it wrote no entry. */
async function refused(status: number, send: () => Promise<{ statusCode: number }>) {
  const before = await total();
  expect((await send()).statusCode).toBe(status);
  expect(await total()).toBe(before);
}

describe('the audit log of the registry', () => {
  it('records vendors, models, groups and vehicles, and nothing of a refused change', async () => {
    const vendor = (await call('POST', '/manufacturers', { customer_id: harbor, name: 'Audit Lift' })).json()
      .data;
    await refused(409, () => call('POST', '/manufacturers', { customer_id: harbor, name: 'Audit Lift' }));
    await call('PUT', `/manufacturers/${vendor.id}`, { name: 'Audit Lift Co', description: '' });
    // Saving the form unchanged is no change.
    await call('PUT', `/manufacturers/${vendor.id}`, { name: 'Audit Lift Co', description: '' });
    let log = await entries('manufacturer', vendor.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[0]).toMatchObject({ actor_name: 'support', customer_id: harbor, before: null });
    expect(log[0]?.after).toMatchObject({ name: 'Audit Lift', customer_id: harbor });
    expect(log[1]?.before).toMatchObject({ name: 'Audit Lift' });
    expect(log[1]?.after).toMatchObject({ name: 'Audit Lift Co' });

    const model = (
      await call('POST', '/vehicle-models', {
        manufacturer_id: vendor.id,
        name: 'AL-1',
        series_name: 'A',
        model_name: 'AL',
      })
    ).json().data;
    expect((await entries('vehicle_model', model.id)).map((e) => e.action)).toEqual(['create']);
    await refused(409, () => call('DELETE', `/manufacturers/${vendor.id}`));

    const group = (await call('POST', '/vehicle-groups', { customer_id: harbor, name: 'Audit yard' })).json()
      .data;
    const vehicle = (
      await call('POST', '/vehicles', {
        customer_id: harbor,
        name: 'Audit forklift',
        introduce_date: '2026-01-05',
        group_id: group.id,
        manufacturer_id: vendor.id,
        model_id: model.id,
      })
    ).json().data;
    log = await entries('vehicle', vehicle.id);
    expect(log).toHaveLength(1);
    expect(log[0]?.after).toMatchObject({ name: 'Audit forklift', group_id: group.id });
    await refused(409, () => call('DELETE', `/vehicle-groups/${group.id}`));

    expect((await call('DELETE', `/vehicles/${vehicle.id}`)).statusCode).toBe(200);
    log = await entries('vehicle', vehicle.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'delete']);
    expect(log[1]).toMatchObject({ after: null, customer_id: harbor });
    expect(log[1]?.before).toMatchObject({ name: 'Audit forklift' });
    expect((await call('DELETE', `/vehicle-groups/${group.id}`)).statusCode).toBe(200);
    expect((await entries('vehicle_group', group.id)).map((e) => e.action)).toEqual(['create', 'delete']);
  });

  it('records devices with their cameras and thresholds, cases and SIMs, never a SIM password', async () => {
    const kase = (
      await call('POST', '/cases', {
        case_number: 'AUDIT-1',
        customer_id: harbor,
        devices_needed: 1,
        rfid: false,
        panic_button_values: [1],
        card_reader: false,
        sim: true,
      })
    ).json().data;
    expect((await entries('case', kase.id)).map((e) => e.action)).toEqual(['create']);
    const sim = (
      await call('POST', `/cases/${kase.id}/sims`, { phone: '+819011112222', password: 'carrier-pass-77' })
    ).json().data;
    await refused(409, () => call('POST', `/cases/${kase.id}/sims`, { phone: '+819011112222' }));
    await call('POST', `/cases/${kase.id}/sims/${sim.id}/actions`, { action: 'activate' });
    // A second request while the first waits for the carrier is refused.
    await refused(409, () =>
      call('POST', `/cases/${kase.id}/sims/${sim.id}/actions`, { action: 'activate' }),
    );
    const simLog = await entries('sim', sim.id);
    expect(simLog.map((e) => e.action)).toEqual(['create', 'update']);
    expect(simLog[1]?.before).toMatchObject({ pending_action: null });
    expect(simLog[1]?.after).toMatchObject({ pending_action: 'activate' });
    expect(JSON.stringify(simLog)).not.toMatch(/password_sealed|carrier-pass/);

    const thresholds = {
      acceleration: { threshold: 0.35, duration: 300 },
      deceleration: { threshold: 0.4, duration: 300 },
      impact: { threshold: 1, duration: 100 },
      quick_handle: { threshold: 0.35, duration: 300 },
    };
    const body = {
      customer_id: harbor,
      device_id: '880011223344',
      device_type: 'dv426',
      channel_number: 1,
      cameras: [{ camera_id: 'AUDIT-CAM-1', rotation: 'normal' }],
      thresholds,
    };
    const device = (await call('POST', '/devices', body)).json().data;
    await refused(409, () => call('POST', '/devices', { ...body, cameras: [{ camera_id: 'AUDIT-CAM-2' }] }));
    const changed = { ...thresholds, impact: { threshold: 1.5, duration: 100 } };
    expect((await call('PUT', `/devices/${device.id}`, { ...body, thresholds: changed })).statusCode).toBe(
      200,
    );
    const log = await entries('device', device.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update']);
    expect(log[0]?.after).toMatchObject({
      device_id: '880011223344',
      cameras: [{ camera_id: 'AUDIT-CAM-1', rotation: 'normal' }],
    });
    expect(log[1]?.before).toMatchObject({ impact_threshold: 1 });
    expect(log[1]?.after).toMatchObject({ impact_threshold: 1.5, threshold_state: 'change-reserved' });
    expect((await call('DELETE', `/devices/${device.id}`)).statusCode).toBe(200);
    expect((await entries('device', device.id)).at(-1)).toMatchObject({ action: 'delete', after: null });

    await refused(409, () => call('DELETE', `/cases/${kase.id}`));
  });

  it('records operators, operator groups, the random video batch and RFID assignments', async () => {
    const group = (
      await call('POST', '/operator-groups', { customer_id: harbor, name: 'Audit crew' }, manager)
    ).json().data;
    const operatorBody = (code: string) => ({
      customer_id: harbor,
      operator_code: code,
      first_name: 'Aki',
      last_name: code,
      birth_date: '1990-01-01',
      address: 'Pier 4',
      license_number: `L-${code}`,
      license_received_on: '2012-01-01',
      license_valid_till: '2032-01-01',
      license_location: 'Harbor City',
      phone: '0123456',
    });
    const one = (await call('POST', '/operators', operatorBody('AUD-1'), manager)).json().data;
    const two = (await call('POST', '/operators', operatorBody('AUD-2'), manager)).json().data;
    await refused(409, () => call('POST', '/operators', operatorBody('AUD-1'), manager));
    expect((await entries('operator', one.id))[0]).toMatchObject({ action: 'create', actor_name: 'manager' });

    const batch = await call(
      'PUT',
      '/operators/random-video',
      {
        operator_ids: [one.id, two.id],
        random_video_enabled: true,
        random_video_days: ['mon'],
        random_video_per_week: 1,
        random_video_minutes: 1,
      },
      manager,
    );
    expect(batch.statusCode).toBe(200);
    for (const id of [one.id, two.id]) {
      const log = await entries('operator', id);
      expect(log.map((e) => e.action)).toEqual(['create', 'update']);
      expect(log[1]?.before).toMatchObject({ random_video_enabled: false });
      expect(log[1]?.after).toMatchObject({ random_video_enabled: true, random_video_days: ['mon'] });
    }

    const card = (
      await call(
        'POST',
        '/rfids',
        { rfid: 'AUD:01', owner: 'Depot', group_id: group.id, kitting_id: 'K-1', customer_id: harbor },
        manager,
      )
    ).json().data;
    await call('POST', `/rfids/${card.id}/assignment`, { operator_id: one.id }, manager);
    await refused(409, () => call('POST', `/rfids/${card.id}/assignment`, { operator_id: two.id }, manager));
    await refused(409, () => call('DELETE', `/rfids/${card.id}`, undefined, manager));
    await call('DELETE', `/rfids/${card.id}/assignment`, undefined, manager);
    const log = await entries('rfid', card.id);
    expect(log.map((e) => e.action)).toEqual(['create', 'update', 'update']);
    expect(log[1]).toMatchObject({ before: { operator_id: null }, after: { operator_id: one.id } });
    expect(log[2]).toMatchObject({ before: { operator_id: one.id }, after: { operator_id: null } });

    await refused(409, () => call('DELETE', `/operator-groups/${group.id}`, undefined, manager));
    expect((await call('DELETE', `/operators/${two.id}`, undefined, manager)).statusCode).toBe(200);
    expect((await entries('operator', two.id)).at(-1)).toMatchObject({ action: 'delete', after: null });
  });
});
