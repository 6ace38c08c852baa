// On-demand video end to end: devices on real MQTT connections report that their vehicles run,
// and answer video-upload commands with the simulator's recorder (a real H.264 encoder, a PUT to
// the signed address). A window of the running time becomes one playable clip per camera; a 6-minute
// window, a 4-minute one from a four-camera device, a window outside the running time, a second
// request while the first is on its way and a vehicle never heard from are refused with the
// spec's messages, changing nothing; a device offline accepts and waits, and films once back.
import type { DeviceCommand } from '@fleetlens/contracts';
import type { MqttClient } from 'mqtt';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  filmWithRecorder,
  publisherOf,
  startVideoHarness,
  type TestDevice,
  until,
} from '../../testing/deviceLink.ts';
import { perFile } from '../../testing/perFile.ts';

const link = perFile(startVideoHarness);
const received: Extract<DeviceCommand, { type: 'video-upload' }>[] = [];

/**
 * Signs the device in and films with the simulator's recorder: each video-upload is answered
 * received, then completed once the window is rendered and PUT (to this server's own origin).
 */
async function connect(device: TestDevice, cameras: number): Promise<MqttClient> {
  const client = await link.signIn(device);
  await filmWithRecorder(client, device, {
    cameras,
    httpBase: link.httpBase,
    seen: (command) => {
      if (!received.some((c) => c.id === command.id)) received.push(command);
    },
  });
  return client;
}

/** The device reports its vehicle running since `since`, and the report is stored. */
async function runningSince(client: MqttClient, device: TestDevice, since: Date): Promise<void> {
  await publisherOf(client, device)('status', { time: since.toISOString(), motion: 'running' });
  await until('the running state stored', async () => {
    const rows = await link.h.database.query(
      "SELECT 1 FROM device_state_changes WHERE device_pk = $1 AND kind = 'motion' AND state = 'running'",
      [device.pk],
    );
    return rows.length > 0;
  });
}

/** `seconds` ago, in whole seconds (as a person picks a time). */
const ago = (seconds: number) => new Date(Math.floor(Date.now() / 1000 - seconds) * 1000);
/** The same moment written as Tokyo's wall clock (+09:00), as a person there chooses it. */
const tokyo = (t: Date) => `${new Date(t.getTime() + 9 * 3600_000).toISOString().slice(0, 19)}+09:00`;
const ask = (vehicleId: string, start: Date, end: Date, lang = 'en') =>
  link.h
    .as('manager', { lang })
    .post(`/vehicles/${vehicleId}/videos`, { start: tokyo(start), end: tokyo(end) });
const eventsOf = async (device: TestDevice) =>
  link.h.database.query<{ id: string }>('SELECT id FROM device_events WHERE device_pk = $1', [device.pk]);
const eventOf = async (id: string) => (await link.h.as('manager').get(`/events/${id}`)).body.data;

let twoCameras: TestDevice;
let twoCamerasClient: MqttClient;
/** When the two-camera vehicle started running (the earlier tests may take minutes on a busy machine). */
let twoCamerasRunningFrom: Date;

beforeAll(async () => {
  twoCameras = await link.addDevice(2);
  twoCamerasClient = await connect(twoCameras, 2);
  twoCamerasRunningFrom = ago(600);
  await runningSince(twoCamerasClient, twoCameras, twoCamerasRunningFrom);
}, 60_000);

