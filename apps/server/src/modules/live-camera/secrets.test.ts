// Nobody watches without a view: the embedded media engine refuses every RTMP play (a real RTMP
// client, the packaged ffmpeg, tries it unsigned and with the device's own publish signature),
// and no API answer hands a user the stream's name or its publish address (the commands list, as
// kitting and as admin). The device still publishes with its signed address, and the viewer plays
// through the server's signed HTTP-FLV route.
import { spawn } from 'node:child_process';
import type { DeviceCommand } from '@fleetlens/contracts';
import { ffmpegPath } from '@fleetlens/simulator';
import { describe, expect, it } from 'vitest';
import { until } from '../../testing/deviceLink.ts';
import { forgetRuns, liveWorld, play, setLiveLimits, startView } from '../../testing/liveCamera.ts';

const world = liveWorld('secrets');
type LiveStart = Extract<DeviceCommand, { type: 'live-start' }>;

/** Plays `address` over RTMP with ffmpeg until it has one picture: answers its exit code and how long it took. */
function rtmpPlay(address: string): Promise<{ code: number | null; pictures: boolean }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      ffmpegPath() as string,
      [
        '-hide_banner',
        '-nostdin',
        '-rw_timeout',
        '8000000',
        '-i',
        address,
        '-frames:v',
        '1',
        '-f',
        'null',
        '-',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, pictures: /frame=\s*[1-9]/.test(errors) });
    });
  });
}

describe('live camera secrets', () => {
  it('refuses every RTMP play on the embedded engine, while the signed HTTP-FLV route plays', async () => {
    await forgetRuns(world);
    expect((await setLiveLimits(world, 60, 600)).status).toBe(200);
    const view = (await startView(world)).body.data;
    const start = world.commands.findLast((c): c is LiveStart => c.type === 'live-start') as LiveStart;
    const publish = start.cameras[0]?.publish_url as string;

    // The device publishes and the viewer's signed address plays (its encoder's start may take a while).
    const played = await play(world, view.streams[0].url, 30_000, 10_000);
    expect(played.bytes).toBeGreaterThan(10_000);

    const unsigned = await rtmpPlay(publish.replace(/\?.*$/, ''));
    expect(unsigned).toMatchObject({ pictures: false });
    expect(unsigned.code).not.toBe(0);
    // The device's own signature publishes; it does not play.
    const withPublishSign = await rtmpPlay(publish);
    expect(withPublishSign).toMatchObject({ pictures: false });
    expect(withPublishSign.code).not.toBe(0);
    await world.link.h.as('manager').post(`/live-camera/views/${view.id}/stop`, {});
  }, 90_000);

  it('shows nobody the stream name or a publish address in the commands list', async () => {
    await until('a live-start sent', async () => world.commands.some((c) => c.type === 'live-start'));
    const start = world.commands.findLast((c): c is LiveStart => c.type === 'live-start') as LiveStart;
    for (const who of ['kitting', 'admin']) {
      const listed = await world.link.h.as(who).get(`/device-link/devices/${world.device().pk}/commands`);
      expect(listed.status).toBe(200);
      const rows = listed.body.data as { type: string; params: Record<string, unknown> }[];
      // What was asked is still there: a live-start of two cameras.
      const row = rows.find((r) => r.type === 'live-start');
      expect(row?.params.cameras).toHaveLength(2);
      const text = JSON.stringify(listed.body);
      expect(text).not.toContain(start.stream);
      expect(text).not.toMatch(/rtmps?:\/\/|sign=/);
    }
  });
});
