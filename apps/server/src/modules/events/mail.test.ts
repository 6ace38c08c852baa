// Event e-mail through a real SMTP server in-process (smtp-server): an event is mailed once to the
// users whose notification flag covers its type, who may read events and who see its company;
// to nobody else, and never twice.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../../testing/harness.ts';
import { mailJob } from './mailJob.ts';

interface Mail {
  to: string[];
  raw: string;
}

let h: Harness;
let smtp: SMTPServer;
let smtpUrl = '';
const mails: Mail[] = [];
let harbor = '';
let north = '';
let other = '';
let vehicle = '';

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          // Quoted-printable's soft line breaks undone, so the test reads the text as written.
          raw: Buffer.concat(chunks)
            .toString()
            .replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  h = await startHarness({ SMTP_URL: smtpUrl });
  harbor = await h.companyId('harbor');
  north = await h.companyId('harbor-north');
  other = await h.addCompany('mailothers', 'Mail Others');
  vehicle = await h.addVehicle(harbor, 'Mail Forklift 7');
  await h.database.query(
    "UPDATE users SET notify_impact = true, notify_handle = false WHERE username IN ('manager', 'operator', 'support')",
  );
});
afterAll(async () => {
  await h?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

async function addEvent(customer: string, type: string, ofVehicle?: string): Promise<string> {
  const [row] = await h.database.query<{ id: string }>(
    `INSERT INTO device_events (device_pk, message_id, customer_id, vehicle_id, time, type, lat, lng, speed, direction,
                                gx, gy, gz, roll, pitch, yaw, cameras, clips_pending)
     VALUES (gen_random_uuid(), gen_random_uuid()::text, $1, $2, '2026-11-26T01:02:03Z', $3, 35, 139, 12.5, 0,
             -1.1, 0, 1, 0, 0, 0, 0, false)
     RETURNING id`,
    [customer, ofVehicle ?? (customer === harbor ? vehicle : null), type],
  );
  return row?.id ?? '';
}

/** Runs a mail job beside the server's own (a second replica, in effect), then waits for the mails. */
const run = async (expected: number) => {
  await mailJob({
    database: h.database,
    config: {
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'FleetLens <no-reply@fleetlens.invalid>',
      MAIL_LANGUAGE: 'en',
      publicUrl: 'http://fleet.test',
    },
  }).run(new Date(), new Date());
  await expect.poll(() => mails.length).toBe(expected);
  // And no more arrive.
  await new Promise((r) => setTimeout(r, 300));
  expect(mails).toHaveLength(expected);
};

describe('event e-mail', () => {
  it('mails an event to the users whose flag covers it, who may read events and see its company', async () => {
    mails.length = 0;
    const impact = await addEvent(harbor, 'Impact');
    const subImpact = await addEvent(north, 'Impact');
    await addEvent(other, 'Impact');
    await addEvent(harbor, 'Speed');
    await addEvent(harbor, 'SuddenTurn');
    await run(2);
    mails.sort((a, b) => Number(b.raw.includes(impact)) - Number(a.raw.includes(impact)));
    // The manager sees Harbor and its sub company; the operator may not read events; support is
    // provider staff (every customer's events would flood them); nobody of Harbor sees Mail Others.
    expect(mails.map((m) => m.to)).toEqual([
      ['manager@demo.fleetlens.example'],
      ['manager@demo.fleetlens.example'],
    ]);
    const first = mails[0]?.raw ?? '';
    expect(first).toContain('Subject: FleetLens: Impact of Mail Forklift 7 at 2026-11-26 01:02:03');
    expect(first).toContain('Speed: 12.5 km/h');
    expect(first).toContain(`http://fleet.test/#/event-summary/${impact}/event-detail`);
    expect(mails[1]?.raw).toContain(subImpact);
  });

  it('mails nobody twice, and nobody whose flag is off', async () => {
    mails.length = 0;
    await run(0);
    await h.database.query("UPDATE users SET notify_impact = false WHERE username = 'manager'");
    await addEvent(harbor, 'Impact');
    await run(0);
    await h.database.query("UPDATE users SET notify_handle = true WHERE username = 'manager'");
    await addEvent(harbor, 'TurnLeft');
    await run(1);
    expect(mails.map((m) => m.to)).toEqual([['manager@demo.fleetlens.example']]);
    expect(mails[0]?.raw).toContain('Sudden turn');
  });

  it('mails a user notified by groups only the events of their groups’ vehicles and of their types', async () => {
    mails.length = 0;
    const [group] = await h.database.query<{ id: string }>(
      "INSERT INTO vehicle_groups (customer_id, name) VALUES ($1, 'Mail Gate Crew') RETURNING id",
      [harbor],
    );
    const followed = await h.addVehicle(harbor, 'Mail Forklift 8');
    await h.database.query('UPDATE vehicles SET group_id = $1 WHERE id = $2', [group?.id, followed]);
    const groups = [group?.id];
    const manager = h.as('manager');
    const [me] = await h.database.query<{ id: string; first_name: string; last_name: string; email: string }>(
      "SELECT id, first_name, last_name, email FROM users WHERE username = 'manager'",
    );
    if (!me) throw new Error('no manager');
    const save = (over: object) =>
      manager.put(`/users/${me.id}`, {
        first_name: me.first_name,
        last_name: me.last_name,
        email: me.email,
        notify_impact: true,
        notify_handle: true,
        ...over,
      });
    const saved = await save({ groups, notify_event_based_on_groups: true });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      groups: [{ name: 'Mail Gate Crew' }],
      notify_event_based_on_groups: true,
    });
    const ofGroup = await addEvent(harbor, 'Impact', followed);
    await addEvent(harbor, 'Impact'); // Mail Forklift 7: in no group of hers
    await run(1);
    expect(mails[0]?.raw).toContain(ofGroup);

    // Her event types narrow it further: turns only.
    mails.length = 0;
    expect((await save({ event_groups: ['SuddenTurn'] })).status).toBe(200);
    await addEvent(harbor, 'Impact', followed);
    const turn = await addEvent(harbor, 'SuddenTurn', followed);
    await run(1);
    expect(mails[0]?.raw).toContain(turn);
  });
});
