// The provider's admin follows every customer's long-running jobs on /jobs: a manager's download
// shows there while it runs, with its company and progress; the admin narrows the list to running
// jobs, cancels it, finds it among the cancelled ones and runs it again. The e2e server reads its
// downloads at 25 rows a second (start-server.ts), so the job is seen running.

import { longestPeriodStart } from '@fleetlens/contracts';
import { BasePage } from '../pages/BasePage.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'admin' });

const today = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

test("an admin follows a customer's download on the jobs view, cancels it and runs it again", async ({
  page,
  apiAs,
}) => {
  test.setTimeout(120_000);
  const from = longestPeriodStart(today, 13);
  await (await apiAs('manager')).create('/download-requests', {
    download_type: 'operator-daily-duration',
    from,
    to: today,
    method: 'async',
  });
  const jobs = new BasePage(page);
  await jobs.go('/jobs');
  const label = `operator-daily-duration ${from}–${today}`;
  await jobs.filter('State', 'Running');
  const running = jobs.row(label);
  await expect(running).toContainText('Harbor Logistics', { timeout: 30_000 });
  await expect(running.getByRole('progressbar')).toBeVisible();
  await running.getByRole('button', { name: 'Cancel' }).click();
  await expect(jobs.toast('The job was cancelled.')).toBeVisible();

  await jobs.filter('State', 'Cancelled');
  const cancelled = jobs.row(label);
  await expect(cancelled).toContainText('Cancelled');
  await cancelled.getByRole('button', { name: 'Run again' }).click();
  await expect(jobs.toast('The job will run again.')).toBeVisible();
  await expect(jobs.row(label)).toHaveCount(0);
});
