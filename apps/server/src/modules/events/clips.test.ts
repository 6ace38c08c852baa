// The clips end to end: a device on a real MQTT connection reports an event with two cameras,
// receives one video-upload command per camera, PUTs a real H.264 MP4 and a file that is not
// video over HTTP to the signed addresses, and acknowledges. The server keeps the video, refuses
// the other ("conversion failed", nothing else changed), plays and downloads the kept one
// (recorded among the viewers), recreates the failed one, times out what is not answered, and
// deletes clips past retention unless their event is restricted.
import { createHash } from 'node:crypto';
import { ALL_PRIVILEGES, type DeviceCommand, deviceTopic } from '@fleetlens/contracts';
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { objectStorage } from '../../platform/storage.ts';
import {
  impactEvent,
  impactEventBody,
  onCommands,
  publisherOf,
  startVideoHarness,
  type TestDevice,
  until,
} from '../../testing/deviceLink.ts';
import { TEST_PASSWORD } from '../../testing/harness.ts';
import { type LiveSocket, openLiveSocket } from '../../testing/liveSocket.ts';
import { perFile } from '../../testing/perFile.ts';
import { h264Clip } from '../../testing/video.ts';
import { CommandDispatcher } from '../device-link/commands.ts';
import { hashPassword } from '../identity/password.ts';
import { clipJob } from './clipJob.ts';

type VideoUpload = Extract<DeviceCommand, { type: 'video-upload' }>;

const link = perFile(startVideoHarness);
let device: TestDevice;
let client: MqttClient;
let mp4: Buffer;
const received: VideoUpload[] = [];

/** The device signed in (again), hearing its video-upload commands. */
async function signIn(): Promise<void> {
  client = await link.signIn(device);
  await onCommands(client, device, (command) => {
    if (command.type === 'video-upload' && !received.some((c) => c.id === command.id)) received.push(command);
  });
}

let counter = 0;
const publish = (channel: 'events' | 'command-acks', body: object) =>
  publisherOf(client, device)(channel, body);

/** An event `secondsAgo` in the past (its clip window has passed), with `cameras` cameras. */
async function reportEvent(cameras: number, secondsAgo = 15): Promise<{ id: string; time: string }> {
  counter += 1;
  const time = new Date(Date.now() - secondsAgo * 1000).toISOString();
  const message = `clip-test-${counter}-${Date.now()}`;
  await publish(
    'events',
    impactEventBody(message, {
      time,
      cameras,
      camera_ids: Array.from({ length: cameras }, (_, k) => `${device.deviceId}-${k + 1}`),
    }),
  );
  const [row] = await link.h.database.query<{ id: string }>(
    'SELECT id FROM device_events WHERE device_pk = $1 AND message_id = $2',
    [device.pk, message],
  );
  if (!row) throw new Error('event not stored');
  return { id: row.id, time };
}

/** PUTs `body` to a signed address over HTTP (the server's own origin, as a device on the LAN sees it). */
async function put(url: string, body: Buffer): Promise<number> {
  const address = new URL(url);
  const response = await fetch(`${link.httpBase}${address.pathname}${address.search}`, {
    method: 'PUT',
    headers: { 'content-type': 'video/mp4' },
    body: new Uint8Array(body),
  });
  return response.status;
}

/** The same PUT, answering its status and message (a refusal's). */
async function putAnswer(url: string, body: Buffer): Promise<{ status: number; message?: string }> {
  const address = new URL(url);
  const response = await fetch(`${link.httpBase}${address.pathname}${address.search}`, {
    method: 'PUT',
    headers: { 'content-type': 'video/mp4' },
    body: new Uint8Array(body),
  });
  const answer = (await response.json()) as { message?: string };
  return { status: response.status, message: answer.message };
}

const ack = (command: VideoUpload, body: object) =>
  publish('command-acks', { command_id: command.id, ...body });

const commandsFor = (from: string, n: number) =>
  until(`${n} video-upload commands`, async () => {
    const mine = received.filter((c) => c.from === from);
    return mine.length >= n ? mine.sort((a, b) => a.camera - b.camera) : undefined;
  });

const eventOf = async (id: string) => (await link.h.as('manager').get(`/events/${id}`)).body.data;
/** `who`'s browser on the live socket. */
const listen = async (who: string) => openLiveSocket(link.h.app, await link.h.token(who));

