// The review workflow on a real database: every step of the contracts' rule taken or refused
// (409, translated, nothing changed), dismissal and reopening with the excluded flag, who an event
// may be assigned to (the privilege, the company, another tenant), coaching notes and the
// operator's acknowledgement, the audit entries, and the inbox.
import { EVENT_REVIEW_STATES, EVENT_REVIEW_TRANSITIONS } from '@fleetlens/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, TEST_PASSWORD } from '../../testing/harness.ts';
import { hashPassword } from '../identity/password.ts';

let h: Harness;
const ids: Record<string, string> = {};
let minute = 0;

const q = async (text: string, params: unknown[] = []) =>
  (await h.database.query<{ id: string }>(text, params))[0]?.id ?? '';

/** An event of `customer` (Harbor's unless told), needing review unless told, one minute newer than the last. */
async function addEvent(
  o: { customer?: string; state?: string; assignee?: string; operator?: string | null } = {},
) {
  minute += 1;
  return q(
    `INSERT INTO device_events (device_pk, message_id, customer_id, operator_id, time, type, lat, lng, speed, direction,
                                gx, gy, gz, roll, pitch, yaw, cameras, clips_pending, video_status, review_state, assignee_id)
     VALUES ($1, gen_random_uuid()::text, $2, $3, now() - interval '1 day' + $4 * interval '1 minute', 'Impact',
             35, 139, 5, 0, 0, 0, 1, 0, 0, 0, 0, false, 1, $5, $6)
     RETURNING id`,
    [
      ids.device,
      o.customer ?? ids.harbor,
      o.operator === undefined ? ids.operator : o.operator,
      minute,
      o.state ?? 'needs-review',
      o.assignee ?? null,
    ],
  );
}

async function addUser(username: string, company: string, privileges: string[], sysRole = 'user') {
  const role = await q('INSERT INTO roles (customer_id, name, privileges) VALUES ($1, $2, $3) RETURNING id', [
    company,
    `Role of ${username}`,
    privileges,
  ]);
  return q(
    `INSERT INTO users (customer_id, role_id, username, email, first_name, last_name, sys_role, password_hash)
     VALUES ($1, $2, $3, $4, 'Rita', $3, $5, $6) RETURNING id`,
    [company, role, username, `${username}@review.example`, sysRole, await hashPassword(TEST_PASSWORD)],
  );
}

const stateOf = async (id: string) =>
  (
    await h.database.query<{ review_state: string; excluded: boolean; assignee_id: string | null }>(
      'SELECT review_state, excluded, assignee_id FROM device_events WHERE id = $1',
      [id],
    )
  )[0];

beforeAll(async () => {
  h = await startHarness();
  ids.harbor = await h.companyId('harbor');
  ids.north = await h.companyId('harbor-north');
  ids.other = await h.addCompany('reviewother', 'Review Other');
  ids.device = await q(
    `INSERT INTO devices (customer_id, device_id, device_type, channel_number, acceleration_threshold,
       acceleration_duration, deceleration_threshold, deceleration_duration, impact_threshold, impact_duration,
       quick_handle_threshold, quick_handle_duration)
     VALUES ($1, '555000222', 'dv426', 1, 0.35, 300, 0.4, 300, 1, 100, 0.35, 300) RETURNING id`,
    [ids.harbor],
  );
  ids.operator = await q(
    `INSERT INTO operators (customer_id, operator_code, first_name, last_name, birth_date, address, license_number,
                            license_received_on, license_valid_till, license_location, phone)
     VALUES ($1, 'RV-OP-1', 'Otto', 'Coached', '1990-01-01', 'Dock 1', 'L-9', '2010-01-01', '2030-01-01', 'Osaka', '0600')
     RETURNING id`,
    [ids.harbor],
  );
  for (const name of ['manager', 'support', 'operator', 'sales'])
    ids[`${name}User`] = await q('SELECT id FROM users WHERE username = $1', [name]);
  ids.northReviewer = await addUser('northreviewer', ids.north, ['event:view', 'event:edit']);
  ids.northViewer = await addUser('northviewer', ids.north, ['event:view']);
  ids.stranger = await addUser('reviewstranger', ids.other, ['event:view', 'event:edit']);
});
afterAll(async () => h?.close());

