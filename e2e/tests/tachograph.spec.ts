// A fleet manager reads a demo vehicle's tachograph for yesterday (the demo fleet's seeded
// history drove it, in shifts with loading stops, waits and breaks): the list gives the day's
// driving, idle and rest, the vehicle's day opens as a chart over 24 hours, and the manager zooms
// through the spec's four views, by the view buttons and by dragging a range over the chart; at
// 12 and 4 minutes the server sends every sample. Then an operator's day: the demo operator's
// shifts on the vehicles the roster gave them, and their driving history, a day of which opens.
import { TachographScreens } from '../pages/TachographScreens.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'manager' });

const pad = (n: number) => String(n).padStart(2, '0');
const yesterday = new Date(Date.now() - 24 * 60 * 60 * 1000);
const day = `${yesterday.getFullYear()}-${pad(yesterday.getMonth() + 1)}-${pad(yesterday.getDate())}`;

test("a manager opens a vehicle's tachograph day and zooms through the four views", async ({ page }) => {
  test.setTimeout(90_000);
  const tacho = new TachographScreens(page);
  await tacho.openList(day);
  // The demo vehicle drove yesterday: hours of driving, not zero.
  await expect(tacho.subjectRow('FL-01 Counterbalance').locator('td').nth(1)).toHaveText(
    /^([1-9]\d*|0):\d\d$/,
    {
      timeout: 30_000,
    },
  );
  await expect(tacho.subjectRow('FL-01 Counterbalance').locator('td').nth(1)).not.toHaveText('0:00');
  // Loading stops with the engine running, and breaks with it off: idle and rest, not all driving.
  await expect(tacho.totalsOf('FL-01 Counterbalance', 'idle')).not.toHaveText('0:00');
  await expect(tacho.totalsOf('FL-01 Counterbalance', 'rest')).not.toHaveText('0:00');

  await tacho.openDay('FL-01 Counterbalance');
  await expect(tacho.title()).toHaveText(`Tachograph of vehicle FL-01 Counterbalance on ${day}`);
  await expect(tacho.totals()).toContainText('Driving');
  await expect(tacho.windowText()).toHaveText('00:00:00 – 23:59:59');
  await expect(tacho.chart().locator('canvas').first()).toBeVisible();

  // 24 hours → 8 hours, centred on midday.
  await tacho.chooseView('8 hours');
  await tacho.expectAt(/view=8h/);
  await expect(tacho.windowText()).toHaveText('08:00:00 – 15:59:59');
  // A dragged range of about 9 minutes opens the 12-minute view around it, every sample sent.
  await tacho.dragOver(0.5, 0.518);
  await tacho.expectAt(/view=12m/);
  await tacho.expectDrawn('samples');
  await tacho.chooseView('4 minutes');
  await tacho.expectAt(/view=4m/);
  await tacho.expectDrawn('samples');
  // And back out to the whole day.
  await tacho.chooseView('24 hours');
  await expect(tacho.windowText()).toHaveText('00:00:00 – 23:59:59');
});

test("a manager opens an operator's tachograph day and their driving history", async ({ page }) => {
  test.setTimeout(180_000);
  const tacho = new TachographScreens(page);
  await tacho.openList(day, 'operator');
  const operator = 'Haruto Sato';
  // The operator drove two of yesterday's three shifts at most: hours of driving, some idle, rest.
  await expect(tacho.totalsOf(operator, 'driving')).toHaveText(/^\d+:\d\d$/, { timeout: 30_000 });
  await expect(tacho.totalsOf(operator, 'driving')).not.toHaveText('0:00');
  await expect(tacho.totalsOf(operator, 'idle')).not.toHaveText('0:00');
  await expect(tacho.totalsOf(operator, 'rest')).not.toHaveText('0:00');

  await tacho.openDay(operator);
  await expect(tacho.title()).toHaveText(`Tachograph of operator ${operator} on ${day}`);
  await expect(tacho.totals()).toContainText('Idle');
  await expect(tacho.chart().locator('canvas').first()).toBeVisible();
  await tacho.chooseView('8 hours');
  await expect(tacho.windowText()).toHaveText('08:00:00 – 15:59:59');

  await tacho.openHistory();
  // Yesterday is among the days, each with its totals; it opens the operator's chart again.
  const yesterdayRow = tacho.historyRows().filter({ hasText: day });
  await expect(yesterdayRow).toHaveCount(1);
  await expect(yesterdayRow.locator('td').nth(1)).toHaveText(/^\d+:\d\d$/);
  await tacho.openHistoryDay(day);
  await expect(tacho.title()).toHaveText(`Tachograph of operator ${operator} on ${day}`);
});
