// A fleet manager of Harbor Logistics sets up a night shift: an operator group, an operator in
// it (each missing field named by its own message), an RFID card given to the operator, its
// dated history, the card taken back; the group cannot be deleted while it has members.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { OperatorsScreens } from '../pages/OperatorsScreens.ts';
import { expect, test } from '../pages/test.ts';

test('a fleet manager registers an operator, gives and takes back an RFID card', async ({ page }) => {
  // A long story of four screens and seven saves.
  test.setTimeout(180_000);
  const shell = new ConsoleShell(page);
  const screens = new OperatorsScreens(page);
  await shell.openAndSignIn('/operator-groups', 'manager');

  // An operator group of the manager's own company.
  await screens.clickButton('New group');
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: 'Night shift', description: 'Quay cranes, 22:00 to 06:00' });
  await screens.clickButton(/^save$/i);
  await expect(screens.row('Night shift')).toContainText('Harbor Logistics');

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
    operator_code: 'NS-07',
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
  await screens.pick('group_id', 'Night shift');
  await screens.save();
  await expect(page).toHaveURL(/#\/drivers$/);
  await expect(screens.row('Kenji Mori')).toContainText('Night shift');
  // Edited: the form opens with the saved values.
  await screens.row('Kenji Mori').getByRole('link', { name: 'Edit' }).click();
  await expect(page.locator('#license_valid_till')).toHaveValue('2029-08-31');
  await screens.fill({ phone: '+81 45-555-0199' });
  await screens.save();
  await expect(screens.row('Kenji Mori')).toContainText('+81 45-555-0199');

  // An RFID card; the same number again is refused with the spec's message.
  await screens.go('/rfid/new');
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ rfid: '04:A2:19:7C', owner: 'Night shift desk' });
  await screens.pick('group_id', 'Night shift');
  await screens.save();
  await expect(page).toHaveURL(/#\/rfids$/);
  const card = screens.row('04:A2:19:7C');
  await expect(card).toContainText('Not assigned');
  await expect(card).toContainText('Mina Manager');

  await screens.go('/rfid/new');
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ rfid: '04:A2:19:7C', owner: 'Copy' });
  await screens.pick('group_id', 'Night shift');
  await screens.save();
  await expect(screens.fieldError('rfid')).toHaveText('RFID exists.');

  // Given to the operator, shown on the card and in its history.
  await screens.go('/rfids');
  await card.getByRole('link', { name: 'Assign' }).click();
  await expect(page).toHaveURL(/#\/rfid\/[0-9a-f-]+\/assign-operator$/);
  await screens.pick('operator_id', 'NS-07 · Kenji Mori');
  await screens.clickButton('Assign');
  await expect(page.getByText('Operator assigned').filter({ visible: true }).first()).toBeVisible();

  await page.getByRole('link', { name: 'History' }).filter({ visible: true }).click();
  const current = screens.row('NS-07 · Kenji Mori');
  await expect(current).toContainText('Current');
  await expect(current).toContainText('Mina Manager');

  // Taken back: the history keeps the assignment with its end.
  await page.goBack();
  await screens.clickButton('Remove from the operator');
  await screens.confirm();
  await expect(page.getByText('Not assigned').filter({ visible: true }).first()).toBeVisible();
  await page.getByRole('link', { name: 'History' }).filter({ visible: true }).click();
  const ended = screens.row('NS-07 · Kenji Mori');
  await expect(ended).not.toContainText('Current');
  await expect(ended.locator('td').nth(2)).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);

  // The group still has its operator: it cannot be deleted.
  await screens.go('/operator-groups');
  const group = screens.row('Night shift');
  await expect(group).toContainText('1');
  await group.getByText('Delete').click();
  await screens.confirm();
  await expect(screens.toast('The group has users.')).toBeVisible();
  await expect(screens.row('Night shift')).toBeVisible();
});
