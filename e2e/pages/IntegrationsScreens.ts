import type { Locator } from '@playwright/test';
import { expect } from '@playwright/test';
import { BasePage } from './BasePage.ts';

/**
 * /service-accounts and /webhooks with their forms; the realm and API as an integrator's program
 * reaches them.
 */
export class IntegrationsScreens extends BasePage {
  account(name: string): Locator {
    return this.row(name, 'first');
  }

  async openNew() {
    await this.openForm('New service account', /#\/service-accounts\/new$/);
  }

  /** Ticks one cell of the privilege grid, e.g. grant('Vehicles', 'View'). */
  async grant(resource: string, action: string) {
    await this.page.getByRole('checkbox', { name: `${resource}: ${action}` }).check();
  }

  /** The client id and secret the dialog shows once after saving; closes it. */
  async takeCredentials(): Promise<{ clientId: string; secret: string }> {
    const dialog = this.dialog();
    await expect(dialog).toContainText('Service account created');
    const clientId = ((await dialog.getByTestId('client-id').textContent()) ?? '').trim();
    const secret = ((await dialog.getByTestId('client-secret').textContent()) ?? '').trim();
    await dialog.getByRole('button', { name: 'OK' }).click();
    return { clientId, secret };
  }

  /** A token of the realm's client-credentials grant, as any OpenID client asks for it. */
  async clientCredentialsToken(clientId: string, secret: string): Promise<string> {
    const answer = await this.page.request.post('/auth/realms/fleet/protocol/openid-connect/token', {
      headers: { authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` },
      form: { grant_type: 'client_credentials' },
    });
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { access_token: string }).access_token;
  }

  /** GET /api/v1/vehicles with a bearer token: its status and vehicle count. */
  async vehiclesWith(token: string): Promise<{ status: number; total: number }> {
    const answer = await this.page.request.get('/api/v1/vehicles?perPage=1', {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await answer.json()) as { data?: { total?: number } };
    return { status: answer.status(), total: body.data?.total ?? 0 };
  }

  async openNewWebhook() {
    await this.openForm('New webhook', /#\/webhooks\/new$/);
  }

  /** The signing secret the dialog shows once after registering a webhook; closes it. */
  async takeWebhookSecret(): Promise<string> {
    const dialog = this.dialog();
    await expect(dialog).toContainText('Webhook registered');
    const secret = ((await dialog.getByTestId('webhook-secret').textContent()) ?? '').trim();
    await dialog.getByRole('button', { name: 'OK' }).click();
    return secret;
  }

  /** A row of the webhook's delivery log on its page, by its kind's words and the state it shows. */
  delivery(kind: string, state: string): Locator {
    return this.page
      .locator('tr.ant-table-row')
      .filter({ has: this.page.getByRole('cell', { name: kind, exact: true }) })
      .filter({ hasText: state });
  }
}
