// A fleet manager finds where harsh events happen. Kitting staff fit a vehicle with a device
// (through the API); the device reports seven sharp turns along one quay, far from the demo
// fleet. On the event map the manager sees them as one cluster among the company's events, zooms
// to it from the list beside the map, sees the heat view, and clicks one of the single events on
// the map, which opens that event. Every cluster bubble shows its count, over the site plan too.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { EventMapScreens } from '../pages/EventMapScreens.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'manager' });

test('a manager sees the clusters of her events on the event map, zooms in and opens one', async ({
  page,
  filmingVehicle,
}) => {
  // A map (WebGL in software) on a shared two-core machine takes its time.
  test.setTimeout(120_000);
  const map = new EventMapScreens(page);

  // No cameras in the events: the map needs no clips.
  const device = await filmingVehicle('Quay Reach', 1, 0);
  const { name } = device;
  // Seven turns in a row along the quay, 0.0008° apart: the fourth is the middle of their box.
  for (let i = 0; i < 7; i += 1)
    await device.event('TurnGyroscope', new Date(Date.now() - (i + 1) * 60_000), {
      lat: -33.86,
      lng: 151.21 + i * 0.0008,
    });

  // MapLibre's word for a bubble laid out without its count's image.
  const countsMissing: string[] = [];
  page.on('console', (message) => {
    if (/Image "count-.*" could not be loaded/.test(message.text())) countsMissing.push(message.text());
  });
  await new ConsoleShell(page).open('/event-map');
  await expect(map.map()).toBeVisible();
  // The period's events, the demo yard's among them: every bubble with its count.
  await expect(map.list()).toBeVisible();
  await map.settled();
  const first = await map.bubbles();
  expect(first.bubbles).toBeGreaterThan(0);
  expect(first.countless, 'bubbles without their count').toBe(0);
  // The demo yard (the place with the most events, first in the list), over its site plan.
  await map.list().getByRole('button').first().click();
  await map.settled();
  const yard = await map.bubbles();
  await page.screenshot({ path: 'test-results/event-map-yard.png' });
  expect(yard.bubbles).toBeGreaterThan(1);
  expect(yard.countless, 'bubbles without their count over the site plan').toBe(0);
  await page.reload();
  await expect(map.map()).toBeVisible();
  // The map fits the period's events (the quay alone, or with the demo fleet's): zoomed out far
  // enough, the quay is one cluster of the seven.
  const quay = map.cluster(/^7 events, worst: Turn \(gyroscope\)/);
  await expect(async () => {
    if (!(await quay.isVisible())) {
      await map.zoomOut();
      await map.settled();
    }
    await expect(quay).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 40_000 });
  await map.settled();
  await page.screenshot({ path: 'test-results/event-map-clusters.png' });
  expect((await map.bubbles()).countless, 'bubbles without their count').toBe(0);

  // Zooming to the cluster splits it into its seven events, each a link to the event.
  await quay.click();
  await expect(map.events(name)).toHaveCount(7, { timeout: 20_000 });
  await map.settled();
  await map.heat(true);
  await page.screenshot({ path: 'test-results/event-map-heat.png' });
  await map.heat(false);
  await map.settled();

  // On the map itself: the event in the middle opens.
  await map.clickMapCentre();
  await map.expectAt(/#\/event-summary\/[0-9a-f-]{36}\/event-detail$/);
  await expect(map.shown(name).first()).toBeVisible();
  await expect(map.shown('Turn (gyroscope)').first()).toBeVisible();
  expect(countsMissing).toEqual([]);
});
