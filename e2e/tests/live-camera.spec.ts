// A fleet manager finds a vehicle in the dashboard's list by its name, follows it, and watches its
// cameras live from its row. The vehicle belongs to a company of the
// story's own whose continuous playback time is 10 seconds: both cameras play (the simulator's
// encoders publish real H.264), stop by themselves with "Live camera stopped (retry)"; Retry at
// once is the same watching and is refused for as long as the pause the message names (the limit's
// 10 seconds), after which Retry plays again; the month's remaining time goes down by what was
// watched. A vehicle whose device is away is refused with "The vehicle is offline. Try again later."
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { LiveCameraScreens } from '../pages/LiveCameraScreens.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'manager' });
// About 30 s on a quiet machine; the two cores are often shared.
test.describe.configure({ timeout: 120_000 });

test('a manager watches a vehicle live until the continuous limit stops it, retries, and sees the remaining time go down', async ({
  page,
  liveVehicle,
}) => {
  const live = new LiveCameraScreens(page);
  const vehicle = await liveVehicle({
    cameras: 2,
    continuousSeconds: 10,
    remainingSeconds: 600,
    online: true,
  });
  await live.openFromDashboard(vehicle.name);
  await expect(live.remaining()).toHaveText('10:00 of 1:00:00 this month');

  await live.play();
  await live.expectPictures(2);
  await expect(live.message('Live camera stopped (retry)')).toBeVisible({ timeout: 15_000 });
  await expect(live.cameras()).toHaveCount(0);
  await expect(live.remaining()).toHaveText('9:50 of 1:00:00 this month');

  // Closing and reopening does not start the continuous time again: the user waits as told.
  await live.retry();
  const refused = live.message('The continuous live camera time is used up.');
  await expect(refused).toBeVisible();
  const wait = Number((await refused.textContent())?.match(/in (\d+) seconds/)?.[1]);
  expect(wait).toBeGreaterThan(0);
  expect(wait).toBeLessThanOrEqual(10);
  await page.waitForTimeout(wait * 1000);
  await live.retry();
  await live.expectPictures(2);
  await expect(live.message('Live camera stopped (retry)')).toBeVisible({ timeout: 15_000 });
  await expect(live.remaining()).toHaveText('9:40 of 1:00:00 this month');
  // Who watched: the manager, twice, each stopped at the limit.
  await expect(live.row('Continuous limit')).toHaveCount(2);
});

test('a vehicle whose device is away is refused with the offline message', async ({ page, liveVehicle }) => {
  const live = new LiveCameraScreens(page);
  const vehicle = await liveVehicle({
    cameras: 1,
    continuousSeconds: 60,
    remainingSeconds: 600,
    online: false,
  });
  await live.open(vehicle.vehicleId);
  await live.play();
  await expect(live.message('The vehicle is offline. Try again later.')).toBeVisible();
  await expect(live.cameras()).toHaveCount(0);
});

// On a phone, in Burmese: the viewer's remaining time and its Play and Stop buttons are within the
// screen, and its camera plays without pushing the page sideways.
test('@mobile on a phone in Burmese a manager plays a vehicle live and stops it', async ({
  page,
  liveVehicle,
}) => {
  const live = new LiveCameraScreens(page);
  const shell = new ConsoleShell(page);
  const vehicle = await liveVehicle({
    cameras: 1,
    continuousSeconds: 60,
    remainingSeconds: 600,
    online: true,
  });
  await live.open(vehicle.vehicleId);
  await shell.switchLanguage('မြန်မာ');
  await expect(live.remaining()).toHaveText('ဤလ 1:00:00 အနက် 10:00 ကျန်သည်');
  await live.expectFitsWidth();
  // Exact: the menu button's name ("open the menu") holds the same word.
  const play = live.button(/^ဖွင့်ရန်$/);
  await expect(play).toBeInViewport({ ratio: 1 });
  await play.click();
  await live.expectPictures(1);
  await expect(live.cameras()).toBeInViewport();
  await live.expectFitsWidth();
  await page.screenshot({ path: test.info().outputPath('live-camera-my-mobile.png'), fullPage: true });
  await live.clickButton(/^ရပ်ရန်$/);
  await expect(live.cameras()).toHaveCount(0);
});
