// The demo-data generator: fills one customer with vehicle vendors, models,
// vehicle groups and N vehicles, one device per vehicle, operator groups, operators and RFID
// cards, for `npm run seed` and the benchmarks. Every record is validated by the contracts' body
// schemas and saved through the repositories the API's services use; the references between them
// are made consistent here (the services' rules check a caller's choices, and there is no caller).
import {
  DEVICE_TYPES,
  deviceBodySchema,
  INSTALLATION_TYPES,
  operatorCreateSchema,
  operatorGroupCreateSchema,
  POWER_TYPES,
  rfidCreateSchema,
  VEHICLE_TYPES,
  vehicleBodySchema,
  vehicleModelBodySchema,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../apps/server/src/db/client.ts';
import { insertDevice, replaceCameras } from '../apps/server/src/modules/devices/repository.ts';
import { insertManufacturer } from '../apps/server/src/modules/manufacturers/repository.ts';
import { insertGroup as insertOperatorGroup } from '../apps/server/src/modules/operators/groups.repository.ts';
import { insertOperator } from '../apps/server/src/modules/operators/repository.ts';
import { insertRfid } from '../apps/server/src/modules/rfids/repository.ts';
import { insertVehicleGroup } from '../apps/server/src/modules/vehicle-groups/repository.ts';
import { insertVehicleModel } from '../apps/server/src/modules/vehicle-models/repository.ts';
import { insertVehicle } from '../apps/server/src/modules/vehicles/repository.ts';

export interface BulkCounts {
  vehicles: number;
  /** Operators, each with an RFID card; defaults to the number of vehicles. */
  operators?: number;
  /** One device per vehicle unless false. */
  devices?: boolean;
  /** Called now and then with what is done. */
  progress?: (what: string, done: number, total: number) => void;
}

const VENDORS = ['Toyota L&F', 'Komatsu', 'Mitsubishi Logisnext', 'Linde', 'Jungheinrich'];
const pad = (n: number, width = 6) => String(n).padStart(width, '0');
const day = (i: number) =>
  new Date(Date.UTC(2020, 0, 1) + (i % 1800) * 86_400_000).toISOString().slice(0, 10);

/** Fills `customerId`; `tag` makes the names of this run unique (several runs may fill one customer). */
export async function fillCustomer(
  database: DatabaseHandle,
  customerId: string,
  counts: BulkCounts,
  tag = Date.now().toString(36),
): Promise<{ vehicles: number; devices: number; operators: number; cards: number; groups: number }> {
  const progress = counts.progress ?? (() => {});
  const operators = counts.operators ?? counts.vehicles;
  // Vendors with four models each.
  const models: { id: string; manufacturer_id: string }[] = [];
  for (const vendor of VENDORS) {
    const manufacturerId = await insertManufacturer(database, {
      customer_id: customerId,
      name: `${vendor} ${tag}`,
      description: 'Generated',
    });
    for (let m = 1; m <= 4; m++) {
      const body = vehicleModelBodySchema.parse({
        manufacturer_id: manufacturerId,
        name: `${vendor.split(' ')[0]} ${m * 10}`,
        series_name: `${vendor.split(' ')[0]}-S${m}`,
        model_name: `M${m}${pad(m, 3)}`,
        power_type: POWER_TYPES[m % POWER_TYPES.length],
        rated_load_kg: 1000 + m * 500,
        fork_length_mm: 1070,
        maximum_lift_mm: 3000 + m * 1000,
      });
      models.push({
        id: await insertVehicleModel(database, customerId, body),
        manufacturer_id: manufacturerId,
      });
    }
  }
  // A vehicle group for every 50 vehicles, an operator group for every 100 operators.
  const vehicleGroups: string[] = [];
  for (let g = 0; g < Math.max(1, Math.ceil(counts.vehicles / 50)); g++)
    vehicleGroups.push(
      await insertVehicleGroup(database, {
        customer_id: customerId,
        name: `Yard ${tag}-${pad(g, 4)}`,
        description: '',
      }),
    );
  const operatorGroups: string[] = [];
  for (let g = 0; g < Math.max(1, Math.ceil(operators / 100)); g++) {
    const body = operatorGroupCreateSchema.parse({
      customer_id: customerId,
      name: `Crew ${tag}-${pad(g, 4)}`,
    });
    operatorGroups.push(await insertOperatorGroup(database, customerId, body));
  }

  let devices = 0;
  const deviceBase = Number.parseInt(tag, 36) % 1_000_000;
  for (let i = 0; i < counts.vehicles; i++) {
    const model = models[i % models.length];
    const { customer_id: _customer, ...vehicle } = vehicleBodySchema.parse({
      customer_id: customerId,
      name: `V-${tag}-${pad(i)}`,
      introduce_date: day(i),
      group_id: vehicleGroups[Math.floor(i / 50)] ?? null,
      manufacturer_id: model?.manufacturer_id ?? null,
      model_id: model?.id ?? null,
      vehicle_type: VEHICLE_TYPES[i % VEHICLE_TYPES.length],
      icon: i % 3 === 0 ? 'b' : 'a',
      installation_type: INSTALLATION_TYPES[i % INSTALLATION_TYPES.length],
      serial_number: `SN-${tag}-${pad(i)}`,
      initial_hour_meter: (i * 37) % 20_000,
      maintenance_mode: i % 97 === 0,
    });
    const vehicleId = await insertVehicle(database, customerId, vehicle);
    if (counts.devices !== false) {
      const deviceId = `${pad(deviceBase, 6)}${pad(i, 8)}`;
      const device = deviceBodySchema.parse({
        customer_id: customerId,
        device_id: deviceId,
        device_type: DEVICE_TYPES[i % DEVICE_TYPES.length],
        vehicle_id: vehicleId,
        channel_number: 1,
        cameras: [{ camera_id: `CAM-${deviceId}` }],
      });
      // Generated data is not an administrative change: no audit entry.
      await database.transaction(async (tx) =>
        replaceCameras(tx.query, await insertDevice(tx.query, device), device.cameras),
      );
      devices++;
    }
    if ((i + 1) % 500 === 0) progress('vehicles', i + 1, counts.vehicles);
  }

  const [creator] = await database.query<{ id: string }>(
    "SELECT id FROM users WHERE sys_role IN ('admin', 'support') ORDER BY username LIMIT 1",
  );
  for (let i = 0; i < operators; i++) {
    const groupId = operatorGroups[Math.floor(i / 100)] ?? null;
    const { customer_id: _c, ...operator } = operatorCreateSchema.parse({
      customer_id: customerId,
      operator_code: `OP-${tag}-${pad(i)}`,
      first_name: ['Aki', 'Ben', 'Chen', 'Dara', 'Emi'][i % 5],
      last_name: `Driver ${pad(i)}`,
      birth_date: day(i).replace(/^20/, '19'),
      address: `${(i % 90) + 1} Harbor Road`,
      license_number: `L-${tag}-${pad(i)}`,
      license_received_on: '2015-04-01',
      license_valid_till: '2030-03-31',
      license_location: 'Yokohama',
      phone: `+81-45-${pad(i % 10_000, 4)}`,
      group_id: groupId,
    });
    await insertOperator(database, customerId, operator);
    const card = rfidCreateSchema.parse({
      customer_id: customerId,
      rfid: `RF-${tag}-${pad(i)}`,
      owner: `Driver ${pad(i)}`,
      group_id: groupId,
    });
    await insertRfid(database, customerId, creator?.id ?? '', card);
    if ((i + 1) % 1000 === 0) progress('operators', i + 1, operators);
  }
  return {
    vehicles: counts.vehicles,
    devices,
    operators,
    cards: operators,
    groups: vehicleGroups.length + operatorGroups.length,
  };
}
