// A fleet manager's home page is the dashboard: the default charts count the demo fleet (the
// simulator's vehicles are online now, and drove the weeks before). The manager adds a chart of their own, sets every chart
// to last week at once, and moves the new chart forward by dragging it, then one more place from
// its menu, as a keyboard user would; the order is the dashboard's, kept by the server.
// The provider's staff land on the same dashboard, counting every customer they see.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { DashboardScreens } from '../pages/DashboardScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'manager' });

test('the manager builds their dashboard from the default charts', async ({ page }) => {
  const dashboard = new DashboardScreens(page);
  // The first page after signing in (the console's home, where the address "/" leads) waits for
  // the sign-in round trip and its charts' code: as long as any page's first opening may take.
  await new ConsoleShell(page).open('/');
  await dashboard.expectAt(/#\/virtualization/);
  await expect(dashboard.card('Vehicles online now')).toBeVisible({ timeout: 20_000 });
  for (const name of ['Harsh events per type', 'Operating hours per vehicle', 'Best and worst operators'])
    await expect(dashboard.card(name)).toBeVisible();
  // The demo fleet's six vehicles report over MQTT: some are online now.
  await expect(dashboard.figure('Vehicles online now')).toHaveText(/^[1-9]\d* of ([6-9]|\d{2,}) online$/, {
    timeout: 20_000,
  });
  // The demo fleet's past weeks (seeded at the first start) and today's driving: numbers, not zeros.
  await expect(dashboard.figure('Distance per vehicle')).toHaveText(/km in all/);
  await expect(dashboard.figure('Distance per vehicle')).not.toHaveText(/^0 km in all$/);

  const mine = uniqueName('Distance');
  await dashboard.addChart(mine, 'Distance per vehicle');
  await expect(dashboard.figure(mine)).toHaveText(/km in all/);
  expect((await dashboard.chartNames()).at(-1)).toBe(mine);

  await dashboard.changeAllPeriods('Last week');
  for (const name of [mine, 'Vehicles online now', 'Harsh events per type'])
    await expect(dashboard.period(name, 'Last week')).toBeVisible();

  // Dragged by its title onto the chart before it, then one more place forward from its menu.
  await dashboard.drag(mine, 'Best and worst operators');
  const last = (n: number) => dashboard.chartNames().then((names) => names.slice(-n));
  await expect.poll(() => last(2)).toEqual([mine, 'Best and worst operators']);
  await dashboard.moveByMenu(mine, 'Move earlier');
  const moved = [mine, 'Driving score trend', 'Best and worst operators'];
  await expect.poll(() => last(3)).toEqual(moved);
  await page.reload();
  await expect.poll(() => last(3)).toEqual(moved);
});

test("the provider's admin and support land on a dashboard of the demo fleet's numbers too", async ({
  browserOf,
}) => {
  for (const role of ['admin', 'support'] as const) {
    const dashboard = new DashboardScreens(await browserOf(role));
    await dashboard.go('/');
    await dashboard.expectAt(/#\/virtualization/);
    await expect(dashboard.figure('Vehicles online now')).toHaveText(/^[1-9]\d* of ([6-9]|\d{2,}) online$/, {
      timeout: 20_000,
    });
    await expect(dashboard.figure('Distance per vehicle')).toHaveText(/km in all/);
    await expect(dashboard.figure('Distance per vehicle')).not.toHaveText(/^0 km in all$/);
  }
});

// On a phone, in Burmese: the charts read in Burmese one under another within the screen, and the
// dashboard's buttons are there to press; the chart dialog fits as well.
test('@mobile on a phone in Burmese the manager reads the dashboard and opens its chart dialog', async ({
  page,
}) => {
  const shell = new ConsoleShell(page);
  const dashboard = new DashboardScreens(page);
  await shell.open('/virtualization');
  await shell.switchLanguage('မြန်မာ');
  // Default charts under their Burmese names: vehicles online now, distance per vehicle.
  const online = 'ယခု အွန်လိုင်းရှိသော ယာဉ်များ';
  await expect(dashboard.figure(online)).toHaveText(/အွန်လိုင်း/, { timeout: 20_000 });
  await expect(dashboard.card('ယာဉ်အလိုက် မောင်းနှင်ခရီး')).toBeVisible();
  for (const button of ['ဇယား ထည့်ရန်', 'ကာလကို တစ်ပြိုင်နက် ပြောင်းရန်'])
    await expect(dashboard.button(button)).toBeInViewport({ ratio: 1 });
  await dashboard.expectFitsWidth();
  await page.screenshot({ path: test.info().outputPath('charts-my-mobile.png'), fullPage: true });

  await dashboard.clickButton('ဇယား ထည့်ရန်');
  await expect(dashboard.dialog().getByText('ဇယားအသစ်', { exact: true })).toBeInViewport();
  // The form is longer than the phone: its Save is reached by scrolling down, never sideways.
  const save = dashboard.dialog().getByRole('button', { name: 'သိမ်းရန်', exact: true });
  await save.scrollIntoViewIfNeeded();
  await expect(save).toBeInViewport({ ratio: 1 });
  await dashboard.expectFitsWidth();
  await page.keyboard.press('Escape');
  await expect(dashboard.dialog()).toHaveCount(0);
});