describe('the steps of a review', () => {
  it('takes every step of the rule and refuses every other with 409, translated, changing nothing', async () => {
    const manager = h.as('manager');
    for (const from of EVENT_REVIEW_STATES)
      for (const to of EVENT_REVIEW_STATES) {
        const id = await addEvent({ state: from });
        const answer = await manager.post(`/events/${id}/review/state`, { state: to });
        if (EVENT_REVIEW_TRANSITIONS[from].includes(to)) {
          expect(answer.status, `${from} → ${to}`).toBe(200);
          expect(answer.body.data).toMatchObject({ state: to, next_states: EVENT_REVIEW_TRANSITIONS[to] });
        } else {
          expect(answer.status, `${from} → ${to}`).toBe(409);
          expect(answer.body.message).toMatch(/not allowed from the event's review state/);
          expect((await stateOf(id))?.review_state).toBe(from);
          const log = await h.database.query(
            "SELECT 1 FROM audit_log WHERE entity = 'event' AND entity_id = $1",
            [id],
          );
          expect(log).toHaveLength(0);
        }
      }
    const id = await addEvent({ state: 'coached' });
    const ja = await h
      .as('manager', { lang: 'ja' })
      .post(`/events/${id}/review/state`, { state: 'dismissed' });
    expect(ja.body.message).toBe(
      'イベントの現在のレビュー状態からはこの操作はできません。イベントを再読み込みし、表示されている操作から選んでください。',
    );
    expect((await manager.post(`/events/${id}/review/state`, { state: 'closed' })).status).toBe(400);
  });

  it('excludes a dismissed event; reopening clears that exclusion but never one set by hand', async () => {
    const manager = h.as('manager');
    const id = await addEvent();
    expect(
      (await manager.post(`/events/${id}/review/state`, { state: 'dismissed' })).body.data.excluded,
    ).toBe(true);
    expect(
      (await manager.post(`/events/${id}/review/state`, { state: 'needs-review' })).body.data.excluded,
    ).toBe(false);
    // Excluded by hand before the dismissal: it stays.
    await manager.put(`/events/${id}`, { excluded: true });
    await manager.post(`/events/${id}/review/state`, { state: 'dismissed' });
    expect(
      (await manager.post(`/events/${id}/review/state`, { state: 'needs-review' })).body.data.excluded,
    ).toBe(true);
    // Excluded by hand while dismissed: the hand wins too.
    await manager.put(`/events/${id}`, { excluded: false });
    await manager.post(`/events/${id}/review/state`, { state: 'dismissed' });
    await manager.put(`/events/${id}`, { excluded: true });
    await manager.post(`/events/${id}/review/state`, { state: 'needs-review' });
    expect((await stateOf(id))?.excluded).toBe(true);
  });

  it('needs event:edit to change a review and event:view to read it; another tenant’s event is 404', async () => {
    const id = await addEvent();
    expect((await h.as('sales').get(`/events/${id}/review`)).status).toBe(200);
    expect((await h.as('sales').post(`/events/${id}/review/state`, { state: 'reviewed' })).status).toBe(403);
    expect((await h.as('operator').get(`/events/${id}/review`)).status).toBe(403);
    expect((await h.as('reviewstranger').get(`/events/${id}/review`)).status).toBe(404);
    expect(
      (await h.as('reviewstranger').post(`/events/${id}/review/state`, { state: 'reviewed' })).status,
    ).toBe(404);
    expect((await stateOf(id))?.review_state).toBe('needs-review');
  });
});

describe('assigning a reviewer', () => {
  it('offers and takes only users who hold event:edit and see the event, among those the caller sees, and staff', async () => {
    const northEvent = await addEvent({ customer: ids.north });
    const names = async (who: string) =>
      (
        (await h.as(who).get(`/events/${northEvent}/review/reviewers`)).body.data as { username: string }[]
      ).map((r) => r.username);
    const forManager = await names('manager');
    expect(forManager).toEqual(expect.arrayContaining(['admin', 'support', 'manager', 'northreviewer']));
    for (const no of ['operator', 'sales', 'kitting', 'northviewer', 'reviewstranger'])
      expect(forManager).not.toContain(no);
    // A sub company's reviewer sees neither the parent company's users nor strangers.
    const forNorth = await names('northreviewer');
    expect(forNorth).toContain('northreviewer');
    expect(forNorth).not.toContain('manager');
    const assign = (who: string, assignee: string | null, lang = 'en') =>
      h.as(who, { lang }).put(`/events/${northEvent}/review/assignee`, { assignee_id: assignee });
    for (const refused of [ids.operatorUser, ids.salesUser, ids.northViewer, ids.stranger, ids.device]) {
      const answer = await assign('manager', refused ?? '');
      expect(answer.status).toBe(400);
      expect(answer.fields.assignee_id).toMatch(/cannot review the event/);
    }
    expect((await assign('manager', ids.stranger ?? '', 'zh')).fields.assignee_id).toMatch(/无法审核此事件/);
    expect((await assign('northreviewer', ids.managerUser ?? '')).status).toBe(400);
    expect((await stateOf(northEvent))?.assignee_id).toBeNull();
    expect((await assign('manager', ids.supportUser ?? '')).body.data.assignee).toMatchObject({
      id: ids.supportUser,
      name: 'Sam Support',
    });
    expect((await assign('northreviewer', ids.northReviewer ?? '')).body.data.assignee.id).toBe(
      ids.northReviewer,
    );
    expect((await assign('manager', null)).body.data.assignee).toBeNull();
    // A reviewer who loses the privilege can no longer be given events.
    await h.database.query(
      "UPDATE roles SET privileges = '{event:view}' WHERE name = 'Role of northreviewer'",
    );
    expect((await assign('manager', ids.northReviewer ?? '')).status).toBe(400);
    await h.database.query(
      "UPDATE roles SET privileges = '{event:view,event:edit}' WHERE name = 'Role of northreviewer'",
    );
  });

  it('records each step and assignment in the audit log as an event change', async () => {
    const id = await addEvent();
    await h.as('manager').put(`/events/${id}/review/assignee`, { assignee_id: ids.managerUser });
    await h.as('manager').post(`/events/${id}/review/state`, { state: 'reviewed' });
    const log = await h.database.query<{
      before: { review_state: string };
      after: { review_state: string; assignee_id: string };
    }>("SELECT before, after FROM audit_log WHERE entity = 'event' AND entity_id = $1 ORDER BY id", [id]);
    expect(log.map((e) => [e.before.review_state, e.after.review_state, e.after.assignee_id])).toEqual([
      ['needs-review', 'needs-review', ids.managerUser],
      ['needs-review', 'reviewed', ids.managerUser],
    ]);
  });
});

describe('coaching notes', () => {
  it('keeps the note for the event’s operator and the acknowledgement the coach records, once', async () => {
    const id = await addEvent({ state: 'needs-coaching' });
    const manager = h.as('manager');
    expect((await manager.post(`/events/${id}/review/notes`, { note: '  ' })).status).toBe(400);
    const long = await h
      .as('manager', { lang: 'ja' })
      .post(`/events/${id}/review/notes`, { note: 'x'.repeat(2001) });
    expect(long.status).toBe(400);
    const added = await manager.post(`/events/${id}/review/notes`, { note: ' Keep 2 m from the dock edge ' });
    expect(added.status).toBe(201);
    const [note] = added.body.data.notes;
    expect(note).toMatchObject({
      note: 'Keep 2 m from the dock edge',
      operator: { id: ids.operator, name: 'Otto Coached' },
      author: { id: ids.managerUser, name: 'Mina Manager' },
      acknowledged_at: null,
      acknowledged_recorded_by: null,
    });
    const acknowledged = await h
      .as('support')
      .post(`/events/${id}/review/notes/${note.id}/acknowledgement`, {});
    expect(acknowledged.body.data.notes[0]).toMatchObject({
      acknowledged_recorded_by: { id: ids.supportUser, name: 'Sam Support' },
    });
    expect(acknowledged.body.data.notes[0].acknowledged_at).toMatch(/Z$/);
    const again = await manager.post(`/events/${id}/review/notes/${note.id}/acknowledgement`, {});
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already recorded/);
    // A note named under another event is not found there.
    const elsewhere = await addEvent();
    expect(
      (await manager.post(`/events/${elsewhere}/review/notes/${note.id}/acknowledgement`, {})).status,
    ).toBe(404);
    const entries = await h.database.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE entity = 'event_coaching_note' AND entity_id = $1 ORDER BY id",
      [note.id],
    );
    expect(entries.map((e) => e.action)).toEqual(['create', 'update']);
  });

  it('refuses an acknowledgement when the event has no operator', async () => {
    const id = await addEvent({ operator: null });
    const added = await h.as('manager').post(`/events/${id}/review/notes`, { note: 'Who was driving?' });
    expect(added.body.data.notes[0].operator).toBeNull();
    const answer = await h
      .as('manager')
      .post(`/events/${id}/review/notes/${added.body.data.notes[0].id}/acknowledgement`, {});
    expect(answer.status).toBe(409);
    expect(answer.body.message).toMatch(/no operator/);
  });
});

