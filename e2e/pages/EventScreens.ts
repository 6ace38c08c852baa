import { Recorder } from '@fleetlens/simulator';
import { expect, type Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';
import type { ConsoleApi } from './ConsoleApi.ts';
import { connectAsDevice } from './VehicleStates.ts';

/**
 * The event screens: the event list with its filters, one event's detail with its
 * cameras' videos, the review form and the viewers; and a filming device of the e2e server's
 * embedded broker (10000 above the web port) that reports an event and answers the server's
 * video-upload commands with real H.264 clips, as the demo simulator's devices do.
 */
export class EventScreens extends BasePage {
  /** Narrows the list to one vehicle: its picker searches the server as the user types. */
  async filterByVehicle(name: string) {
    // The pointer, left where the previous screen had its button, may rest on a row of this list.
    await this.page.mouse.move(0, 0);
    const picker = this.visible(this.page.getByRole('combobox', { name: 'Vehicle', exact: true }));
    await picker.click();
    await picker.fill(name);
    await this.option(name).click();
  }

  /** The list's row of the event of `vehicle`. */
  eventRow(vehicle: string): Locator {
    return this.row(vehicle);
  }

  async openEvent(vehicle: string) {
    await this.followLink(
      this.eventRow(vehicle).getByRole('link'),
      /#\/event-summary\/[0-9a-f-]+\/event-detail$/,
    );
  }

  /** The detail's card of camera `n`. */
  clip(n: number): Locator {
    return this.visible(this.page.locator(`[data-clip="${n}"]`));
  }

  /** Camera `n`'s clip has its video (uploaded and checked), offered to play. */
  async expectPlayable(n: number, timeout = 60_000) {
    // The device renders its cameras' clips one after another, and other stories' devices film
    // on the same two cores: a second camera can take well over the usual ten seconds.
    await expect(this.clip(n).locator('[data-video-status="4"]')).toBeVisible({ timeout });
  }

  /** Presses Play (the addresses are asked for then), and waits until the `cameras` videos load. */
  async play(cameras: number, label: string | RegExp = 'Play') {
    await this.clickButton(label);
    for (let n = 1; n <= cameras; n += 1) {
      const video = this.clip(n).locator('video');
      await expect(video).toBeVisible();
      await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
    }
  }

  /** Sets the review form's tag and comment, and saves. */
  async review(tag: string, comment: string) {
    await this.pick('tag', tag);
    await this.fill({ comment });
    await this.save();
  }

  /** The chart of speed and g-forces around the event. */
  chart(): Locator {
    return this.visible(this.page.getByTestId('event-chart'));
  }

  viewers(): Locator {
    return this.visible(this.page.locator('.ant-card').filter({ hasText: /^Viewers/ })).last();
  }
}

/**
 * A device with `cameras` cameras signed in with its secret: `event` reports an event of the
 * time given; every video-upload command is answered by the simulator's recorder (ffmpeg renders
 * the window, the clip is PUT to the signed address, then `completed`).
 */
export async function connectFilmingDevice(
  baseURL: string,
  deviceId: string,
  secret: string,
  cameras: number,
  /** When its vehicle started running (on-demand video must lie within the running time); now if not given. */
  runningSince?: Date,
) {
  const device = await connectAsDevice(baseURL, deviceId, secret);
  const recorder = new Recorder({
    cameras,
    label: deviceId,
    since: Date.now() - 5 * 60_000,
    online: async () => undefined,
  });
  await device.onCommand((command) => {
    if (command.type !== 'video-upload') return;
    void device.ack(command.id, 'received');
    void recorder.answer(command).then(({ status, ...answer }) => device.ack(command.id, status, answer));
  });
  await device.status({
    connection: 'online',
    motion: 'running',
    ...(runningSince ? { time: runningSince.toISOString() } : {}),
  });
  const { send } = device;
  return {
    /** Any message of the device link (positions, sign-ons at a time of the story's choosing). */
    send,
    /** An event in the demo yard; `more`: further fields of the message (its place, the RFID card signed on). */
    event: (type: string, time: Date, more: object = {}) =>
      send('events', {
        time: time.toISOString(),
        type,
        lat: 35.6195,
        lng: 139.7745,
        speed: 14,
        direction: 90,
        gx: 0.62,
        gy: -0.05,
        gz: 1.01,
        roll: 0.5,
        pitch: 1.2,
        yaw: 88,
        cameras,
        ...more,
      }),
    /** An operator signs on at the device with their RFID card. */
    signOn: (rfid: string) => send('sign-on', { action: 'sign-on', rfid }),
    leave: device.leave,
  };
}

/**
 * Kitting staff fit a new vehicle of Harbor Logistics, named from `label`, with a device of
 * `cameras` cameras (through the API), and the device signs in: a filming device whose events name
 * `filming` cameras (all of them unless told; none: no clips are asked for).
 */
export async function fitFilmingVehicle(
  kitting: ConsoleApi,
  baseURL: string,
  { label, cameras, filming = cameras }: { label: string; cameras: number; filming?: number },
) {
  const { name, deviceId, vehicleId, secret } = await kitting.fitVehicle('Harbor Logistics', label, cameras);
  return { ...(await connectFilmingDevice(baseURL, deviceId, secret, filming)), name, deviceId, vehicleId };
}
