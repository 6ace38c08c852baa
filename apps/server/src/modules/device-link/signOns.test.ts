// A card signed on to two vehicles at once (a missed sign-off, a copied card) is shown on both
// vehicles and on the operator, not attributed silently; a sign-off ends it. Times are relative
// to now: any date.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerTestDevice, type TestDevice } from '../../testing/deviceLink.ts';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
let a: TestDevice;
let b: TestDevice;
let operatorId = '';
const CARD = `CARD-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  h = await startHarness();
  const customer = await h.companyId('harbor');
  a = await registerTestDevice(h.database, customer);
  b = await registerTestDevice(h.database, customer);
  const [operator] = await h.database.query<{ id: string }>(
    `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address,
       license_number, license_received_on, license_valid_till, license_location, phone)
     VALUES ($1, $2, 'Twice', 'Seen', '1990-04-01', 'Yard', 'L-1', '2015-04-01', '2030-03-31', 'Tokyo', '+81 3 0000 0000')
     RETURNING id`,
    [customer, `OP-${randomUUID().slice(0, 8)}`],
  );
  operatorId = operator?.id ?? '';
});
afterAll(async () => h?.close());

const signOn = (device: TestDevice, action: 'sign-on' | 'sign-off', minutesAgo: number) =>
  h.database.query(
    `INSERT INTO operator_sign_ons (device_pk, message_id, customer_id, vehicle_id, action, rfid, operator_id, time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(mins => $8))`,
    [device.pk, randomUUID(), device.customerId, device.vehicleId, action, CARD, operatorId, minutesAgo],
  );

const flags = async () => {
  const list = await h.as('manager').get(`/vehicles?perPage=500`);
  const listed = (id: string) =>
    (list.body.data.list as { id: string; operator_signed_on_elsewhere: boolean }[]).find((v) => v.id === id)
      ?.operator_signed_on_elsewhere;
  const detail = await h.as('manager').get(`/vehicles/${a.vehicleId}`);
  const operator = await h.as('manager').get(`/operators/${operatorId}`);
  return {
    a: listed(a.vehicleId),
    b: listed(b.vehicleId),
    detail: detail.body.data.operator_signed_on_elsewhere,
    vehicles: (operator.body.data.signed_on_vehicles as { id: string }[]).map((v) => v.id).sort(),
  };
};

describe('an operator signed on to two vehicles at once', () => {
  it('is shown on both vehicles and on the operator', async () => {
    await signOn(a, 'sign-on', 30);
    expect(await flags()).toEqual({ a: false, b: false, detail: false, vehicles: [a.vehicleId] });
    await signOn(b, 'sign-on', 10);
    expect(await flags()).toEqual({
      a: true,
      b: true,
      detail: true,
      vehicles: [a.vehicleId, b.vehicleId].sort(),
    });
  });

  it('is no longer shown once one vehicle signs the card off', async () => {
    await signOn(a, 'sign-off', 5);
    expect(await flags()).toEqual({ a: false, b: false, detail: false, vehicles: [b.vehicleId] });
  });
});
