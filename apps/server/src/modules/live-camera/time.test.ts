// Live camera's time is what the server streamed (time.service.ts), whatever the player says: a
// player that never beats is charged every second it was sent; the stream is cut within a second
// or two of the allowance, not at the next heartbeat; and a user who closes a view and opens
// another at once continues the same continuous playback time instead of starting it again.
import { describe, expect, it } from 'vitest';
import { until } from '../../testing/deviceLink.ts';
import {
  forgetRuns,
  liveWorld,
  play,
  remainingSeconds,
  setLiveLimits,
  startView,
  viewRow,
} from '../../testing/liveCamera.ts';

const world = liveWorld('time');

/** Waits until the server has counted the stream's last moment (the count after the player left). */
const settled = async (id: string) => {
  let last = -1;
  return until('the last count', async () => {
    const row = await viewRow(world, id);
    const same = row.watched_seconds === last;
    last = row.watched_seconds;
    await new Promise((r) => setTimeout(r, 300));
    return same && row;
  });
};

describe('live camera time', () => {
  it('charges a player that never beats every second it was streamed', async () => {
    await forgetRuns(world);
    expect((await setLiveLimits(world, 60, 600)).status).toBe(200);
    const started = await startView(world);
    expect(started.status).toBe(201);
    const view = started.body.data;

    const streamed = await play(world, view.streams[0].url, 3500);
    expect(streamed.bytes).toBeGreaterThan(0);
    const row = await settled(view.id);
    // Counted from the first picture sent to when the player left: no heartbeat at all.
    expect(row.watched_seconds).toBeGreaterThan(streamed.pictureSeconds - 1.5);
    expect(row.watched_seconds).toBeLessThanOrEqual(streamed.seconds + 0.1);
    expect(await remainingSeconds(world)).toBe(600 - Math.ceil(row.watched_seconds));
  }, 60_000);

  it('cuts the stream within two seconds of the continuous limit', async () => {
    await forgetRuns(world);
    expect((await setLiveLimits(world, 3, 600)).status).toBe(200);
    const view = (await startView(world)).body.data;
    expect(view.allowed_seconds).toBe(3);

    const streamed = await play(world, view.streams[0].url, 15_000);
    expect(streamed.endedByServer).toBe(true);
    expect(streamed.pictureSeconds).toBeLessThan(3 + 2);
    const row = await settled(view.id);
    expect(row).toMatchObject({ watched_seconds: 3, end_reason: 'limit' });
    expect(await remainingSeconds(world)).toBe(597);
  }, 60_000);

  it('holds the continuous limit across views opened one after another', async () => {
    await forgetRuns(world);
    expect((await setLiveLimits(world, 5, 600)).status).toBe(200);
    const first = (await startView(world)).body.data;
    const watchedFirst = await play(world, first.streams[0].url, 2500);
    expect(watchedFirst.endedByServer).toBe(false);
    await world.link.h.as('manager').post(`/live-camera/views/${first.id}/stop`, {});
    const counted = (await settled(first.id)).watched_seconds;
    // The first picture may come late on a busy machine: what matters is that some was counted.
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeGreaterThan(watchedFirst.pictureSeconds - 1.5);

    // Reopened at once: only what is left of the five seconds, and cut there.
    const second = (await startView(world)).body.data;
    expect(second.allowed_seconds).toBe(Math.floor(5 - counted));
    expect(second.allowed_seconds).toBeLessThan(5);
    const streamed = await play(world, second.streams[0].url, 15_000);
    expect(streamed.endedByServer).toBe(true);
    expect(streamed.pictureSeconds).toBeLessThan(second.allowed_seconds + 2);
    const row = await settled(second.id);
    expect(row.end_reason).toBe('limit');
    expect(counted + row.watched_seconds).toBeLessThanOrEqual(5);

    // Nothing left: refused until the pause (the limit's five seconds, under a minute) has passed.
    const third = await startView(world);
    expect(third.status).toBe(409);
    expect(third.body.message).toMatch(
      /^The continuous live camera time is used up\. Try again in \d seconds\.$/,
    );
    await new Promise((r) => setTimeout(r, 5500));
    const rested = await startView(world);
    expect(rested.status).toBe(201);
    expect(rested.body.data.allowed_seconds).toBe(5);
    await world.link.h.as('manager').post(`/live-camera/views/${rested.body.data.id}/stop`, {});
  }, 90_000);
});
