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

// On a phone, in Burmese: the list's rows say whose event it is (vehicle, operator) and its tag and
// video state, under the Filters button with no empty band above it; the event, its video played,
// fits the screen's width.
test('@mobile on a phone in Burmese a manager finds whose event it is and plays it within the screen', async ({
  page,
  apiAs,
  filmingVehicle,
}) => {
  test.setTimeout(120_000);
  const shell = new ConsoleShell(page);
  const events = new EventScreens(page);
  const device = await filmingVehicle('Phone Reach', 1);
  const { name } = device;
  const card = `PH-${device.deviceId}`;
  await (await apiAs('manager')).operatorWithCard('Harbor Logistics', {
    code: `OP-${device.deviceId}`,
    lastName: name,
    card,
  });
  await device.event('Impact', new Date(Date.now() - 15_000), { rfid: card });

  // A link to the list of one vehicle's events, as one is shared.
  await shell.open(`/event-summary?vehicle_id=${device.vehicleId}`);
  await shell.switchLanguage('မြန်မာ');
  // Read without scrolling sideways: the type, the vehicle, the operator, the tag and the video.
  const row = events.eventRow(name);
  for (const shown of ['တိုက်မိမှု', name, `Aung ${name}`, 'မရှိ'])
    await expect(row.getByText(shown, { exact: true })).toBeInViewport({ ratio: 1 });
  await expect(row.locator('[data-video-status]')).toHaveText(/ဗီဒီယို/);
  await expect(row.locator('[data-video-status]')).toBeInViewport({ ratio: 1 });
  const filters = events.button('စစ်ထုတ်ရန်');
  await expect(filters).toBeInViewport();
  expect(await events.gapUnderHeading(filters)).toBeLessThanOrEqual(24);
  await events.expectFitsWidth();
  await page.screenshot({ path: test.info().outputPath('events-my-mobile.png'), fullPage: true });

  await events.openEvent(name);
  await events.expectPlayable(1);
  await expect(events.shown('ဗီဒီယိုများ', { exact: true })).toBeVisible();
  await events.expectFitsWidth();
  // Exact: the menu button's name ("open the menu") holds the same word.
  await events.play(1, /^ဖွင့်ရန်$/);
  await expect(events.button('ခဏရပ်')).toBeInViewport();
  await events.expectFitsWidth();
  await page.screenshot({ path: test.info().outputPath('detail-my-mobile.png'), fullPage: true });
});
