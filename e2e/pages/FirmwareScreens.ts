// The firmware screens as provider staff use them: upload a file, schedule it for a vehicle group
// after its preview, watch each device's step; and a group of the story's own whose devices update
// for real with the simulator's updater (download, checksum, wait for the vehicle to stop).
import type { DeviceCommand } from '@fleetlens/contracts';
import { type FirmwareFault, FirmwareUpdater } from '@fleetlens/simulator';
import type { Locator } from '@playwright/test';
import { BasePage } from './BasePage.ts';
import type { ConsoleApi } from './ConsoleApi.ts';
import { uniqueDigits, uniqueName } from './unique.ts';
import { connectAsDevice } from './VehicleStates.ts';

export class FirmwareScreens extends BasePage {
  async upload(fileName: string, description: string) {
    await this.go('/firmwares/new/upload');
    await this.page.locator('input[type=file]').setInputFiles({
      name: fileName,
      mimeType: 'application/octet-stream',
      buffer: Buffer.from(`firmware ${fileName} ${'x'.repeat(2048)}`),
    });
    await this.fill({ description });
    await this.clickButton('Upload firmware');
    await this.expectAt(/#\/firmwares\/[0-9a-f-]{36}\/info$/);
  }

  /** Schedules the file on show for the group, at once, after its preview; answers the preview's rows. */
  async scheduleForGroup(company: string, group: string, endsAt: string) {
    await this.clickButton('Schedule update');
    await this.expectAt(/schedule-setting$/);
    await this.pickByName('customer_id', company);
    await this.pickByName('group_ids', group);
    await this.page.keyboard.press('Escape');
    await this.page.getByRole('switch', { name: 'Immediate update' }).click();
    // A picker with a time takes what is typed on Enter (the form's submit button is disabled
    // until the preview, so Enter submits nothing).
    await this.input('ends_at').click();
    await this.input('ends_at').fill(endsAt);
    await this.input('ends_at').press('Enter');
    await this.fill({ first_stage_size: 2, error_threshold: 100 });
    await this.clickButton('Preview');
  }

  previewRow(device: string): Locator {
    return this.visible(this.page.getByRole('row').filter({ hasText: device }));
  }

  deviceRow(device: string): Locator {
    return this.visible(this.page.getByRole('row').filter({ hasText: device }));
  }
}

/**
 * A vehicle group of `company` with one fitted vehicle per device given, each device online at
 * firmware 8690 and answering firmware updates with the simulator's updater; `running` says whether
 * its vehicle runs now (stop() stops it).
 */
export async function updatingGroup(
  admin: ConsoleApi,
  baseURL: string,
  company: string,
  devices: { label: string; running: boolean; fault: FirmwareFault }[],
) {
  const customer_id = await admin.companyId(company);
  const group = uniqueName('OTA yard');
  const { id: group_id } = await admin.create('/vehicle-groups', { customer_id, name: group });
  const fitted = [];
  for (const spec of devices) {
    const name = uniqueName(spec.label);
    const deviceId = uniqueDigits('8900', 12);
    const { id: vehicle_id } = await admin.create('/vehicles', {
      customer_id,
      name,
      introduce_date: '2026-01-15',
      group_id,
    });
    const { id: devicePk } = await admin.create('/devices', {
      customer_id,
      device_id: deviceId,
      device_type: 'dv426',
      vehicle_id,
      channel_number: 1,
      cameras: [{ camera_id: `CAM1-${deviceId}` }],
    });
    const { secret } = await admin.create<{ secret: string }>(`/device-link/devices/${devicePk}/credentials`);
    const device = await connectAsDevice(baseURL, deviceId, secret);
    let running = spec.running;
    const updater = new FirmwareUpdater({
      version: () => '8690',
      install: (version) => void device.status({ hour_meter: 1, firmware: version }),
      running: () => running,
      ack: (id, status, extra = {}) => void device.ack(id, status, extra),
      fault: spec.fault,
      installMs: 500,
      pollMs: 250,
      // The server's address as the story reaches it, whatever public address it signs.
      fetch: (url) => fetch(new URL(new URL(url).pathname + new URL(url).search, baseURL)),
    });
    await device.onCommand((command: DeviceCommand) => {
      if (command.type !== 'firmware-update') return;
      void device.ack(command.id, 'received');
      void updater.handle(command);
    });
    await device.status({ connection: 'online', motion: running ? 'running' : 'stopping', firmware: '8690' });
    fitted.push({
      name,
      deviceId,
      devicePk,
      stop: async () => {
        running = false;
        await device.status({ motion: 'stopping' });
      },
      leave: () => device.leave(),
    });
  }
  return { group, devices: fitted };
}
