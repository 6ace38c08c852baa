// A fleet manager reviews a harsh event with its cameras' videos. Kitting staff fit a vehicle
// with a two-camera device (through the API); the device reports an impact over MQTT and, asked
// by the server, uploads each camera's clip (real H.264, rendered by the simulator's recorder).
// The manager finds the event in the event list by its vehicle, opens it, sees both cameras
// playable side by side, tags it serious with a comment, and finds herself among its viewers.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { EventScreens } from '../pages/EventScreens.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'manager' });

test('a manager opens an event, sees its cameras, tags it, comments, and is among its viewers', async ({
  page,
  filmingVehicle,
}) => {
  test.setTimeout(150_000);
  const events = new EventScreens(page);

  // Setup by kitting staff: the vehicle and its device with two cameras, signed in.
  const device = await filmingVehicle('Impact Reach', 2);
  const { name } = device;
  // An impact 15 s ago: its clip window (10 s either side) has passed, so the clips are asked for now.
  await device.event('Impact', new Date(Date.now() - 15_000));

  await new ConsoleShell(page).open('/event-summary');
  await events.filterByVehicle(name);
  await expect(events.eventRow(name)).toHaveCount(1);
  await expect(events.eventRow(name).getByText('Impact', { exact: true })).toBeVisible();
  await events.openEvent(name);

  // Both cameras side by side, playable once uploaded (the page looks again meanwhile).
  await expect(events.clip(1).getByText('Camera 1')).toBeVisible();
  await events.expectPlayable(1);
  await events.expectPlayable(2);
  await events.play(2);
  await expect(events.chart()).toBeVisible();

  await events.review('Serious', 'Too fast at the gate');
  await expect(events.toast('Event saved')).toBeVisible();
  await expect(events.shown('Too fast at the gate', { exact: true }).first()).toBeVisible();

  // Opening the event, and playing its clips, put her among its viewers: one press of Play is
  // one play, however many cameras.
  await expect(events.viewers().getByText('Mina Manager').first()).toBeVisible();
  await expect(events.viewers().getByText('Opened')).toBeVisible();
  await expect(events.viewers().getByText('Played')).toHaveCount(1);
});
