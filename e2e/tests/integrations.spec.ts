// An integrator's start: the manager creates a service account reading vehicles, copies
// its secret from the dialog, a program signs in with the client-credentials grant and reads
// vehicles; revoked in the list, the same token is refused at once. Then a webhook on a receiver of
// the test's own: an address that is not http(s) refused, a test delivery refused once and
// retried, both tries signed with the secret shown once, and the log showing both answers.

import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { IntegrationsScreens } from '../pages/IntegrationsScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'manager' });

test('a manager creates a service account, a program reads vehicles with it, and revoking stops it', async ({
  page,
}) => {
  const screens = new IntegrationsScreens(page);
  const name = uniqueName('Yard ERP');
  await new ConsoleShell(page).open('/service-accounts');

  await screens.openNew();
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name });
  await screens.grant('Vehicles', 'View');
  await screens.save();
  const { clientId, secret } = await screens.takeCredentials();
  expect(clientId).toMatch(/^svc-/);
  await screens.expectAt(/#\/service-accounts$/);
  await expect(screens.account(name)).toContainText(clientId);

  const token = await screens.clientCredentialsToken(clientId, secret);
  const read = await screens.vehiclesWith(token);
  expect(read.status).toBe(200);
  expect(read.total).toBeGreaterThan(0);

  await screens.rowAction(name, 'Revoke');
  await screens.confirm();
  await expect(screens.account(name)).toHaveCount(0);
  expect((await screens.vehiclesWith(token)).status).toBe(401);
});

test('a manager registers a webhook on a receiver, sends a test, and reads a retried failure in its log', async ({
  page,
}) => {
  // The integrator's receiver: refuses the first try of the test (500), takes the second. The
  // webhook receives every kind, so the company's own events (other stories' vehicles, the demo
  // fleet) may arrive too: they are taken and counted apart.
  const got: { headers: IncomingHttpHeaders; body: string }[] = [];
  const tests: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const delivery = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      got.push(delivery);
      const isTest = (JSON.parse(delivery.body) as { kind?: string }).kind === 'webhook.test';
      if (isTest) tests.push(delivery);
      response.statusCode = isTest && tests.length === 1 ? 500 : 200;
      response.end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/fleet`;
  try {
    const screens = new IntegrationsScreens(page);
    const name = uniqueName('Yard hook');
    await new ConsoleShell(page).open('/webhooks');
    await screens.openNewWebhook();
    await screens.pick('customer_id', 'Harbor Logistics');
    await screens.fill({ name, url: 'ftp://yard.example/in' });
    await screens.save();
    await expect(screens.fieldError('url')).toContainText('http:// or https://');
    await screens.fill({ url });
    await screens.save();
    const secret = await screens.takeWebhookSecret();
    expect(secret).toMatch(/^whsec_/);
    await screens.expectAt(/#\/webhooks$/);

    await screens.rowAction(name, 'Edit');
    await screens.clickButton('Send a test');
    await expect(screens.delivery('Test', 'Delivered')).toContainText('500', { timeout: 15_000 });
    await expect(screens.delivery('Test', 'Delivered')).toContainText('200');
    // Both tries of the test, and whatever else came, signed with the secret shown once, over
    // the timestamp and the body.
    expect(tests).toHaveLength(2);
    for (const { headers, body } of got) {
      const timestamp = String(headers['fleetlens-webhook-timestamp']);
      const expected = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
      expect(headers['fleetlens-webhook-signature']).toBe(`v1=${expected}`);
    }
  } finally {
    receiver.close();
  }
});
