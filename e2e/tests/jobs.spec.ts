// An admin follows the jobs: the timed jobs' runs (completed, at 100 %) beside the jobs someone
// asked for; a webhook delivery running (its receiver never answers), cancelled; a delivery that
// failed (its receiver down), run again once the receiver is up, and completed. The story's data
// comes through the API; on the e2e server a delivery is tried twice (WEBHOOK_RETRY_LIMIT 1) and
// waits a minute for an answer (WEBHOOK_TIMEOUT_SECONDS), so each state is seen.

import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { JobsScreens } from '../pages/JobsScreens.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'admin' });

type Listed = { list: { id: string; queue: string; state: string; progress: number }[] };

/** A receiver that answers every delivery 200, on `port` (0: any free one). */
async function receiver(port = 0): Promise<Server> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return server;
}

test('an admin sees jobs with their progress, filters them, cancels a running one and runs a failed one again', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const shell = new ConsoleShell(page);
  const jobs = new JobsScreens(page);
  await shell.open('/jobs');
  const api = new ConsoleApi(page);

  // A webhook of a company of the story's own, on a receiver that is down: its test delivery fails.
  const company = await api.company('Jobs Yard', 'Harbor Logistics');
  const down = await receiver();
  const { port } = down.address() as AddressInfo;
  await new Promise((resolve) => down.close(resolve));
  const webhook = await api.create('/webhooks', {
    name: 'Yard receiver',
    customer_id: company.id,
    url: `http://127.0.0.1:${port}/fleet`,
    kinds: ['event.created'],
  });
  await api.create(`/webhooks/${webhook.id}/test`, undefined, 202);
  const failed = () => api.read<Listed>(`/jobs?customer_id=${company.id}&state=failed`);
  await expect.poll(async () => (await failed()).list.length, { timeout: 30_000 }).toBe(1);

  // The timed jobs' runs: completed, each at 100 %.
  await shell.open('/jobs');
  await jobs.kind('Schedule');
  const run = jobs.jobs(/timed\./, 'Completed').first();
  await expect(run).toBeVisible();
  await expect(run.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  await expect(jobs.jobs('webhook-delivery')).toHaveCount(0);

  // A second webhook's delivery, on a receiver that takes it and never answers: it runs.
  const sockets = new Set<Socket>();
  const silent = createServer(() => {});
  silent.on('connection', (socket) => sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', () => resolve()));
  const waiting = await api.create('/webhooks', {
    name: 'Slow receiver',
    customer_id: company.id,
    url: `http://127.0.0.1:${(silent.address() as AddressInfo).port}/fleet`,
    kinds: ['event.created'],
  });
  await api.create(`/webhooks/${waiting.id}/test`, undefined, 202);
  const running = () => api.read<Listed>(`/jobs?customer_id=${company.id}&state=active`);
  await expect.poll(async () => (await running()).list.length, { timeout: 30_000 }).toBe(1);

  // What was asked for, running: the delivery with its progress, cancelled.
  await jobs.kind('Request');
  await jobs.state('Running');
  const delivering = jobs.jobs('webhook-delivery', company.name, 'Running');
  await expect(delivering).toHaveCount(1, { timeout: 30_000 });
  await expect(jobs.jobs('webhook-delivery', company.name, 'Failed')).toHaveCount(0, { timeout: 30_000 });
  await expect(delivering.getByRole('progressbar')).toBeVisible();
  await jobs.cancel(delivering);
  await jobs.state('Cancelled');
  await expect(jobs.jobs('webhook-delivery', company.name, 'Cancelled')).toHaveCount(1, { timeout: 30_000 });
  for (const socket of sockets) socket.destroy();
  silent.close();

  // The failed delivery: run again once its receiver is up, it completes.
  await jobs.state('Failed');
  const delivery = jobs.jobs('webhook-delivery', company.name, 'Failed');
  await expect(delivery).toHaveCount(1, { timeout: 30_000 });
  await expect(delivery).toContainText('2 of 2');
  const up = await receiver(port);
  try {
    await jobs.runAgain(delivery);
    await jobs.state(null);
    await expect(jobs.jobs('webhook-delivery', company.name, 'Completed')).toHaveCount(1, {
      timeout: 20_000,
    });
  } finally {
    up.close();
  }
});
