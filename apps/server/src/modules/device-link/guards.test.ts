// The device link's guards against misuse: a rotated secret ends the session signed in with the
// old one, a flooding device fills no more than a few dead letters a minute, and two threshold
// changes fired at once cannot both be on their way to one device.
import { DEFAULT_THRESHOLDS, deviceTopic, MAX_DEVICE_PAYLOAD_BYTES } from '@fleetlens/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { connectDevice, registerTestDevice, startLinkHarness } from '../../testing/deviceLink.ts';
import { bearer, tokenOf } from '../../testing/harness.ts';
import { perFile } from '../../testing/perFile.ts';
import { DEAD_LETTER_CAP } from './repository.ts';

const link = perFile(startLinkHarness);
let kitting: string;

beforeAll(async () => {
  kitting = await tokenOf(link.h.app, 'kitting');
});

describe('secret rotation', () => {
  it('ends the session signed in with the old secret; only the new one signs in; the log has no secret', async () => {
    const device = await registerTestDevice(link.h.database, link.customerId);
    const client = await link.signIn(device);
    const closed = new Promise<void>((resolve) => client.once('close', () => resolve()));
    const rotated = await link.h.app.inject({
      method: 'POST',
      url: `/api/v1/device-link/devices/${device.pk}/credentials`,
      headers: bearer(kitting),
    });
    expect(rotated.statusCode).toBe(201);
    const secret = rotated.json().data.secret as string;
    await closed;
    expect(client.connected).toBe(false);

    await expect(connectDevice(link.port, device)).rejects.toThrow();
    const again = await link.signIn({ deviceId: device.deviceId, secret });
    expect(again.connected).toBe(true);

    const entries = await link.h.database.query<{
      action: string;
      before: unknown;
      after: unknown;
      actor_name: string;
    }>(
      "SELECT action, before, after, actor_name FROM audit_log WHERE entity = 'device_secret' AND entity_id = $1",
      [device.pk],
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: 'update', actor_name: 'kitting' });
    expect(JSON.stringify(entries)).not.toContain(secret);
    expect(JSON.stringify(entries)).not.toContain(device.secret);
  });
});

describe('dead letters', () => {
  it('keeps a few letters per device a minute and counts the rest on the newest', async () => {
    const device = await registerTestDevice(link.h.database, link.customerId);
    const client = await link.signIn(device);
    const sent = DEAD_LETTER_CAP.letters * 3;
    // QoS 1: each is acknowledged once its letter (or count) is committed.
    for (let i = 0; i < sent; i++)
      await client.publishAsync(deviceTopic(device.deviceId, 'positions'), `not json ${i}`, { qos: 1 });
    const rows = await link.h.database.query<{ repeats: number; last_received_at: Date | null }>(
      'SELECT repeats, last_received_at FROM dead_letters WHERE device_id = $1 ORDER BY id',
      [device.deviceId],
    );
    expect(rows).toHaveLength(DEAD_LETTER_CAP.letters);
    expect(rows.reduce((n, r) => n + 1 + r.repeats, 0)).toBe(sent);
    expect(rows.at(-1)?.repeats).toBe(sent - DEAD_LETTER_CAP.letters);
    expect(rows.at(-1)?.last_received_at).not.toBeNull();

    const admin = await tokenOf(link.h.app, 'admin');
    const listed = await link.h.app.inject({
      url: `/api/v1/device-link/dead-letters?filter=${device.deviceId}`,
      headers: bearer(admin),
    });
    expect(listed.json().data.list[0]).toMatchObject({
      device_id: device.deviceId,
      repeats: sent - DEAD_LETTER_CAP.letters,
    });
  });
});

