// Whose events a user is notified of (user payload groups, event_groups,
// notify_event_based_on_groups): the vehicle groups must be of the user's company or a company
// below it, and in the editor's reach; anything else is refused with the field and changes
// nothing. Who is mailed what is events/mail.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';

let h: Harness;
let harbor = '';
let north = '';
const group = async (customerId: string, name: string) =>
  (
    await h.database.query<{ id: string }>(
      'INSERT INTO vehicle_groups (customer_id, name) VALUES ($1, $2) RETURNING id',
      [customerId, name],
    )
  )[0]?.id ?? '';

beforeAll(async () => {
  h = await startHarness();
  harbor = await h.companyId('harbor');
  north = await h.companyId('harbor-north');
});
afterAll(async () => h?.close());

const person = (over: object) => ({
  username: 'groupwatch1',
  password: 'Group#Watch2026',
  first_name: 'Gina',
  last_name: 'Watch',
  email: 'gina@harbor.example',
  customer_id: harbor,
  sys_role: 'user',
  ...over,
});

describe("a user's event groups", () => {
  it('follows groups of her company and of the companies below it, with event types', async () => {
    const gate = await group(harbor, 'Gate crew');
    const quay = await group(north, 'Quay crew');
    const made = await h
      .as('manager')
      .post(
        '/users',
        person({ groups: [quay, gate], event_groups: ['Impact'], notify_event_based_on_groups: true }),
      );
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({
      groups: [
        { id: gate, name: 'Gate crew' },
        { id: quay, name: 'Quay crew' },
      ],
      event_groups: ['Impact'],
      notify_event_based_on_groups: true,
    });
    // Left out of an edit, they stay; given, they are replaced.
    const id = made.body.data.id;
    const edit = (over: object) =>
      h.as('manager').put(`/users/${id}`, {
        first_name: 'Gina',
        last_name: 'Watch',
        email: 'gina@harbor.example',
        ...over,
      });
    expect((await edit({})).body.data.groups).toHaveLength(2);
    expect((await edit({ groups: [gate] })).body.data.groups).toEqual([{ id: gate, name: 'Gate crew' }]);
  });

  it("refuses another company's group, a group above the user's company, and an unknown event type", async () => {
    const otherCompany = await h.addCompany('groupsothers', 'Groups Others');
    const foreign = await group(otherCompany, 'Their crew');
    const above = await group(harbor, 'Head office crew');
    const refused = await h
      .as('manager')
      .post('/users', person({ username: 'groupwatch2', groups: [foreign] }));
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields).toEqual([
      expect.objectContaining({ field: 'groups', message: "Choose vehicle groups of the user's company." }),
    ]);
    // A user of the sub company does not see the parent's vehicles: not its group either.
    const sub = await h
      .as('manager')
      .post(
        '/users',
        person({ username: 'groupwatch3', email: 'g3@harbor.example', customer_id: north, groups: [above] }),
      );
    expect(sub.status).toBe(400);
    const type = await h
      .as('manager')
      .post('/users', person({ username: 'groupwatch4', event_groups: ['Teleport'] }));
    expect(type.status).toBe(400);
    const [count] = await h.database.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM users WHERE username IN ('groupwatch2', 'groupwatch3', 'groupwatch4')",
    );
    expect(count?.n).toBe(0);
  });
});
