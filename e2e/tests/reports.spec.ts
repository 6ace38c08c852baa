// A fleet manager makes a report of two demo vehicles' distance this week, shows it on the
// dashboard, finds it there among the charts, opens it from its card and downloads its PDF: a
// PDF with pages, drawn by the server.

import { readFile } from 'node:fs/promises';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
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

// On a phone, in Burmese: a report made through the API is found in the list and opened; its chart,
// its Burmese words and its download buttons are within the screen.
test('@mobile on a phone in Burmese the manager opens a report and finds its downloads', async ({
  page,
  apiAs,
}) => {
  const api = await apiAs('manager');
  const name = uniqueName('Phone distance');
  await api.create('/reports', {
    name,
    template: 'distancePerVehicle',
    period: 'thisWeek',
    vehicle_ids: [await api.vehicleId('FL-01 Counterbalance')],
  });
  const shell = new ConsoleShell(page);
  const reports = new ReportScreens(page);
  await shell.open(`/report/listings?filter=${encodeURIComponent(name)}`);
  await shell.switchLanguage('မြန်မာ');
  await expect(reports.button('အစီရင်ခံစာ အသစ်')).toBeInViewport({ ratio: 1 });
  const link = reports.row(name).getByRole('link', { name });
  await expect(link).toBeInViewport();
  await reports.expectFitsWidth();
  await page.screenshot({ path: test.info().outputPath('reports-my-mobile.png'), fullPage: true });

  await link.click();
  await reports.expectAt(/#\/report\/[\w-]+\/detail/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  // The report's words in Burmese: its period and the distance's unit.
  await expect(reports.shown('ဤအပတ်', { exact: true }).first()).toBeVisible();
  await expect(reports.shown('FL-01 Counterbalance').first()).toBeVisible();
  for (const button of ['PDF ဒေါင်းလုဒ်', 'CSV ဒေါင်းလုဒ်', 'XLSX ဒေါင်းလုဒ်'])
    await expect(reports.button(button)).toBeInViewport({ ratio: 1 });
  await reports.expectFitsWidth();
  await page.screenshot({ path: test.info().outputPath('report-my-mobile.png'), fullPage: true });
});
