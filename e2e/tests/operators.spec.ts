// A fleet manager of Harbor Logistics sets up a night shift: an operator group, an operator in
// it (each missing field named by its own message), an RFID card given to the operator, its
// dated history, the card taken back; the group cannot be deleted while it has members.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { OperatorsScreens } from '../pages/OperatorsScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueId, uniqueName } from '../pages/unique.ts';

test.use({ signedInAs: 'manager' });

test('a fleet manager registers an operator, gives and takes back an RFID card', async ({ page }) => {
  // A long story of four screens and seven saves.
  test.setTimeout(180_000);
  const screens = new OperatorsScreens(page);
  const group = uniqueName('Night shift');
  const code = uniqueId('NS-');
  const operator = `${code} · Kenji Mori`;
  const rfid = uniqueId('04:A2:');
  await new ConsoleShell(page).open('/operator-groups');

  // An operator group of the manager's own company.
  await screens.clickButton(/^New group$/);
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: group, description: 'Quay cranes, 22:00 to 06:00' });
  await screens.save();
  await expect(screens.row(group)).toContainText('Harbor Logistics');

  // An operator: the empty form names each missing field.
  await screens.go('/drivers/new');
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.save();
  await expect(screens.fieldError('operator_code')).toHaveText('Enter the operator ID.');
  await expect(screens.fieldError('first_name')).toHaveText('Enter the first name.');
  await expect(screens.fieldError('birth_date')).toHaveText('Enter the birth date.');
  await expect(screens.fieldError('license_valid_till')).toHaveText('Enter the license expiry date.');
  await expect(screens.fieldError('phone')).toHaveText('Enter the phone number.');
  await screens.fill({
    operator_code: code,
    first_name: 'Kenji',
    last_name: 'Mori',
    birth_date: '1985-03-14',
    phone: '+81 45-555-0107',
    address: '2-1 Pier Street, Yokohama',
    license_number: 'FL-2210-77',
    license_location: 'Yokohama',
    license_received_on: '2008-09-01',
    license_valid_till: '2029-08-31',
    memos_0: 'Certified for reach stackers',
  });
  await screens.pickByName('group_id', group);
  await screens.save();
  await screens.expectAt(/#\/drivers$/);
  await screens.search(code);
  await expect(screens.row(code)).toContainText(group);
  // Edited: the form opens with the saved values.
  await screens.rowAction(code, 'Edit');
  await expect(screens.input('license_valid_till')).toHaveValue('2029-08-31');
  await screens.fill({ phone: '+81 45-555-0199' });
  await screens.save();
  await expect(screens.row(code)).toContainText('+81 45-555-0199');

  // An RFID card; the same number again is refused with the spec's message.
  const newCard = async (owner: string) => {
    await screens.go('/rfid/new');
    await screens.pick('customer_id', 'Harbor Logistics');
    await screens.fill({ rfid, owner });
    await screens.pickByName('group_id', group);
    await screens.save();
  };
  await newCard('Night shift desk');
  await screens.expectAt(/#\/rfids$/);
  await screens.search(rfid);
  const card = screens.row(rfid);
  await expect(card).toContainText('Not assigned');
  await expect(card).toContainText('Mina Manager');

  await newCard('Copy');
  await expect(screens.fieldError('rfid')).toHaveText('RFID exists.');

  // Given to the operator, shown on the card and in its history.
  await screens.go('/rfids');
  await screens.search(rfid);
  await card.getByRole('link', { name: 'Assign' }).click();
  await screens.expectAt(/#\/rfid\/[0-9a-f-]+\/assign-operator$/);
  await screens.pick('operator_id', operator);
  await screens.clickButton(/^Assign$/);
  await expect(screens.shown('Operator assigned').first()).toBeVisible();

  await screens.openHistory();
  const current = screens.row(operator);
  await expect(current).toContainText('Current');
  await expect(current).toContainText('Mina Manager');

  // Taken back: the history keeps the assignment with its end.
  await page.goBack();
  await screens.clickButton(/^Remove from the operator$/);
  await screens.confirm();
  await expect(screens.shown('Not assigned').first()).toBeVisible();
  await screens.openHistory();
  const ended = screens.row(operator);
  await expect(ended).not.toContainText('Current');
  await expect(ended.locator('td').nth(2)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  // The group still has its operator: it cannot be deleted.
  await screens.go('/operator-groups');
  await screens.search(group);
  await expect(screens.row(group)).toContainText('1');
  await screens.rowAction(group, 'Delete');
  await screens.confirm();
  await expect(screens.toast('The group has users.')).toBeVisible();
  await expect(screens.row(group)).toBeVisible();
});
