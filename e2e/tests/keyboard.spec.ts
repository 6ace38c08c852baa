// Someone who cannot use a mouse runs the console from the keyboard: signs in, opens the vehicle
// list from the sidebar, finds a vehicle with the search box, edits it and signs out; finds a
// vehicle on the dashboard map and plays back its drive route. Never a click, and the focus is
// always where the user can see it.

import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { DEMO_PASSWORD } from '../pages/demo.ts';
import { KeyboardUser } from '../pages/KeyboardUser.ts';
import { MapScreens } from '../pages/MapScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test('a manager signs in, edits a vehicle and signs out by keyboard alone', async ({ page }) => {
  test.setTimeout(120_000);
  const shell = new ConsoleShell(page);
  const keys = new KeyboardUser(page);

  await shell.go('/virtualization');
  await shell.signInPage.expectShown();
  await keys.signIn('manager', DEMO_PASSWORD);
  await shell.expectReady();
  // A vehicle of the story's own to edit: the demo fleet stays as the other stories know it.
  const api = new ConsoleApi(page);
  const vehicle = uniqueName('Keyboard Reach');
  await api.create('/vehicles', {
    customer_id: await api.companyId('Harbor Logistics'),
    name: vehicle,
    introduce_date: '2026-01-15',
  });

  // The sidebar is one tab stop; the arrows walk its entries, Enter opens a section and a page.
  const entry = (name: string) => shell.sidebar().getByRole('menuitem', { name, exact: true });
  await keys.moveTo(shell.sidebar().locator('ul[role="menu"]').first());
  await keys.moveTo(entry('Vehicles').and(page.locator('.ant-menu-submenu-title')), { key: 'ArrowDown' });
  await keys.expectVisibleFocus();
  await keys.press('Enter');
  await keys.moveTo(entry('Vehicles').and(page.locator('li')), { key: 'ArrowDown' });
  await keys.press('Enter');
  await expect(shell.pageHeading()).toHaveText('Vehicles');

  // The list: search, then the row's Edit link.
  await keys.moveTo(keys.searchbox(/search by name/i));
  await keys.type(vehicle);
  await keys.press('Enter');
  await expect(keys.rows()).toHaveCount(1);
  await keys.moveTo(keys.row(vehicle).getByRole('link', { name: 'Edit' }));
  await keys.expectVisibleFocus();
  await keys.press('Enter');
  await keys.expectAt(/#\/vehicles\/[^/]+\/edit$/);

  // The form: a field, then Enter saves it.
  await expect(keys.input('kitting_id')).toBeVisible();
  await keys.moveTo(keys.input('kitting_id'));
  await keys.retype('KB-0001');
  await keys.press('Enter');
  await keys.expectAt(/#\/vehicles\/[^/]+\/details$/);
  await expect(keys.shown('KB-0001', { exact: true })).toBeVisible();

  // Out: the user menu, its last entry.
  await keys.moveTo(page.getByRole('button', { name: /user menu$/i }), { key: 'Shift+Tab', max: 120 });
  await keys.expectVisibleFocus();
  await keys.press('Enter');
  // As a user reads the menu before moving in it: open, with its release and its last entry shown
  // (the release's version arrives after the menu opens, and arrow presses made while it was drawn
  // again went astray in CI).
  const logOut = page.getByRole('menuitem', { name: 'Log out' });
  await expect(logOut).toBeVisible();
  await expect(page.getByRole('menuitem', { name: /^Release notes \(v/ })).toBeVisible();
  await keys.moveTo(logOut, { key: 'ArrowDown', max: 12 });
  await keys.press('Enter');
  await shell.signInPage.expectShown();
});

test('a manager finds a vehicle on the dashboard map and plays back its drive route by keyboard', async ({
  page,
}) => {
  // A map (WebGL in software) on a shared two-core machine takes its time.
  test.setTimeout(120_000);
  const shell = new ConsoleShell(page);
  const maps = new MapScreens(page);
  const keys = new KeyboardUser(page);
  await shell.go('/dashboard');
  await shell.signInPage.expectShown();
  await keys.signIn('manager', DEMO_PASSWORD);
  // The first map of a fresh sign-in: its chunk, the site plan and WebGL in software.
  await expect(maps.map()).toBeVisible({ timeout: 30_000 });

  // The search above the vehicle list narrows it; the vehicle's row is the next stop, and Enter
  // follows it on the map and opens its popup.
  await keys.moveTo(maps.finder());
  await keys.expectVisibleFocus();
  await keys.type('FL-01');
  await expect(maps.listItem('FL-01 Counterbalance')).toBeVisible();
  await keys.moveTo(maps.listItem('FL-01 Counterbalance'), { max: 10 });
  await keys.expectVisibleFocus();
  await keys.press('Enter');
  await expect(maps.popup()).toContainText('FL-01 Counterbalance');

  // The focus stays on the row (the popup does not take it); the popup's links follow the map's
  // own controls in the tab order.
  await keys.moveTo(maps.popup().getByRole('link', { name: 'Drive route' }), { max: 12 });
  await keys.expectVisibleFocus();
  await keys.press('Enter');
  await keys.expectAt(/#\/devices\/9000000001\/drive-route\?/);
  await expect(maps.trackSummary()).toHaveText(/Positions: [1-9]/);
  await keys.moveTo(maps.playback().getByRole('button', { name: 'Play' }));
  await keys.press('Enter');
  await expect(maps.playback().getByRole('button', { name: 'Pause' })).toBeVisible();
  await keys.press('Enter');
  await expect(maps.playback().getByRole('button', { name: 'Play' })).toBeVisible();
});
