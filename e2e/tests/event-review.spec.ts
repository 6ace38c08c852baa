// A reviewer works through the Review inbox. Setup through the API: kitting fits a vehicle with a
// device; the manager registers an operator with an RFID card; the device, the card signed on,
// reports two events over MQTT. The manager finds the impact in her inbox, takes it, sends it to
// coaching, writes a coaching note, records that the operator acknowledged it and marks it
// coached: it leaves the inbox. She dismisses the sharp turn: it is excluded from scores.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { EventReviewScreens } from '../pages/EventReviewScreens.ts';
import { connectFilmingDevice } from '../pages/EventScreens.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'manager' });

test('a reviewer takes an event from the inbox through coaching, and a dismissal excludes another', async ({
  page,
  baseURL,
  apiAs,
}) => {
  test.setTimeout(120_000);
  const review = new EventReviewScreens(page);
  const { name, deviceId, secret } = await (await apiAs('kitting')).fitVehicle(
    'Harbor Logistics',
    'Coached Reach',
  );
  const card = `RV-${deviceId}`;
  await (await apiAs('manager')).operatorWithCard('Harbor Logistics', {
    code: `OP-${deviceId}`,
    lastName: name,
    card,
  });
  // The events report no camera: the workflow needs no video.
  const device = await connectFilmingDevice(baseURL ?? '', deviceId, secret, 0);
  await device.event('Impact', new Date(Date.now() - 20_000), { rfid: card });
  await device.event('SuddenTurn', new Date(Date.now() - 10_000), { rfid: card });

  try {
    await new ConsoleShell(page).open('/event-inbox');
    await expect(review.inboxRow(name, 'Impact')).toHaveCount(1);
    await expect(review.inboxRow(name, 'Impact')).toContainText('Anyone');
    await page.screenshot({ path: test.info().outputPath('event-review-inbox.png') });
    await review.openFromInbox(name, 'Impact');
    await expect(review.state()).toHaveText('Needs review');
    await expect(review.steps()).toHaveText(['Needs coaching', 'Mark reviewed', 'Dismiss']);

    await review.assign('Mina Manager (manager)');
    await expect(review.toast('Reviewer saved')).toBeVisible();
    await review.step('Needs coaching');
    await expect(review.state()).toHaveText('Needs coaching');
    await expect(review.steps()).toHaveText(['Mark coached', 'Dismiss']);

    await review.writeNote('Keep two metres from the quay edge when turning.');
    const note = review.note('Keep two metres from the quay edge');
    await expect(note).toContainText(`For Aung ${name}`);
    await expect(note).toContainText('Not acknowledged yet');
    await review.operatorAcknowledged('Keep two metres from the quay edge');
    await expect(note).toContainText('recorded by Mina Manager');
    await review.step('Mark coached');
    await expect(review.state()).toHaveText('Coached');
    await expect(review.steps()).toHaveText(['Reopen']);
    await page.screenshot({ path: test.info().outputPath('event-review-coached.png'), fullPage: true });

    // Closed, it waits for nobody; the turn still does.
    await review.go('/event-inbox');
    await expect(review.inboxRow(name, 'Sudden turn')).toHaveCount(1);
    await expect(review.inboxRow(name, 'Impact')).toHaveCount(0);
    await review.openFromInbox(name, 'Sudden turn');
    await review.step('Dismiss');
    await expect(review.state()).toHaveText('Dismissed');
    await review.expectExcluded();
  } finally {
    await device.leave();
  }
});