describe('dead letters per reason, in readable words', () => {
  it('keeps every reason beside a flood of another, with a count per reason', async () => {
    const device = await registerTestDevice(link.h.database, link.customerId);
    const client = await link.signIn(device);
    const topic = deviceTopic(device.deviceId, 'positions');
    const publish = (payload: string) => client.publishAsync(topic, payload, { qos: 1 });
    const flood = DEAD_LETTER_CAP.letters * 2;
    for (let i = 0; i < flood; i++) await publish(`not json ${i}`);
    // After the flood of one reason: three messages with other reasons, each must keep its own letter.
    const ahead = new Date(Date.now() + 3_600_000).toISOString();
    // Not ISO 8601 (no offset), and a day ahead as JavaScript would read it: said once, as a format.
    const unzoned = new Date(Date.now() + 86_400_000).toISOString().slice(0, 16).replace('T', ' ');
    await publish(JSON.stringify({ id: 'r-1', time: ahead, lat: 123, lng: 139.7, speed: '9', extra: 1 }));
    await publish(JSON.stringify({ id: 'r 2', time: unzoned, lat: 35, lng: 139, speed: 5, direction: 360 }));
    await publish('x'.repeat(MAX_DEVICE_PAYLOAD_BYTES + 1));

    const perReason = await link.h.database.query<{ reason: string; letters: number; messages: number }>(
      `SELECT reason, count(*)::int AS letters, (count(*) + sum(repeats))::int AS messages
         FROM dead_letters WHERE device_id = $1 GROUP BY reason ORDER BY reason`,
      [device.deviceId],
    );
    expect(perReason).toEqual([
      { reason: 'invalid-json', letters: DEAD_LETTER_CAP.letters, messages: flood },
      { reason: 'invalid-message', letters: 2, messages: 2 },
      { reason: 'payload-too-large', letters: 1, messages: 1 },
    ]);

    const admin = await tokenOf(link.h.app, 'admin');
    const listed = await link.h.app.inject({
      url: `/api/v1/device-link/dead-letters?filter=${device.deviceId}&limit=3`,
      headers: bearer(admin),
    });
    const [tooLarge, outOfRange, wrong] = listed.json().data.list as {
      reason: string;
      reason_text: string;
      detail: string[];
    }[];
    expect(tooLarge?.reason_text).toMatch(/larger than 16 KB/);
    expect(tooLarge?.detail).toEqual([
      `the payload is ${MAX_DEVICE_PAYLOAD_BYTES + 1} bytes; at most 16384 bytes are accepted: send less per message`,
    ]);
    expect(wrong?.reason_text).toMatch(/does not match the topic's message schema/);
    expect(wrong?.detail).toEqual([
      expect.stringMatching(
        /^time: \S+ is more than 10 minutes ahead of the server's clock \(\S+\): set the device's clock$/,
      ),
      'lat: at most 90, got 123',
      'speed: must be a number, got the string "9"',
      'direction: required (a number), missing',
      '(message): unknown field "extra": the protocol has no such field, leave it out',
    ]);
    expect(outOfRange?.detail).toEqual([
      'id: must be 1 to 64 of A-Z a-z 0-9 . _ : - (chosen once, kept when resent), got the string "r 2"',
      `time: must be ISO 8601 with an offset, such as 2026-11-23T10:00:00.000Z or 2026-11-23T19:00:00+09:00, got the string "${unzoned}"`,
      'direction: less than 360, got 360',
    ]);
    // No letter says a validation key or zod's own wording instead of words.
    expect(JSON.stringify(listed.json().data.list)).not.toMatch(/validation\.|Invalid input|expected number/);
  });
});

describe('threshold changes', () => {
  it('of two fired at once for one device, one is queued and the other refused', async () => {
    const device = await registerTestDevice(link.h.database, link.customerId);
    const write = (acceleration: number) =>
      link.h.app.inject({
        method: 'POST',
        url: `/api/v1/device-link/devices/${device.pk}/commands`,
        headers: bearer(kitting),
        payload: {
          type: 'threshold-write',
          thresholds: { ...DEFAULT_THRESHOLDS, acceleration: { threshold: acceleration, duration: 300 } },
        },
      });
    // The device is offline: whatever wins stays queued.
    const answers = await Promise.all([write(0.3), write(0.5)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    const refused = answers.find((a) => a.statusCode === 409);
    expect(refused?.json().message).toMatch(/already on its way/);
    const open = await link.h.database.query(
      `SELECT 1 FROM device_commands WHERE device_pk = $1 AND type = 'threshold-write'
          AND status IN ('queued', 'sent', 'received')`,
      [device.pk],
    );
    expect(open).toHaveLength(1);
    const logged = await link.h.database.query(
      "SELECT 1 FROM audit_log WHERE entity = 'device_command' AND customer_id = $1 AND after->>'device_pk' = $2",
      [link.customerId, device.pk],
    );
    expect(logged).toHaveLength(1);

    // A saved change of the device form does not add a second write next to the open one either.
    await link.h.database.query("UPDATE devices SET threshold_state = 'change-reserved' WHERE id = $1", [
      device.pk,
    ]);
    await link.h.database.query(
      `INSERT INTO device_commands (device_pk, customer_id, type, params)
       SELECT id, customer_id, 'threshold-write', '{}' FROM devices WHERE id = $1 ON CONFLICT DO NOTHING`,
      [device.pk],
    );
    expect(
      await link.h.database.query(
        `SELECT 1 FROM device_commands WHERE device_pk = $1 AND type = 'threshold-write' AND status = 'queued'`,
        [device.pk],
      ),
    ).toHaveLength(1);
  });
});
