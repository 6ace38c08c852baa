// The demo fleet the simulator drives: six forklift-type vehicles of Harbor Logistics, each with
// its on-board device and one to four cameras, and four operators with their RFID cards. Created once (a vehicle or card
// that exists is never overwritten). At every start the devices get fresh secrets, which only the
// in-process simulator receives, as a kitting user would hand them to a real device.
import type { DatabaseHandle } from '../../db/client.ts';
import { issueSecret } from '../device-link/credentials.ts';

const VEHICLES = [
  { name: 'FL-01 Counterbalance', type: 'counter', deviceId: '9000000001', cameras: 2 },
  { name: 'FL-02 Counterbalance', type: 'counter', deviceId: '9000000002', cameras: 1 },
  { name: 'RT-03 Reach truck', type: 'reach', deviceId: '9000000003', cameras: 4 },
  { name: 'RT-04 Reach truck', type: 'reach', deviceId: '9000000004', cameras: 2 },
  { name: 'RS-05 Reach stacker', type: 'reach_stacker', deviceId: '9000000005', cameras: 3 },
  { name: 'TT-06 Towing tractor', type: 'towing_tractor', deviceId: '9000000006', cameras: 1 },
] as const;

const OPERATORS = [
  { code: 'OP-101', first: 'Haruto', last: 'Sato', card: '0410A1B2C301' },
  { code: 'OP-102', first: 'Yui', last: 'Suzuki', card: '0410A1B2C302' },
  { code: 'OP-103', first: 'Min', last: 'Aung', card: '0410A1B2C303' },
  { code: 'OP-104', first: 'Li', last: 'Wei', card: '0410A1B2C304' },
] as const;

export interface DemoDevice {
  deviceId: string;
  secret: string;
  cards: string[];
  /** The registered cameras' ids, by position: what the simulated device films with. */
  cameraIds: string[];
  vehicle: string;
}

export async function seedDemoFleet(database: DatabaseHandle): Promise<DemoDevice[]> {
  const [customer] = await database.query<{ id: string }>(
    "SELECT id FROM customers WHERE stk_user = 'harbor'",
  );
  if (!customer) return [];
  const c = customer.id;
  const devices: DemoDevice[] = [];
  await database.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO operator_groups (customer_id, name, description) VALUES ($1, 'Day shift', 'Demo operators')
       ON CONFLICT (customer_id, name) DO NOTHING`,
      [c],
    );
    const [group] = await tx.query<{ id: string }>(
      "SELECT id FROM operator_groups WHERE customer_id = $1 AND name = 'Day shift'",
      [c],
    );
    for (const o of OPERATORS) {
      await tx.query(
        `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address,
                                license_number, license_received_on, license_valid_till, license_location, phone, group_id)
         VALUES ($1, $2, $3, $4, '1990-04-01', '1-2-3 Yashio, Shinagawa, Tokyo', $5, '2015-04-01', '2030-03-31',
                 'Tokyo', '+81 3 0000 0000', $6)
         ON CONFLICT (customer_id, operator_code) DO NOTHING`,
        [c, o.code, o.first, o.last, `FL-${o.code}`, group?.id],
      );
      await tx.query(
        `INSERT INTO rfids (customer_id, rfid, owner, group_id) VALUES ($1, $2, $3, $4)
         ON CONFLICT (customer_id, rfid) DO NOTHING`,
        [c, o.card, `${o.first} ${o.last}`, group?.id],
      );
      await tx.query(
        `INSERT INTO rfid_assignments (customer_id, rfid_id, operator_id, operator_code, operator_name)
         SELECT $1, r.id, op.id, op.operator_code, op.first_name || ' ' || op.last_name
           FROM rfids r, operators op
          WHERE r.customer_id = $1 AND r.rfid = $2 AND op.customer_id = $1 AND op.operator_code = $3
            AND NOT EXISTS (SELECT 1 FROM rfid_assignments a WHERE a.rfid_id = r.id)`,
        [c, o.card, o.code],
      );
    }
    for (const v of VEHICLES) {
      const [existing] = await tx.query<{ id: string }>('SELECT id FROM devices WHERE device_id = $1', [
        v.deviceId,
      ]);
      let devicePk = existing?.id;
      if (!devicePk) {
        const [vehicle] = await tx.query<{ id: string }>(
          `INSERT INTO vehicles (customer_id, name, description, introduce_date, vehicle_type, initial_hour_meter)
           VALUES ($1, $2, 'Demo fleet', current_date - 400, $3, 1200) RETURNING id`,
          [c, v.name, v.type],
        );
        const [device] = await tx.query<{ id: string }>(
          `INSERT INTO devices (customer_id, device_id, device_type, vehicle_id, channel_number, firmware,
             acceleration_threshold, acceleration_duration, deceleration_threshold, deceleration_duration,
             impact_threshold, impact_duration, quick_handle_threshold, quick_handle_duration)
           VALUES ($1, $2, 'dv426', $3, $4, '8690', 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`,
          [c, v.deviceId, vehicle?.id, v.cameras],
        );
        devicePk = device?.id;
        // One to four cameras per demo device, as the registry's 1-to-4 rule asks.
        for (let position = 1; position <= v.cameras; position += 1)
          await tx.query(
            'INSERT INTO device_cameras (device_pk, position, camera_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
            [devicePk, position, `CAM-${v.deviceId}-${position}`],
          );
      }
      if (!devicePk) continue;
      const { secret } = await issueSecret(tx, devicePk, null);
      // What is registered now (a fleet seeded earlier keeps its cameras and names).
      const cameras = await tx.query<{ camera_id: string; vehicle: string | null }>(
        `SELECT dc.camera_id, v.name AS vehicle FROM device_cameras dc
           JOIN devices d ON d.id = dc.device_pk LEFT JOIN vehicles v ON v.id = d.vehicle_id
          WHERE dc.device_pk = $1 ORDER BY dc.position`,
        [devicePk],
      );
      devices.push({
        deviceId: v.deviceId,
        secret,
        cards: OPERATORS.map((o) => o.card),
        cameraIds: cameras.map((camera) => camera.camera_id),
        vehicle: cameras[0]?.vehicle ?? v.name,
      });
    }
  });
  return devices;
}