beforeAll(async () => {
  mp4 = await h264Clip(3);
  device = await link.addDevice();
  await signIn();
}, 60_000);

describe('an event’s clips', () => {
  it('asks each camera for its window, keeps the H.264 video and refuses what is not video', async () => {
    const event = await reportEvent(2);
    const from = new Date(Date.parse(event.time) - 10_000).toISOString();
    const [first, second] = await commandsFor(from, 2);
    if (!first || !second) throw new Error('two commands expected');
    expect(first).toMatchObject({
      camera: 1,
      from,
      to: new Date(Date.parse(event.time) + 10_000).toISOString(),
    });
    const stamp = from.replace(/[-:T]/g, '').slice(0, 14);
    expect(new URL(first.upload_url).pathname).toMatch(new RegExp(`/cam1_${stamp}\\.mp4$`));
    const waiting = await eventOf(event.id);
    expect(waiting.clips.map((c: { video_status: number }) => c.video_status)).toEqual([2, 2]);
    expect(waiting.clips[0].event_video_state).toBe('being-created');

    expect(await put(first.upload_url, mp4)).toBeLessThan(300);
    const notVideo = Buffer.from('this is a text file pretending to be a video '.repeat(40));
    expect(await put(second.upload_url, notVideo)).toBeLessThan(300);
    const tagged = await link.h
      .as('manager')
      .put(`/events/${event.id}`, { tag: 'moderate', comment: 'check the mirror' });
    const before = tagged.body.data;
    const video = (c: VideoUpload, bytes: number) => ({ camera: c.camera, bytes, from: c.from, to: c.to });
    await ack(first, { status: 'completed', video: video(first, mp4.length) });
    await ack(second, { status: 'completed', video: video(second, notVideo.length) });

    const done = await until('both clips checked', async () => {
      const e = await eventOf(event.id);
      return (
        e.clips.every((c: { video_status: number }) => c.video_status === 4 || c.video_status === 1) && e
      );
    });
    const [kept, refused] = done.clips;
    expect(kept).toMatchObject({
      camera: 1,
      camera_id: `${device.deviceId}-1`,
      video_status: 4,
      event_video_state: null,
      recreatable: false,
      bytes: mp4.length,
      file_name: `cam1_${stamp}.mp4`,
      recorded_at: `${from.slice(0, 10)} ${from.slice(11, 19)}`,
    });
    expect(refused).toMatchObject({
      camera: 2,
      video_status: 1,
      event_video_state: 'conversion-failed',
      recreatable: true,
      bytes: null,
    });
    expect(refused.failure_detail).toContain('ftyp');
    // Nothing else changed: the event keeps its review, its video is the kept clip's.
    expect(done).toMatchObject({
      video_status: 4,
      tag: before.tag,
      comment: before.comment,
      excluded: before.excluded,
      view_count: before.view_count,
    });
    const storage = objectStorage(loadConfig({ ...process.env, ...configOf() }), link.h.database);
    const keys = await link.h.database.query<{ object_key: string; camera: number }>(
      'SELECT object_key, camera FROM event_clips WHERE event_id = $1 ORDER BY camera',
      [event.id],
    );
    expect(await storage.head(keys[1]?.object_key ?? '')).toBeNull();
    expect((await storage.head(keys[0]?.object_key ?? ''))?.bytes).toBe(mp4.length);

    // Played and downloaded through signed addresses; each recorded among the viewers.
    const play = await link.h.as('manager').post(`/events/${event.id}/clips/${kept.id}/play`);
    expect(play.status).toBe(200);
    const address = new URL(play.body.data.url);
    const got = await fetch(`${link.httpBase}${address.pathname}${address.search}`);
    expect(Buffer.from(await got.arrayBuffer()).equals(mp4)).toBe(true);
    const download = await link.h.as('manager').post(`/events/${event.id}/clips/${kept.id}/download`);
    const file = new URL(download.body.data.url);
    const saved = await fetch(`${link.httpBase}${file.pathname}${file.search}`);
    expect(saved.headers.get('content-disposition')).toContain('attachment');
    const viewers = (await eventOf(event.id)).viewers.map(
      (v: { kind: string; name: string }) => `${v.name}:${v.kind}`,
    );
    expect(viewers).toEqual(['Mina Manager:download', 'Mina Manager:play']);
    expect((await link.h.as('manager').post(`/events/${event.id}/clips/${refused.id}/play`)).status).toBe(
      409,
    );
    // Only a failed clip is recreated.
    const again = await link.h.as('manager').post(`/events/${event.id}/clips/${kept.id}/recreate`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a clip that failed can be recreated.');

    // Recreated: a new command for camera 2 with a new object; the device has no recording now.
    const recreated = await link.h.as('manager').post(`/events/${event.id}/clips/${refused.id}/recreate`);
    expect(recreated.status).toBe(200);
    expect(recreated.body.data.clips[1]).toMatchObject({ video_status: 2, attempts: 2, recreatable: false });
    const [, third] = await commandsFor(from, 3).then((all) => all.filter((c) => c.camera === 2));
    if (!third) throw new Error('a new command expected');
    expect(third.id).not.toBe(second.id);
    await ack(third, { status: 'failed', reason: 'no-recording' });
    const none = await until('the recreated clip answered', async () => {
      const clip = (await eventOf(event.id)).clips[1];
      return clip.video_status === 1 && clip;
    });
    expect(none).toMatchObject({ event_video_state: null, recreatable: false });
    // A late answer to the first command changes nothing.
    await ack(second, { status: 'failed', reason: 'busy' });
    expect((await eventOf(event.id)).clips[1]).toMatchObject({ video_status: 1, attempts: 2 });
  }, 60_000);

  it('takes one upload per address: a second PUT is refused, the clip plays its first bytes, checked at each play', async () => {
    const event = await reportEvent(1);
    const from = new Date(Date.parse(event.time) - 10_000).toISOString();
    const [command] = await commandsFor(from, 1);
    if (!command) throw new Error('a command expected');
    // Another valid H.264 MP4: not even a playable video replaces the evidence.
    const forged = Buffer.concat([mp4, Buffer.from('forged')]);
    expect(await put(command.upload_url, mp4)).toBeLessThan(300);
    const again = await putAnswer(command.upload_url, forged);
    expect(again.status).toBe(409);
    expect(again.message).toBe(
      'This upload address has been used already. It takes one upload; the server sends a new address when it asks again.',
    );
    await ack(command, {
      status: 'completed',
      video: { camera: 1, bytes: mp4.length, from, to: command.to },
    });
    const clip = await until('the clip kept', async () => {
      const c = (await eventOf(event.id)).clips[0];
      return c?.video_status === 4 && c;
    });
    expect(clip.bytes).toBe(mp4.length);
    // After the check too: refused, and nothing changed.
    expect((await putAnswer(command.upload_url, forged)).status).toBe(409);
    const played = async (kind: 'play' | 'download') => {
      const address = await link.h.as('manager').post(`/events/${event.id}/clips/${clip.id}/${kind}`);
      if (address.status !== 200) return address;
      const url = new URL(address.body.data.url);
      return Buffer.from(await (await fetch(`${link.httpBase}${url.pathname}${url.search}`)).arrayBuffer());
    };
    expect(((await played('play')) as Buffer).equals(mp4)).toBe(true);
    expect(((await played('download')) as Buffer).equals(mp4)).toBe(true);
    // Its SHA-256 and size were recorded when it was checked, under a key no address named.
    const [row] = await link.h.database.query<{ object_key: string; sha256: string; bytes: string }>(
      'SELECT object_key, sha256, bytes::text AS bytes FROM event_clips WHERE id = $1',
      [clip.id],
    );
    expect(row).toMatchObject({
      sha256: createHash('sha256').update(mp4).digest('hex'),
      bytes: `${mp4.length}`,
    });
    expect(new URL(command.upload_url).pathname.endsWith(row?.object_key ?? '')).toBe(false);
    // The store itself changed behind the server's back: never served, for play or download.
    const storage = objectStorage(loadConfig({ ...process.env, ...configOf() }), link.h.database);
    await storage.put(row?.object_key ?? '', forged, 'video/mp4');
    for (const kind of ['play', 'download'] as const) {
      const refused = await played(kind);
      expect(refused).toMatchObject({ status: 409 });
      expect((refused as { body: { message: string } }).body.message).toContain('not the one checked');
    }
  }, 60_000);

  it('says the video is available only once every camera’s clip is done, and plays them as one', async () => {
    const event = await reportEvent(4);
    const from = new Date(Date.parse(event.time) - 10_000).toISOString();
    const commands = await commandsFor(from, 4);
    for (const command of commands.slice(0, 2)) {
      expect(await put(command.upload_url, mp4)).toBeLessThan(300);
      await ack(command, {
        status: 'completed',
        video: { camera: command.camera, bytes: mp4.length, from, to: command.to },
      });
    }
    const half = await until('two clips kept', async () => {
      const e = await eventOf(event.id);
      return e.clips.filter((c: { video_status: number }) => c.video_status === 4).length === 2 && e;
    });
    // Two of four still on their way: the video is waiting, not available.
    expect(half.video_status).toBe(2);
    for (const command of commands.slice(2)) await ack(command, { status: 'failed', reason: 'no-recording' });
    // The event's status follows its clips' a statement later: wait for it, then read the clips.
    const done = await until('every clip answered', async () => {
      const e = await eventOf(event.id);
      return e.video_status === 4 && e;
    });
    expect(done.clips.map((c: { video_status: number }) => c.video_status)).toEqual([4, 4, 1, 1]);

    // One press of Play plays both cameras' videos and is one play among the viewers.
    const pressed = await link.h.as('manager').post(`/events/${event.id}/clips/play`);
    expect(pressed.status).toBe(200);
    expect(pressed.body.data.clips.map((c: { camera: number }) => c.camera)).toEqual([1, 2]);
    const address = new URL(pressed.body.data.clips[1].url);
    const got = await fetch(`${link.httpBase}${address.pathname}${address.search}`);
    expect(Buffer.from(await got.arrayBuffer()).equals(mp4)).toBe(true);
    const viewers = (await eventOf(event.id)).viewers.map((v: { kind: string }) => v.kind);
    expect(viewers).toEqual(['play']);
  }, 60_000);

  it('waits for an offline device (status 0), and sends when it is back', async () => {
    const event = await reportEvent(1, 5);
    client.end(true);
    await link.untilOnline(device, false);
    const offline = await until('the clip asked for', async () => (await eventOf(event.id)).clips[0]);
    expect(offline).toMatchObject({ video_status: 0, event_video_state: 'being-created' });
    expect((await eventOf(event.id)).video_status).toBe(0);
    await signIn();
    const from = new Date(Date.parse(event.time) - 10_000).toISOString();
    await commandsFor(from, 1);
    await until('the clip waiting', async () => (await eventOf(event.id)).clips[0]?.video_status === 2);
  }, 30_000);

  it('times out a clip the device does not deliver, and ends its command', async () => {
    const event = await reportEvent(1);
    const from = new Date(Date.parse(event.time) - 10_000).toISOString();
    const [command] = await commandsFor(from, 1);
    await until('the command sent', async () => (await eventOf(event.id)).clips[0]?.video_status === 2);
    const job = clipJob(jobDeps());
    await job.run(new Date(), new Date(Date.now() + 3600_000));
    const clip = (await eventOf(event.id)).clips[0];
    expect(clip).toMatchObject({ video_status: 1, event_video_state: 'timeout', recreatable: true });
    const [row] = await link.h.database.query<{ status: string; error: string }>(
      'SELECT status, error FROM device_commands WHERE id = $1',
      [command?.id],
    );
    expect(row).toEqual({ status: 'failed', error: 'timed out' });
  }, 30_000);

  it('deletes clips past retention, unless their event is restricted', async () => {
    const storage = objectStorage(loadConfig({ ...process.env, ...configOf() }), link.h.database);
    const old = async (restricted: boolean) => {
      const event = await reportEvent(1, 20);
      const from = new Date(Date.parse(event.time) - 10_000).toISOString();
      const [command] = await commandsFor(from, 1);
      if (!command) throw new Error('a command expected');
      await put(command.upload_url, mp4);
      await ack(command, {
        status: 'completed',
        video: { camera: 1, bytes: mp4.length, from, to: command.to },
      });
      await until('the clip kept', async () => (await eventOf(event.id)).clips[0]?.video_status === 4);
      await link.h.as('manager').put(`/events/${event.id}`, { do_not_delete: restricted });
      await link.h.database.query(
        "UPDATE event_clips SET created_at = now() - interval '40 days' WHERE event_id = $1",
        [event.id],
      );
      return event.id;
    };
    const plain = await old(false);
    const kept = await old(true);
    await clipJob({ ...jobDeps(), config: { VIDEO_RETENTION_DAYS: 30, CLIP_TIMEOUT_SECONDS: 300 } }).run(
      new Date(),
      new Date(),
    );
    const purged = await eventOf(plain);
    expect(purged).toMatchObject({ video_status: 1 });
    expect(purged.clips[0]).toMatchObject({ video_status: 1, event_video_state: null });
    const [key] = await link.h.database.query<{ object_key: string }>(
      'SELECT object_key FROM event_clips WHERE event_id = $1',
      [plain],
    );
    expect(await storage.head(key?.object_key ?? '')).toBeNull();
    expect((await eventOf(kept)).clips[0]).toMatchObject({ video_status: 4 });
  }, 60_000);
});

describe('new events live', () => {
  it('pushes a new event to the browsers of its customer that may read events, and to no one else', async () => {
    const pushed = (live: LiveSocket) =>
      live.messages<{ events?: { id: string }[] }>('events-created').flatMap((d) => d?.events ?? []);
    const manager = await listen('manager');
    const operator = await listen('operator');
    const support = await listen('support');
    const otherCompany = await link.h.addCompany('liveothers', 'Live Others');
    const stranger = await link.addDevice(0, otherCompany);
    const strangerClient = await link.signIn(stranger);
    await strangerClient.publishAsync(
      deviceTopic(stranger.deviceId, 'events'),
      impactEvent('stranger-1', { cameras: 0 }),
      { qos: 1 },
    );
    const event = await reportEvent(0, 1);
    await expect.poll(() => pushed(manager).map((e) => e.id)).toEqual([event.id]);
    await expect.poll(() => pushed(support).length).toBe(2);
    expect(pushed(manager)[0]).toMatchObject({
      id: event.id,
      type: 'Impact',
      vehicle: { id: device.vehicleId },
    });
    expect(pushed(operator)).toEqual([]);
    for (const s of [manager, operator, support]) s.close();
  }, 30_000);
});

describe('clip states live', () => {
  it("pushes a completed clip's event to its customer's readers, and not to another customer", async () => {
    const changed = (live: LiveSocket) =>
      live.messages<{ ids?: string[] }>('events-changed').flatMap((d) => d?.ids ?? []);
    // Another customer's manager with every privilege: may read events, but not these.
    const others = await link.h.addCompany('clipothers', 'Clip Others');
    const [role] = await link.h.database.query<{ id: string }>(
      "INSERT INTO roles (customer_id, name, privileges) VALUES ($1, 'Clip boss', $2) RETURNING id",
      [others, [...ALL_PRIVILEGES]],
    );
    await link.h.database.query(
      `INSERT INTO users (customer_id, role_id, username, email, first_name, sys_role, is_manager, password_hash)
       VALUES ($1, $2, 'clipboss', 'clipboss@others.example', 'Clara', 'user', true, $3)`,
      [others, role?.id, await hashPassword(TEST_PASSWORD)],
    );
    const manager = await listen('manager');
    const stranger = await listen('clipboss');

    const event = await reportEvent(1);
    const from = new Date(Date.parse(event.time) - 10_000).toISOString();
    const [command] = await commandsFor(from, 1);
    if (!command) throw new Error('a command expected');
    // Asked for, then sent: the clip waits for the device, and the browsers hear of both.
    const pushes = () => changed(manager).filter((id) => id === event.id).length;
    await expect.poll(pushes, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    const beforeAnswer = pushes();
    expect(await put(command.upload_url, mp4)).toBeLessThan(300);
    await ack(command, {
      status: 'completed',
      video: { camera: 1, bytes: mp4.length, from: command.from, to: command.to },
    });
    await until('the clip kept', async () => (await eventOf(event.id)).clips[0]?.video_status === 4);
    await expect.poll(pushes, { timeout: 10_000 }).toBeGreaterThan(beforeAnswer);
    expect(changed(stranger)).toEqual([]);
    for (const s of [manager, stranger]) s.close();
  }, 30_000);
});

/** The configuration the harness started with, for a second look at its storage. */
function configOf(): Record<string, string> {
  return { NODE_ENV: 'test', PUBLIC_URL: 'http://fleet.test', DATA_DIR: link.dataDir };
}

function jobDeps() {
  const config = loadConfig({ ...process.env, ...configOf() });
  return {
    database: link.h.database,
    storage: objectStorage(config, link.h.database),
    commands: new CommandDispatcher(link.h.database, undefined, link.h.app.log),
    config: { VIDEO_RETENTION_DAYS: 90, CLIP_TIMEOUT_SECONDS: 300 },
    log: link.h.app.log,
  };
}
