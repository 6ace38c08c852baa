// Random clips arrive per an operator's settings. Kitting staff fit a vehicle
// with a filming device that has been running for three minutes; its operator signs on with their
// RFID card. The fleet manager switches random video on for the operator (every day, once a week,
// one minute): switching it on makes the week's first moment due at once (events/randomPlan.ts),
// so the random video job, at its next look (every 3 s on the e2e server), asks the device for
// the last minute of driving. The clip arrives among the random videos, from the schedule, with
// the operator, and plays. Nothing is faked: had the plan put the moment anywhere else in the
// week, no clip would come and the story would fail.

import { ConsoleApi } from '../pages/ConsoleApi.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { connectFilmingDevice } from '../pages/EventScreens.ts';
import { OperatorsScreens } from '../pages/OperatorsScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';
import { VideoScreens } from '../pages/VideoScreens.ts';

test.use({ signedInAs: 'manager' });

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

test("a manager switches random video on for an operator and the operator's random clip arrives and plays", async ({
  page,
  baseURL,
  apiAs,
}) => {
  test.setTimeout(120_000);
  const lastName = uniqueName('Random');

  // Kitting fits the vehicle while the manager's console opens the random video settings.
  const operators = new OperatorsScreens(page);
  const [{ name, deviceId, secret }] = await Promise.all([
    apiAs('kitting').then((kitting) => kitting.fitVehicle('Harbor Logistics', 'Random Reach')),
    new ConsoleShell(page).open('/management/random-video'),
  ]);
  const code = `RV-${deviceId}`;
  const card = `RV${deviceId}`;
  await new ConsoleApi(page).operatorWithCard('Harbor Logistics', { code, lastName, card });
  const device = await connectFilmingDevice(
    baseURL ?? '',
    deviceId,
    secret,
    1,
    new Date(Date.now() - 180_000),
  );
  try {
    await device.signOn(card);

    await operators.switchRandomVideoOn(code, { days: DAYS, perWeek: 1, minutes: 1 });
    await expect(operators.toast('Random video settings saved for 1 operators.')).toBeVisible();

    const videos = new VideoScreens(page);
    await videos.go('/event-video');
    await videos.showKind('Random video');
    // Pushed live as the job asks the device: no reload.
    const row = videos.row(name);
    await expect(row).toHaveCount(1, { timeout: 30_000 });
    await expect(row.getByText('Random video schedule')).toBeVisible();
    await expect(row.getByText(lastName, { exact: false })).toBeVisible();
    await row.getByRole('button').first().click();
    // The device renders its clip on cores other stories' devices share (EventScreens.expectPlayable).
    await videos.expectCompleted(1, 60_000);
    await page.screenshot({ path: 'test-results/random-video.png', fullPage: true });
  } finally {
    await device.leave();
  }
});
