// Every change of a review is pushed live as `events-changed` to the browsers that may read the
// event, and to no one of another company.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { type Harness, startHarness, TEST_PASSWORD, tokenOf } from '../../testing/harness.ts';
import { openLiveSocket } from '../../testing/liveSocket.ts';
import { hashPassword } from '../identity/password.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

it('pushes each step, assignment, note and acknowledgement to the event’s readers only', async () => {
  const one = async (text: string, params: unknown[]) =>
    (await h.database.query<{ id: string }>(text, params))[0]?.id ?? '';
  const harbor = await h.companyId('harbor');
  const other = await h.addCompany('liveother', 'Live Other');
  const role = await one(
    "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Reader', '{event:view}') RETURNING id",
    [other],
  );
  await one(
    `INSERT INTO users (customer_id, role_id, username, email, first_name, sys_role, password_hash)
     VALUES ($1, $2, 'livereader', 'livereader@other.example', 'Lee', 'user', $3) RETURNING id`,
    [other, role, await hashPassword(TEST_PASSWORD)],
  );
  const operator = await one(
    `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
                            license_received_on, license_valid_till, license_location, phone)
     VALUES ($1, 'LV-OP-1', 'Lena', 'Live', '1990-01-01', 'Dock 2', 'L-8', '2010-01-01', '2030-01-01', 'Osaka', '0601')
     RETURNING id`,
    [harbor],
  );
  const event = await one(
    `INSERT INTO device_events (device_pk, message_id, customer_id, operator_id, time, type, lat, lng, speed, direction,
                                gx, gy, gz, roll, pitch, yaw, cameras, clips_pending, video_status)
     VALUES (gen_random_uuid(), 'live-review-1', $1, $2, now(), 'Impact', 35, 139, 5, 0, 0, 0, 1, 0, 0, 0, 0, false, 1)
     RETURNING id`,
    [harbor, operator],
  );
  const sales = await openLiveSocket(h.app, await tokenOf(h.app, 'sales'));
  const stranger = await openLiveSocket(h.app, await tokenOf(h.app, 'livereader'));
  const pushes = () =>
    sales.messages<{ ids: string[] }>('events-changed').filter((m) => m.ids.includes(event)).length;
  const manager = h.as('manager');
  const managerId = await one("SELECT id FROM users WHERE username = 'manager'", []);
  await manager.post(`/events/${event}/review/state`, { state: 'needs-coaching' });
  await expect.poll(pushes).toBe(1);
  await manager.put(`/events/${event}/review/assignee`, { assignee_id: managerId });
  await expect.poll(pushes).toBe(2);
  const noted = await manager.post(`/events/${event}/review/notes`, { note: 'Mind the gate' });
  await expect.poll(pushes).toBe(3);
  await manager.post(`/events/${event}/review/notes/${noted.body.data.notes[0].id}/acknowledgement`, {});
  await expect.poll(pushes).toBe(4);
  // A refused step changes nothing and pushes nothing.
  expect((await manager.post(`/events/${event}/review/state`, { state: 'reviewed' })).status).toBe(409);
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(pushes()).toBe(4);
  expect(stranger.messages('events-changed')).toEqual([]);
  sales.close();
  stranger.close();
}, 60_000);
