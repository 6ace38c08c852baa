// A fleet manager marks a pedestrian walkway on the site: a zone drawn by clicking its corners on
// the map, with a speed limit of 10 km/h, saved and found in the list with its rule in words.

import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';
import { ZonesScreens } from '../pages/ZonesScreens.ts';

test.use({ signedInAs: 'manager' });

test('manager draws a pedestrian zone with a speed limit on the map and finds it in the list', async ({
  page,
}) => {
  const screens = new ZonesScreens(page);
  const name = uniqueName('Dock walkway');

  // Right of the map's centre: the zone breach story drives a vehicle from its left into a zone
  // drawn there, and a second zone on that way would make a second breach.
  await screens.drawWalkway(name, [300, 0]);
  // The four clicks make a rectangle: the map stays where it was while the points are added.
  const [a, b, c, d] = await screens.pointValues();
  expect([a?.[1] === b?.[1], b?.[0] === c?.[0], c?.[1] === d?.[1], d?.[0] === a?.[0]]).toEqual([
    true,
    true,
    true,
    true,
  ]);
  expect((b?.[0] ?? 0) > (a?.[0] ?? 0) && (a?.[1] ?? 0) > (d?.[1] ?? 0)).toBe(true);
  await screens.save();
  await screens.expectAt(/#\/zones$/);

  await screens.search(name);
  const row = screens.rowWith(name);
  await expect(row).toContainText('Pedestrian area');
  await expect(row).toContainText('Max 10 km/h');
  await expect(row).toContainText('Harbor Logistics');
});
