// A zone breach is an event with its video. A fleet manager draws a pedestrian walkway with a
// speed limit of 10 km/h on the map; a vehicle with a one-camera device (fitted by kitting through
// the API, driven as a device over MQTT) enters it at 16 km/h. The breach shows in the event list
// as a "Zone breach" of that vehicle, and its page names the zone and the rule and plays the clip
// the server asked the vehicle's camera for, as for a harsh event.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { EventScreens } from '../pages/EventScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';
import { ZonesScreens } from '../pages/ZonesScreens.ts';

test.use({ signedInAs: 'manager' });

test('a vehicle speeding through a pedestrian zone the manager drew makes a zone breach with its clip', async ({
  page,
  filmingVehicle,
}) => {
  test.setTimeout(150_000);
  const zones = new ZonesScreens(page);
  const events = new EventScreens(page);
  const zone = uniqueName('Crossing walkway');

  await zones.drawWalkway(zone);
  const corners = await zones.pointValues();
  await zones.save();
  await zones.expectAt(/#\/zones$/);

  // Setup by kitting staff: the vehicle and its one-camera device, signed in.
  const device = await filmingVehicle('Walkway Reach', 1);
  const lngs = corners.map(([lng]) => lng);
  const lats = corners.map(([, lat]) => lat);
  const middle = {
    lng: (Math.min(...lngs) + Math.max(...lngs)) / 2,
    lat: (Math.min(...lats) + Math.max(...lats)) / 2,
  };
  const beside = { lng: Math.min(...lngs) - (Math.max(...lngs) - Math.min(...lngs)), lat: middle.lat };
  // Outside, then in at 16 km/h half a minute ago: the clip's window (10 s either side) has passed.
  const at = (secondsAgo: number) => new Date(Date.now() - secondsAgo * 1000).toISOString();
  await device.send('positions', { ...beside, speed: 16, direction: 90, time: at(32) });
  await device.send('positions', { ...middle, speed: 16, direction: 90, time: at(30) });

  await new ConsoleShell(page).open('/event-summary');
  await events.filterByVehicle(device.name);
  await expect(events.eventRow(device.name).getByText('Zone breach', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await events.openEvent(device.name);
  await expect(events.shown(`${zone}: 16 km/h where the limit is 10 km/h`).first()).toBeVisible();
  await events.expectPlayable(1);
  await events.play(1);
});
