// A fleet manager makes a report of two demo vehicles' distance this week, shows it on the
// dashboard, finds it there among the charts, opens it from its card and downloads its PDF: a
// PDF with pages, drawn by the server.

import { readFile } from 'node:fs/promises';
import { ReportScreens } from '../pages/ReportScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'manager' });

test('the manager creates a report, shows it on the dashboard and downloads its PDF', async ({ page }) => {
  const reports = new ReportScreens(page);
  const name = uniqueName('Weekly distance');
  await reports.create({
    name,
    template: 'Distance per vehicle',
    period: 'This week',
    vehicles: ['FL-01 Counterbalance', 'RT-03 Reach truck'],
    onDashboard: true,
  });
  await reports.expectAt(/#\/report\/listings/);
  await expect(reports.row(name)).toBeVisible();

  await reports.go('/virtualization');
  await expect(reports.dashboardCard(name)).toBeVisible({ timeout: 15_000 });
  await reports.openFromDashboard(name);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(reports.shown('FL-01 Counterbalance').first()).toBeVisible();

  const download = await reports.download('Download PDF');
  expect(download.suggestedFilename()).toBe(`${name}.pdf`);
  const pdf = await readFile((await download.path()) ?? '');
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
});
