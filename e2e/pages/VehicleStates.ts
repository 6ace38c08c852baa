import type { DeviceCommand } from '@fleetlens/contracts';
import type { Locator } from '@playwright/test';
import mqtt, { type MqttClient } from 'mqtt';
import { BasePage } from './BasePage.ts';

/**
 * The vehicles' states: the state badge of a vehicle list row (or of a map popup, a
 * picker's option), the list's state filter, the vehicle details' state history; and a device of
 * the e2e server's embedded broker, which listens 10000 above the web port (e2e/start-server.ts).
 */
export class VehicleStates extends BasePage {
  /** The visible vehicle list row of `name`. */
  vehicle(name: string): Locator {
    return this.visible(
      this.page.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) }),
    );
  }

  /** The state badge in a row or on a details page. */
  badge(scope: Locator): Locator {
    return scope.locator('[data-state]').first();
  }

  /**
   * Opens a vehicle picker (a select that searches as the user types), types the name and answers
   * the option of `name` in its list, whose compact state `badge` finds.
   */
  async pickerOption(picker: Locator, name: string): Promise<Locator> {
    await picker.click();
    await picker.fill(name);
    return this.option(name);
  }

  async filterByState(label: string) {
    await this.visible(this.page.getByLabel('State', { exact: true }))
      .first()
      .click();
    await this.option(label).click();
  }

  async openHistory() {
    await this.page.getByRole('tab', { name: 'State history' }).click();
  }

  historyTable(): Locator {
    return this.visible(this.page.getByRole('tabpanel')).locator('table');
  }
}

/**
 * A device signed in to the embedded broker with its secret; `status` publishes on its status
 * topic, `position` a GPS fix on its positions topic, `send` any message of its own (an id and the
 * time now unless the body has them). Each is acknowledged once the server has stored it.
 */
export async function connectAsDevice(baseURL: string, deviceId: string, secret: string) {
  const client: MqttClient = await mqtt.connectAsync(
    `mqtt://127.0.0.1:${Number(new URL(baseURL).port) + 10_000}`,
    {
      clientId: deviceId,
      username: deviceId,
      password: secret,
      protocolVersion: 4,
      reconnectPeriod: 0,
    },
  );
  let n = 0;
  const send = (topic: string, body: object) => {
    n += 1;
    return client.publishAsync(
      `fleetlens/v1/devices/${deviceId}/${topic}`,
      JSON.stringify({ id: `state-${deviceId}-${n}`, time: new Date().toISOString(), ...body }),
      { qos: 1 },
    );
  };
  return {
    client,
    send,
    /** Hands `answer` each command the server sends the device (subscribed once this resolves). */
    onCommand: async (answer: (command: DeviceCommand) => void) => {
      client.on('message', (_topic, payload) => answer(JSON.parse(payload.toString('utf8'))));
      await client.subscribeAsync(`fleetlens/v1/devices/${deviceId}/commands`, { qos: 1 });
    },
    /** Answers command `command_id` with `status` (and the answer's further fields). */
    ack: (command_id: string, status: string, more: object = {}) =>
      send('command-acks', { command_id, status, ...more }),
    status: (body: object) => send('status', body),
    position: (lat: number, lng: number) => send('positions', { lat, lng, speed: 8, direction: 90 }),
    leave: () => client.endAsync(),
  };
}
