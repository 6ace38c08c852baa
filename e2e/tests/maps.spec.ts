// A fleet manager watches the demo fleet (the built-in simulator drives it over MQTT) on the
// dashboard map, opens one vehicle's popup from the finder, and follows the link to its device's
// drive route of today, which plays back along the recorded line. The map is the offline style:
// this machine reaches no tile server.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { MapScreens } from '../pages/MapScreens.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'manager' });

test('a manager sees the demo fleet on the dashboard map and plays back a drive route', async ({ page }) => {
  // Two maps (WebGL in software) on a shared two-core machine take their time.
  test.setTimeout(120_000);
  const shell = new ConsoleShell(page);
  const maps = new MapScreens(page);
  await shell.open('/dashboard');
  await expect(maps.map()).toBeVisible();

  // The demo fleet: six vehicles of the manager's company (earlier stories may have added more),
  // on the map once their devices report.
  await expect
    .poll(async () => Number((await maps.counts().textContent())?.match(/Vehicles: (\d+)/)?.[1] ?? 0))
    .toBeGreaterThanOrEqual(6);
  await expect(maps.counts()).toContainText(/Running: \d+/);
  // A vehicle whose device had not reported yet joins within the page's refresh (30 s) at worst.
  await expect(async () => maps.find('FL-01 Counterbalance')).toPass({ timeout: 40_000 });

  const popup = maps.popup();
  await expect(popup).toContainText('FL-01 Counterbalance');
  await expect(popup).toContainText('Harbor Logistics');
  // The lists' state badge: running or stopping while online, else offline.
  await expect(popup.locator('[data-state]')).toHaveText(/Running|Stopping|Offline/);
  await expect(popup).toContainText('km/h');
  await expect(popup.getByRole('link', { name: 'Vehicle map' })).toBeVisible();

  await popup.getByRole('link', { name: 'Drive route' }).click();
  await maps.expectAt(/#\/devices\/9000000001\/drive-route\?start=.+&end=.+/);
  await expect(maps.shown('Vehicle: FL-01 Counterbalance')).toBeVisible();
  await expect(maps.trackSummary()).toHaveText(/Positions: [1-9]/);

  const before = (await maps.playbackTime().textContent()) ?? '';
  // At the track's own pace the marker moves on second by second until paused.
  await maps.setSpeed('×1');
  await maps.play();
  await expect(maps.playbackTime()).not.toHaveText(before);
  await maps.playback().getByRole('button', { name: 'Pause' }).click();
  await expect(maps.playback().getByRole('button', { name: 'Play' })).toBeVisible();
});