describe('the inbox', () => {
  it('lists what is assigned to the caller and open, and unassigned events needing review in their scope', async () => {
    await h.database.query('DELETE FROM device_events');
    const mine = await addEvent({
      state: 'needs-coaching',
      assignee: ids.northReviewer,
      customer: ids.north,
    });
    const open = await addEvent({ customer: ids.north });
    await addEvent({ state: 'coached', assignee: ids.northReviewer, customer: ids.north });
    await addEvent({ customer: ids.north, assignee: ids.managerUser });
    await addEvent({ state: 'reviewed', customer: ids.north });
    await addEvent(); // Harbor's: not the sub company's reviewer's to see.
    await addEvent({ customer: ids.other });
    const inbox = await h.as('northreviewer').get('/event-reviews/inbox');
    expect(inbox.status).toBe(200);
    expect(inbox.body.data).toMatchObject({ total: 2, total_exact: true, page: 1, perPage: 50 });
    expect(inbox.body.data.list.map((e: { id: string }) => e.id)).toEqual([open, mine]);
    expect(inbox.body.data.list[1].assignee).toMatchObject({ id: ids.northReviewer });
    const paged = await h.as('northreviewer').get('/event-reviews/inbox?page=2&perPage=1');
    expect(paged.body.data.list.map((e: { id: string }) => e.id)).toEqual([mine]);
    // The manager sees the sub company's unassigned one, the one assigned to them, and Harbor's.
    expect((await h.as('manager').get('/event-reviews/inbox')).body.data.total).toBe(3);
    expect((await h.as('northviewer').get('/event-reviews/inbox')).status).toBe(403);
    expect((await h.as('manager').get('/event-reviews/inbox?page=300&perPage=50')).status).toBe(400);
  });
});
