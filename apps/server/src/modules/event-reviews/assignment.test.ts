// Escalation through the assignee, generated: naming a reviewer is the one call of the workflow
// that names another user, so every caller (each staff role, customer users of the parent and
// the sub company, with and without event:edit, and a stranger) tries to give an event of every
// company to every user. Afterwards, measured and not read from the rule: whoever was given an
// event may read its review and change it (their own calls answer neither 403 nor 404), and the
// caller could see the event. The generated escalation test (platform/escalation.test.ts) judges
// access fields only (role, company, flags); an assignee grants no access, so it is walked here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, TEST_PASSWORD } from '../../testing/harness.ts';
import { hashPassword } from '../identity/password.ts';

let h: Harness;
const users: { id: string; username: string }[] = [];
const events: string[] = [];

const one = async (text: string, params: unknown[] = []) =>
  (await h.database.query<{ id: string }>(text, params))[0]?.id ?? '';

beforeAll(async () => {
  h = await startHarness();
  const hash = await hashPassword(TEST_PASSWORD);
  const other = await h.addCompany('assignother', 'Assign Other');
  const companies = [await h.companyId('harbor'), await h.companyId('harbor-north'), other];
  const extra: [string, string, string[]][] = [
    ['northeditor', companies[1] ?? '', ['event:view', 'event:edit']],
    ['northreader', companies[1] ?? '', ['event:view']],
    ['strangeeditor', other, ['event:view', 'event:edit']],
  ];
  for (const [username, company, privileges] of extra) {
    const role = await one(
      'INSERT INTO roles (customer_id, name, privileges) VALUES ($1, $2, $3) RETURNING id',
      [company, `Role of ${username}`, privileges],
    );
    await one(
      `INSERT INTO users (customer_id, role_id, username, email, first_name, sys_role, password_hash)
       VALUES ($1, $2, $3, $4, 'Extra', 'user', $5) RETURNING id`,
      [company, role, username, `${username}@assign.example`, hash],
    );
  }
  users.push(...(await h.database.query<{ id: string; username: string }>('SELECT id, username FROM users')));
  const device = await one(
    `INSERT INTO devices (customer_id, device_id, device_type, channel_number, acceleration_threshold,
       acceleration_duration, deceleration_threshold, deceleration_duration, impact_threshold, impact_duration,
       quick_handle_threshold, quick_handle_duration)
     VALUES ($1, '555000333', 'dv426', 1, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`,
    [companies[0]],
  );
  for (const customer of companies)
    events.push(
      await one(
        `INSERT INTO device_events (device_pk, message_id, customer_id, time, type, lat, lng, speed, direction,
                                    gx, gy, gz, roll, pitch, yaw, cameras, clips_pending, video_status)
         VALUES ($1, gen_random_uuid()::text, $2, now(), 'Impact', 35, 139, 5, 0, 0, 0, 1, 0, 0, 0, 0, false, 1)
         RETURNING id`,
        [device, customer],
      ),
    );
});
afterAll(async () => h?.close());

describe('no caller gives an event to someone who may not review it', () => {
  it('walks every caller, event and user, and measures each assignee’s reach', async () => {
    const wrong: string[] = [];
    let accepted = 0;
    for (const caller of users)
      for (const event of events)
        for (const assignee of users) {
          const answer = await h
            .as(caller.username)
            .put(`/events/${event}/review/assignee`, { assignee_id: assignee.id });
          const what = `${caller.username} gave ${assignee.username} event ${events.indexOf(event)}`;
          if (answer.status >= 500) wrong.push(`${what}: ${answer.status}`);
          if (answer.status !== 200) continue;
          accepted += 1;
          if ((await h.as(caller.username).get(`/events/${event}`)).status !== 200)
            wrong.push(`${what}, unseen`);
          const reads = await h.as(assignee.username).get(`/events/${event}/review`);
          const acts = await h.as(assignee.username).get(`/events/${event}/review/reviewers`);
          if (reads.status !== 200 || acts.status !== 200)
            wrong.push(`${what}, who answers ${reads.status}/${acts.status}`);
          await h.database.query('UPDATE device_events SET assignee_id = NULL WHERE id = $1', [event]);
        }
    console.log(`assignment: ${users.length ** 2 * events.length} attempts, ${accepted} accepted`);
    expect(accepted).toBeGreaterThan(0);
    expect(wrong).toEqual([]);
  }, 240_000);
});
