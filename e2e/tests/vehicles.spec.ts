// Support staff set up a customer's vehicle registry: a vehicle vendor, a model, a group and a
// vehicle with its type icon; they find the vehicle in the filtered list, edit it, and cannot
// delete the group while it has vehicles. Required fields and names in use are refused with
// the spec's messages, under their fields.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';
import { VehiclesScreens } from '../pages/VehiclesScreens.ts';

test('support registers a vehicle with its vendor, model and group, and keeps the group while it has vehicles', async ({
  page,
}) => {
  // A long story (four screens), on a machine that may be busy.
  test.setTimeout(300_000);
  const shell = new ConsoleShell(page);
  const screens = new VehiclesScreens(page);
  await shell.openAndSignIn('/manufacturers', 'support');

  // A vehicle vendor of Harbor Logistics.
  await screens.openNew();
  await expect(page).toHaveURL(/#\/manufacturers\/new$/);
  await screens.save();
  await expect(screens.fieldError('name')).toHaveText('Enter the vehicle vendor name.');
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: 'Linde E2E', description: 'Warehouse trucks' });
  await screens.save();
  await expect(page).toHaveURL(/#\/manufacturers$/);
  await expect(screens.row('Linde E2E')).toContainText('Harbor Logistics');

  // The same name again is refused by the server, under the field.
  await screens.openNew();
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: 'Linde E2E' });
  await screens.save();
  await expect(screens.fieldError('name')).toHaveText(
    'This customer already has a vehicle vendor with this name.',
  );

  // A model of that vendor, with its specification.
  await screens.go('/vehicle-models/new');
  await screens.save();
  await expect(screens.fieldError('series_name')).toHaveText('Enter the series name.');
  await screens.pick('manufacturer_id', 'Linde E2E (Harbor Logistics)');
  await screens.fill({
    name: 'R16 reach',
    series_name: 'R-series',
    model_name: '1120',
    rated_load_kg: '1600',
    fork_length_mm: '1150',
    maximum_lift_mm: '9000',
    battery_voltage_v: '48',
  });
  await screens.save();
  await expect(page).toHaveURL(/#\/vehicle-models$/);
  await expect(screens.row('R16 reach')).toContainText('1,600 kg');

  // A group, in the group screen's dialog.
  await screens.go('/vehicle-groups');
  await screens.openNew();
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: 'Cold store E2E' });
  await screens.dialog().getByRole('button', { name: /save/i }).click();
  await expect(screens.row('Cold store E2E')).toBeVisible();

  // The vehicle: the model's specification is copied in; the icon picker sets type and icon.
  await screens.go('/vehicles/new');
  await screens.save();
  await expect(screens.fieldError('name')).toHaveText('Enter the vehicle name.');
  await expect(screens.fieldError('introduce_date')).toHaveText('Enter the introduce date.');
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: 'RT-E2E', introduce_date: '2025-04-01', serial_number: 'SN-E2E-1' });
  await screens.pick('group_id', 'Cold store E2E');
  await screens.pick('manufacturer_id', 'Linde E2E');
  await screens.pick('model_id', 'R16 reach');
  await expect(screens.input('maximum_lift_mm')).toHaveValue('9000');
  await screens.pickIcon('Reach truck – Icon B');
  await screens.pick('installation_type', 'Leases');
  await screens.fill({ initial_hour_meter: '250' });
  await screens.save();
  await expect(page).toHaveURL(/#\/vehicles$/);

  // Found with the search box and the type filter.
  await screens.search('sn-e2e');
  await screens.filter('Vehicle type', 'Reach truck');
  const row = screens.row('RT-E2E');
  await expect(row).toContainText('Cold store E2E');
  await expect(row).toContainText('Leases');
  await expect(row.locator('[data-vehicle-icon="reach-b"]')).toBeVisible();

  // What the filter shows is exported; the chosen columns only.
  await screens.clickButton('Columns');
  await page.getByRole('checkbox', { name: 'Serial number' }).uncheck();
  await expect(screens.visibleHeader('Serial number')).toHaveCount(0);
  await page.keyboard.press('Escape');
  const csv = await screens.exportAs('Export as CSV');
  expect(csv).toContain('RT-E2E');
  expect(csv).toContain('Cold store E2E');
  expect(csv).not.toContain('SN-E2E-1');
  expect(await screens.exportAs('Export as Excel (XLSX)', 'binary')).toMatch(/^PK/);

  // Edited: maintenance mode on; the details open on the hour meter tab by the `tab` query.
  await screens.rowAction('RT-E2E', 'Edit');
  await expect(page).toHaveURL(/#\/vehicles\/[^/]+\/edit$/);
  await page.getByRole('switch').filter({ visible: true }).click();
  await screens.fill({ key_number: 'K-42' });
  await screens.save();
  await expect(page).toHaveURL(/#\/vehicles\/[^/]+\/details$/);
  await expect(screens.tab('Basic')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('cell', { name: 'K-42' }).filter({ visible: true })).toBeVisible();
  await expect(page.getByText('In maintenance').filter({ visible: true })).toBeVisible();
  await page.goto(`${page.url()}?tab=hourMeter`);
  await expect(screens.tab('Hour meter')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('cell', { name: '250 h' }).filter({ visible: true }).first()).toBeVisible();

  // A second vehicle of the same name is refused under the field.
  await screens.go('/vehicles/new');
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: 'RT-E2E', introduce_date: '2025-05-01' });
  await screens.save();
  await expect(screens.fieldError('name')).toHaveText('This customer already has a vehicle with this name.');

  // The group keeps its vehicle: deleting it is refused with the spec's message.
  await screens.go('/vehicle-groups');
  await screens.rowAction('Cold store E2E', 'Delete');
  await screens.confirm();
  await expect(screens.toast('Cannot delete a group that has vehicles.')).toBeVisible();
  await expect(screens.row('Cold store E2E')).toContainText('1');
});