describe('on-demand video', () => {
  // Half a minute: the device renders every second of the window for real (the story films two
  // minutes; here the length changes nothing but the encoders' time, twice per CI run).
  it('films a window of the running time with each camera, and refuses a second meanwhile', async () => {
    const start = ago(60);
    const end = ago(30);
    const asked = await ask(twoCameras.vehicleId, start, end);
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe('success');
    const event = asked.body.data;
    expect(event).toMatchObject({
      type: 'clip',
      type_code: 23,
      device_offline: false,
      vehicle: { id: twoCameras.vehicleId },
      cameras: 2,
      camera_ids: [`${twoCameras.deviceId}-c1`, `${twoCameras.deviceId}-c2`],
      // The wall clock chosen, unconverted (code 23).
      video_start_at: tokyo(start).slice(0, 19).replace('T', ' '),
    });
    expect(event.time).toBe(start.toISOString());
    expect(event.clips.map((c: { video_status: number }) => c.video_status)).toEqual([2, 2]);
    expect(event.clips[0]).toMatchObject({ window_from: start.toISOString(), window_to: end.toISOString() });

    // One video at a time per vehicle: the next waits until this one is done.
    const again = await ask(twoCameras.vehicleId, ago(100), ago(40), 'ja');
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('この車両の動画を処理中です。完了してから再度お試しください。');

    const commands = await until('two commands', async () => {
      const mine = received.filter((c) => c.from === start.toISOString());
      return mine.length === 2 && mine;
    });
    expect(commands.map((c) => [c.camera, c.to])).toEqual([
      [1, end.toISOString()],
      [2, end.toISOString()],
    ]);
    // The event's own status follows its clips' (a statement after each clip's): wait for it, so
    // that a read between the two does not count as the answer.
    const done = await until(
      'both clips uploaded and checked',
      async () => {
        const e = await eventOf(event.id);
        return e.video_status === 4 && e;
      },
      120_000,
    );
    expect(done.clips.map((c: { video_status: number }) => c.video_status)).toEqual([4, 4]);
    const stamp = start.toISOString().replace(/[-:T]/g, '').slice(0, 14);
    expect(done.clips.map((c: { file_name: string }) => c.file_name)).toEqual([
      `cam1_${stamp}.mp4`,
      `cam2_${stamp}.mp4`,
    ]);
    expect(done.clips[0].bytes).toBeGreaterThan(10_000);
    const play = await link.h.as('manager').post(`/events/${event.id}/clips/${done.clips[1].id}/play`);
    expect(play.status).toBe(200);
    // Done: the vehicle may be filmed again.
    expect((await ask(twoCameras.vehicleId, ago(100), ago(90))).status).toBe(200);
  }, 180_000);

  it('refuses a 6-minute window, a 4-minute one of four cameras, and what is outside the running time', async () => {
    const before = (await eventsOf(twoCameras)).length;
    const texts: Record<string, string> = {
      en: 'A video can be at most 5 minutes long.',
      ja: '動画の長さは最大5分です。',
      zh: '视频长度最多为5分钟。',
      my: 'ဗီဒီယိုအရှည်သည် အများဆုံး ၅ မိနစ် ဖြစ်ရမည်။',
    };
    for (const [lang, text] of Object.entries(texts)) {
      const six = await ask(twoCameras.vehicleId, ago(400), ago(40), lang);
      expect(six.status).toBe(400);
      expect(six.fields).toEqual({ end: text });
    }
    const future = await ask(twoCameras.vehicleId, ago(60), new Date(Date.now() + 60_000));
    expect(future.fields).toEqual({ end: "Choose a time within the vehicle's running time." });
    // Before the vehicle started running.
    const beforeRunning = (seconds: number) => new Date(twoCamerasRunningFrom.getTime() - seconds * 1000);
    const early = await ask(twoCameras.vehicleId, beforeRunning(100), beforeRunning(20));
    expect(early.status).toBe(400);
    expect(early.fields).toEqual({ start: "Choose a time within the vehicle's running time." });

    const four = await link.addDevice(4);
    const fourClient = await connect(four, 4);
    await runningSince(fourClient, four, ago(600));
    const long = await ask(four.vehicleId, ago(300), ago(60));
    expect(long.status).toBe(400);
    expect(long.fields).toEqual({
      end: 'A device with four cameras uploads at most 3 minutes of video at a time.',
    });
    const zh = await ask(four.vehicleId, ago(300), ago(60), 'zh');
    expect(zh.fields).toEqual({ end: '四摄像头设备的视频长度最多为3分钟。' });
    expect((await eventsOf(four)).length).toBe(0);
    expect((await eventsOf(twoCameras)).length).toBe(before);
    const commands = await link.h.database.query('SELECT 1 FROM device_commands WHERE device_pk = $1', [
      four.pk,
    ]);
    expect(commands.length).toBe(0);
  }, 60_000);

  it('says the vehicle is offline when its device has never been heard from, or it has none', async () => {
    const silent = await link.addDevice(1);
    const never = await ask(silent.vehicleId, ago(90), ago(30), 'my');
    expect(never.status).toBe(409);
    expect(never.body.message).toBe('ယာဉ် အော့ဖ်လိုင်း ဖြစ်နေသည်။ နောက်မှ ထပ်စမ်းကြည့်ပါ။');
    const bare = await link.h.addVehicle(link.customerId, 'No device yet');
    const none = await ask(bare, ago(90), ago(30));
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('The vehicle is offline. Try again later.');
    expect((await eventsOf(silent)).length).toBe(0);
  });

  it('accepts while the device is offline, waits, and films when it is back', async () => {
    const device = await link.addDevice(1);
    const client = await connect(device, 1);
    await runningSince(client, device, ago(300));
    client.end(true);
    await link.untilOnline(device, false);
    const start = ago(60);
    const end = ago(45);
    const asked = await ask(device.vehicleId, start, end, 'ja');
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe('デバイスがオフラインです。接続を待っています。');
    expect(asked.body.data).toMatchObject({ device_offline: true, video_status: 0 });
    expect(asked.body.data.clips[0]).toMatchObject({ video_status: 0, event_video_state: 'being-created' });
    const english = await ask(device.vehicleId, ago(40), ago(35));
    expect(english.status).toBe(409);

    await connect(device, 1);
    const done = await until(
      'the clip filmed once the device is back',
      async () => {
        const clip = (await eventOf(asked.body.data.id)).clips[0];
        return clip.video_status === 4 && clip;
      },
      60_000,
    );
    expect(done).toMatchObject({ window_from: start.toISOString(), window_to: end.toISOString() });
  }, 90_000);

  it("answers 404 for another customer's vehicle, and changes nothing", async () => {
    const other = await link.h.addCompany('videoothers', 'Video Others');
    const stranger = await link.addDevice(0, other);
    const strangerClient = await link.signIn(stranger);
    await runningSince(strangerClient, stranger, ago(600));
    const answer = await ask(stranger.vehicleId, ago(90), ago(30));
    expect(answer.status).toBe(404);
    expect((await eventsOf(stranger)).length).toBe(0);
  });
});
