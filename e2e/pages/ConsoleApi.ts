import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo.ts';
import { uniqueDigits, uniqueId, uniqueName } from './unique.ts';

/** A user a story made for itself, with what signing in needs. */
export type StoryUser = {
  id: string;
  username: string;
  password: string;
  first_name: string;
  last_name: string;
};

/**
 * The API as the signed-in console calls it, with the user's own token: for a story's setup that
 * is not the story's point (a vehicle for the device screens, a device that reports over MQTT,
 * a company or a user of the story's own, which it may change as it likes).
 */
export class ConsoleApi {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** The signed-in user's access token, where the console keeps it (oidc-client-ts, sessionStorage). */
  async accessToken(): Promise<string> {
    return this.page.evaluate(() => {
      for (const key of Object.keys(sessionStorage))
        if (key.startsWith('oidc.user:')) return JSON.parse(sessionStorage.getItem(key) ?? '{}').access_token;
      return '';
    });
  }

  private async headers() {
    return { authorization: `Bearer ${await this.accessToken()}` };
  }

  /** Creates a record (POST answering 201, or `status` for an action) and answers its data. */
  async create<T = { id: string }>(path: string, data?: object, status = 201): Promise<T> {
    const res = await this.page.request.post(`/api/v1${path}`, { headers: await this.headers(), data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(status);
    return (await res.json()).data as T;
  }

  /** Reads a record or a list (GET answering 200) and answers its data. */
  async read<T = unknown>(path: string): Promise<T> {
    const res = await this.page.request.get(`/api/v1${path}`, { headers: await this.headers() });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return (await res.json()).data as T;
  }

  /** Changes a record (PUT answering 200) and answers its data. */
  async change<T = unknown>(path: string, data: object): Promise<T> {
    const res = await this.page.request.put(`/api/v1${path}`, { headers: await this.headers(), data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(200);
    return (await res.json()).data as T;
  }

  /**
   * What the API answers, in `language`, to a request it refuses: its message, and its fields'
   * messages by field. The console shows these beside the fields or as the refusal's toast.
   */
  async refusal(
    method: 'POST' | 'PUT' | 'DELETE',
    path: string,
    language: string,
    data?: object,
  ): Promise<{ message: string; fields: Record<string, string> }> {
    const res = await this.page.request.fetch(`/api/v1${path}`, {
      method,
      headers: { ...(await this.headers()), 'accept-language': language },
      ...(data ? { data } : {}),
    });
    const body = await res.json();
    expect(
      res.status(),
      `${method} ${path} should be refused: ${JSON.stringify(body)}`,
    ).toBeGreaterThanOrEqual(400);
    const fields: { field: string; message: string }[] = body.data?.fields ?? [];
    return { message: body.message, fields: Object.fromEntries(fields.map((f) => [f.field, f.message])) };
  }

  /**
   * A company of the story's own (under `parent`, a company's name), uniquely named from `label`;
   * `more`: further fields of the company (its functions).
   */
  async company(label: string, parent?: string, more: object = {}): Promise<{ id: string; name: string }> {
    const name = uniqueName(label);
    const { id } = await this.create('/customers', {
      name,
      description: `${label}, made by an end-to-end story`,
      stk_user: uniqueId('e2e'),
      realm: 'fleet',
      parent_id: parent ? await this.companyId(parent) : null,
      ...more,
    });
    return { id, name };
  }

  /**
   * A user of the story's own at a company (its name), with the demo password: a user of the
   * system role `sys_role`, a customer's plain user unless said.
   */
  async user(
    company: string,
    fields: { sys_role?: string; first_name?: string; download_role?: string; manager?: boolean } = {},
  ): Promise<StoryUser> {
    const username = uniqueId('e2e');
    const user = {
      username,
      password: DEMO_PASSWORD,
      first_name: fields.first_name ?? 'Story',
      last_name: username,
    };
    const { id } = await this.create('/users', {
      ...user,
      email: `${username}@example.com`,
      customer_id: await this.companyId(company),
      sys_role: fields.sys_role ?? 'user',
      ...(fields.download_role ? { download_role: fields.download_role } : {}),
      ...(fields.manager !== undefined ? { manager: fields.manager } : {}),
    });
    return { id, ...user };
  }

  /** The id of a vehicle by its name (a demo vehicle, say). */
  vehicleId(name: string): Promise<string> {
    return this.idByName('vehicles', 'vehicle', name);
  }

  /** The id of a company by its name. */
  companyId(name: string): Promise<string> {
    return this.idByName('customers', 'company', name);
  }

  /** The id of the record named `name` in a list the list's filter finds it by. */
  private async idByName(list: string, what: string, name: string): Promise<string> {
    const res = await this.page.request.get(`/api/v1/${list}?filter=${encodeURIComponent(name)}`, {
      headers: await this.headers(),
    });
    const found = (await res.json()).data.list.find((r: { name: string }) => r.name === name);
    if (!found) throw new Error(`no ${what} ${name}`);
    return found.id;
  }

  /**
   * A vehicle of the story's own, named from `label`, at a company (its name, or `{ id }` of a
   * company the story made), fitted with a device of `cameras` cameras, and the device's secret:
   * the story then reports as that device over MQTT (kitting's or support's work).
   */
  async fitVehicle(company: string | { id: string }, label: string, cameras = 1) {
    const customer_id = typeof company === 'string' ? await this.companyId(company) : company.id;
    const name = uniqueName(label);
    const deviceId = uniqueDigits('8800', 12);
    const { id: vehicleId } = await this.create('/vehicles', {
      customer_id,
      name,
      introduce_date: FITTED_ON,
    });
    const { id: devicePk } = await this.create('/devices', {
      customer_id,
      device_id: deviceId,
      device_type: 'dv426',
      vehicle_id: vehicleId,
      channel_number: cameras,
      cameras: Array.from({ length: cameras }, (_, i) => ({ camera_id: `CAM${i + 1}-${deviceId}` })),
    });
    const { secret } = await this.create<{ secret: string }>(`/device-link/devices/${devicePk}/credentials`);
    return { name, deviceId, vehicleId, devicePk, secret };
  }

  /**
   * Changes a vehicle the story fitted (`fitVehicle`): `fields` on top of its name and introduction
   * date, which a change always carries.
   */
  changeVehicle(vehicleId: string, name: string, fields: object) {
    return this.change(`/vehicles/${vehicleId}`, { name, introduce_date: FITTED_ON, ...fields });
  }

  /**
   * An operator of the company holding an RFID card of their own (the manager's work), so that
   * events reported with the card name the operator.
   */
  async operatorWithCard(company: string, operator: { code: string; lastName: string; card: string }) {
    const customer_id = await this.companyId(company);
    const { id: group_id } = await this.create('/operator-groups', {
      customer_id,
      name: `Cards ${operator.code}`,
    });
    const { id: operator_id } = await this.create('/operators', {
      ...OPERATOR_FIELDS,
      customer_id,
      operator_code: operator.code,
      last_name: operator.lastName,
    });
    const { id: rfidId } = await this.create('/rfids', {
      customer_id,
      rfid: operator.card,
      owner: 'Gate',
      group_id,
    });
    await this.create(`/rfids/${rfidId}/assignment`, { operator_id }, 200);
    return { operatorId: operator_id };
  }
}

/** The introduction date of a vehicle a story fits: any past day. */
const FITTED_ON = '2026-01-15';

/** An operator's fields besides the company, ID and last name. */
export const OPERATOR_FIELDS = {
  first_name: 'Aung',
  birth_date: '1988-06-02',
  phone: '+95 9 555 0107',
  address: '12 Strand Road, Yangon',
  license_number: 'FL-7781',
  license_location: 'Yangon',
  license_received_on: '2010-01-15',
  license_valid_till: '2030-01-14',
};
