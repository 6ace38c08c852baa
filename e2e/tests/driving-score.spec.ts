// A fleet manager reads the month's driving scores and opens an operator's. Setup through the API
// and the device link: kitting fits a vehicle with a device; the manager registers an operator
// with an RFID card; the device, that card signed on, drives a position a minute for 65 minutes
// (enough driving for a score) and reports two harsh events. The manager finds the operator in
// the monthly scores, reads how the score is computed, opens the operator's score and sees the
// trend, the breakdown per behaviour and the two events behind it, and opens them in the event
// list.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { DrivingScoreScreens } from '../pages/DrivingScoreScreens.ts';
import { connectFilmingDevice } from '../pages/EventScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'manager' });

test("a manager opens the monthly scores and an operator's score with its trend, breakdown and events", async ({
  page,
  baseURL,
  apiAs,
}) => {
  const scores = new DrivingScoreScreens(page);
  const { deviceId, secret } = await (await apiAs('kitting')).fitVehicle('Harbor Logistics', 'Score Reach');
  const card = `DS-${deviceId}`;
  const lastName = uniqueName('Scored');
  await (await apiAs('manager')).operatorWithCard('Harbor Logistics', {
    code: `OP-${deviceId}`,
    lastName,
    card,
  });
  // A device without cameras: the score needs no video.
  const device = await connectFilmingDevice(baseURL ?? '', deviceId, secret, 0);
  const start = Date.now() - 70 * 60_000;
  const at = (minutes: number) => new Date(start + minutes * 60_000);
  await device.send('sign-on', { id: 'ds-on', time: at(0).toISOString(), action: 'sign-on', rfid: card });
  // The minute positions go out together; each is acknowledged once stored.
  await Promise.all(
    Array.from({ length: 66 }, (_, i) =>
      device.send('positions', {
        id: `ds-p-${i}`,
        time: at(i + 0.5).toISOString(),
        lat: 35.6 + i * 0.0005,
        lng: 139.77,
        speed: 10,
        direction: 0,
      }),
    ),
  );
  await device.event('SuddenAcceleration', at(20), { rfid: card });
  await device.event('SuddenTurn', at(40), { rfid: card });
  await device.leave();

  await new ConsoleShell(page).open('/driving-score/monthly');
  await expect(page.getByRole('heading', { name: /Monthly driving scores/ })).toBeVisible();
  const formula = await scores.openFormula();
  await expect(formula).toContainText('Excluded events and events dismissed in review are not counted');
  const name = `Aung ${lastName}`;
  const row = await scores.find(name);
  await expect(row).toHaveCount(1);
  // 6 weighted events over 65 minutes: 100 − 10 × 6 / (65 / 60).
  await expect(row).toContainText('45');
  await expect(row).toContainText('1:05:00');

  await scores.openOperator(name);
  await expect(scores.figures()).toContainText('45');
  await expect(scores.figures()).toContainText('Fleet median');
  await expect(scores.trend()).toBeVisible();
  await expect(scores.behaviour('Sudden acceleration')).toContainText('1');
  await expect(scores.behaviour('Impact')).toContainText('0');
  await expect(scores.events()).toHaveCount(2);
  await expect(scores.events().first()).toContainText('Sudden turn');
  await page.screenshot({ path: test.info().outputPath('driving-score-operator.png'), fullPage: true });

  await scores.openEventList();
  await expect(scores.rows()).toHaveCount(2);
});
