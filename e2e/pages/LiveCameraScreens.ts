import { expect, type Locator } from '@playwright/test';
import { LiveCameras } from '../../apps/simulator/src/live.ts';
import { BasePage } from './BasePage.ts';
import type { ConsoleApi } from './ConsoleApi.ts';
import { MapScreens } from './MapScreens.ts';
import { connectAsDevice } from './VehicleStates.ts';

/**
 * Live camera: a vehicle's viewer (/live-camera/{vehicleId}) with its play, stop and
 * retry, its cameras' pictures, the remaining time of the month, the messages, and who watched.
 */
export class LiveCameraScreens extends BasePage {
  async open(vehicleId: string) {
    await this.go(`/live-camera/${vehicleId}`);
    await this.remaining().waitFor();
  }

  /**
   * As a user gets there: on the dashboard, finds the vehicle in the list by its name, follows it
   * on the map, and opens its cameras from its row.
   */
  async openFromDashboard(name: string) {
    const maps = new MapScreens(this.page);
    await this.go('/dashboard');
    await maps.search(name.slice(0, -2));
    await maps.listItem(name).click();
    await expect(this.page.getByTestId('following')).toContainText(name);
    await this.clickButton(`Live camera of ${name}`);
    await this.expectAt(/#\/live-camera\/[0-9a-f-]+$/);
    await this.remaining().waitFor();
  }

  async play() {
    await this.clickButton('Play');
  }

  /** Retry from the "stopped" message. */
  async retry() {
    await this.visible(this.page.getByRole('alert')).getByRole('button', { name: 'Retry' }).click();
  }

  /** The cameras' pictures on show. */
  cameras(): Locator {
    return this.visible(this.page.locator('video[data-camera]'));
  }

  /** Waits until each of `count` cameras shows its first picture. */
  async expectPictures(count: number) {
    await expect(this.cameras()).toHaveCount(count);
    for (let i = 0; i < count; i += 1)
      await expect(this.cameras().nth(i)).toHaveAttribute('data-first-frame', /\d/, { timeout: 15_000 });
  }

  remaining(): Locator {
    return this.visible(this.page.getByTestId('live-remaining'));
  }

  message(text: string): Locator {
    return this.visible(this.page.getByRole('alert').filter({ hasText: text }));
  }
}

export type LiveVehicleOptions = {
  cameras: number;
  continuousSeconds: number;
  remainingSeconds: number;
  online: boolean;
};

/**
 * A company of the story's own under Harbor Logistics with live camera and the limits given, and
 * a vehicle of it whose device has `cameras` cameras; the device signs in and streams its cameras
 * with the simulator's encoders when asked (unless `streaming` is false: it stays away).
 */
export async function liveCameraVehicle(
  support: ConsoleApi,
  kitting: ConsoleApi,
  baseURL: string,
  options: LiveVehicleOptions,
) {
  const company = await support.company('Live Co', 'Harbor Logistics', { functions: ['l-video'] });
  await support.change(`/customers/${company.id}/live-settings`, {
    live_continuous_seconds: options.continuousSeconds,
    live_monthly_max_seconds: 3600,
    live_remaining_seconds: options.remainingSeconds,
  });
  const { name, deviceId, vehicleId, secret } = await kitting.fitVehicle(
    company,
    'Live Reach',
    options.cameras,
  );
  if (!options.online) return { vehicleId, name, leave: async () => {} };
  const device = await connectAsDevice(baseURL, deviceId, secret);
  const live = new LiveCameras({ label: name, cameras: options.cameras });
  await device.onCommand((command) => {
    if (command.type === 'live-start')
      void live.start(command).then((error) => device.ack(command.id, error ? 'failed' : 'completed'));
    if (command.type === 'live-stop') {
      live.stop(command);
      void device.ack(command.id, 'completed');
    }
  });
  await device.status({ connection: 'online', motion: 'running' });
  // Somewhere in the demo yard, so the dashboard's map has it to follow.
  await device.position(35.6165, 139.7765);
  return {
    vehicleId,
    name,
    leave: async () => {
      live.stopAll();
      await device.leave();
    },
  };
}
