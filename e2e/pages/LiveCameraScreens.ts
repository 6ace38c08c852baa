import { expect, type Locator } from '@playwright/test';
import { LiveCameras } from '../../apps/simulator/src/live.ts';
import { BasePage } from './BasePage.ts';
import type { ConsoleApi } from './ConsoleApi.ts';
import { MapScreens } from './MapScreens.ts';
import { uniqueDigits, uniqueId, uniqueName } from './unique.ts';
import { connectAsDevice } from './VehicleStates.ts';

/**
 * Live camera (issue 14): a vehicle's viewer (/live-camera/{vehicleId}) with its play, stop and
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

/**
 * A company of the story's own under Harbor Logistics with live camera and the limits given, and
 * a vehicle of it whose device has `cameras` cameras; the device signs in and streams its cameras
 * with the simulator's encoders when asked (unless `streaming` is false: it stays away).
 */
export async function liveCameraVehicle(
  support: ConsoleApi,
  kitting: ConsoleApi,
  baseURL: string,
  options: { cameras: number; continuousSeconds: number; remainingSeconds: number; online: boolean },
) {
  const company = uniqueName('Live Co');
  const { id: customer_id } = await support.create('/customers', {
    name: company,
    description: 'Live camera, made by an end-to-end story',
    stk_user: uniqueId('e2e'),
    realm: 'fleet',
    parent_id: await support.companyId('Harbor Logistics'),
    functions: ['l-video'],
  });
  const limits = await support.page.request.put(`/api/v1/customers/${customer_id}/live-settings`, {
    headers: { authorization: `Bearer ${await support.accessToken()}` },
    data: {
      live_continuous_seconds: options.continuousSeconds,
      live_monthly_max_seconds: 3600,
      live_remaining_seconds: options.remainingSeconds,
    },
  });
  expect(limits.status()).toBe(200);
  const name = uniqueName('Live Reach');
  const deviceId = uniqueDigits('8720', 12);
  const { id: vehicleId } = await kitting.create('/vehicles', {
    customer_id,
    name,
    introduce_date: '2026-01-15',
  });
  const { id: devicePk } = await kitting.create('/devices', {
    customer_id,
    device_id: deviceId,
    device_type: 'dv426',
    vehicle_id: vehicleId,
    channel_number: options.cameras,
    cameras: Array.from({ length: options.cameras }, (_, i) => ({ camera_id: `LV${i + 1}-${deviceId}` })),
  });
  if (!options.online) return { vehicleId, name, leave: async () => {} };
  const { secret } = await kitting.create<{ secret: string }>(`/device-link/devices/${devicePk}/credentials`);
  const { client, send } = await connectAsDevice(baseURL, deviceId, secret);
  const topic = (channel: string) => `fleetlens/v1/devices/${deviceId}/${channel}`;
  const live = new LiveCameras({ label: name, cameras: options.cameras });
  client.on('message', (_topic, payload) => {
    const command = JSON.parse(payload.toString('utf8'));
    const ack = (status: string) => void send('command-acks', { command_id: command.id, status });
    if (command.type === 'live-start')
      void live.start(command).then((error) => ack(error ? 'failed' : 'completed'));
    if (command.type === 'live-stop') {
      live.stop(command);
      ack('completed');
    }
  });
  await client.subscribeAsync(topic('commands'), { qos: 1 });
  await send('status', { connection: 'online', motion: 'running' });
  // Somewhere in the demo yard, so the dashboard's map has it to follow.
  await send('positions', { lat: 35.6165, lng: 139.7765, speed: 6, direction: 90 });
  return {
    vehicleId,
    name,
    leave: async () => {
      live.stopAll();
      await client.endAsync();
    },
  };
}
