// Support staff set up a customer's vehicle registry: a vehicle vendor, a model, a group and a
// vehicle with its type icon; they find the vehicle in the filtered list, edit it, and cannot
// delete the group while it has vehicles. Required fields and names in use are refused with
// the spec's messages, under their fields.

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueId, uniqueName } from '../pages/unique.ts';
import { VehiclesScreens } from '../pages/VehiclesScreens.ts';

test.use({ signedInAs: 'support' });

test('support registers a vehicle with its vendor, model and group, and keeps the group while it has vehicles', async ({
  page,
}) => {
  // A long story (four screens), on a machine that may be busy.
  test.setTimeout(300_000);
  const screens = new VehiclesScreens(page);
  const [vendor, model, group, vehicle] = [
    uniqueName('Linde'),
    uniqueName('R16 reach'),
    uniqueName('Cold store'),
    uniqueName('RT'),
  ];
  const serial = uniqueId('sn-');
  await new ConsoleShell(page).open('/manufacturers');

  // A vehicle vendor of Harbor Logistics.
  await screens.openNew();
  await screens.expectAt(/#\/manufacturers\/new$/);
  await screens.save();
  await expect(screens.fieldError('name')).toHaveText('Enter the vehicle vendor name.');
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: vendor, description: 'Warehouse trucks' });
  await screens.save();
  await screens.expectAt(/#\/manufacturers$/);
  await screens.search(vendor);
  await expect(screens.row(vendor)).toContainText('Harbor Logistics');

  // The same name again is refused by the server, under the field.
  await screens.openNew();
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: vendor });
  await screens.save();
  await expect(screens.fieldError('name')).toHaveText(
    'This customer already has a vehicle vendor with this name.',
  );

  // A model of that vendor, with its specification.
  await screens.go('/vehicle-models/new');
  await screens.save();
  await expect(screens.fieldError('series_name')).toHaveText('Enter the series name.');
  await screens.pick('manufacturer_id', `${vendor} (Harbor Logistics)`);
  await screens.fill({
    name: model,
    series_name: 'R-series',
    model_name: '1120',
    rated_load_kg: '1600',
    fork_length_mm: '1150',
    maximum_lift_mm: '9000',
    battery_voltage_v: '48',
  });
  await screens.save();
  await screens.expectAt(/#\/vehicle-models$/);
  await screens.search(model);
  await expect(screens.row(model)).toContainText('1,600 kg');

  // A group, in the group screen's dialog.
  await screens.go('/vehicle-groups');
  await screens.openNew();
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: group });
  await screens.dialog().getByRole('button', { name: /save/i }).click();
  await screens.search(group);
  await expect(screens.row(group)).toBeVisible();

  // The vehicle: the model's specification is copied in; the icon picker sets type and icon.
  await screens.go('/vehicles/new');
  await screens.save();
  await expect(screens.fieldError('name')).toHaveText('Enter the vehicle name.');
  await expect(screens.fieldError('introduce_date')).toHaveText('Enter the introduce date.');
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: vehicle, introduce_date: '2025-04-01', serial_number: serial });
  await screens.pickByName('group_id', group);
  await screens.pick('manufacturer_id', vendor);
  await screens.pick('model_id', model);
  await expect(screens.input('maximum_lift_mm')).toHaveValue('9000');
  await screens.pickIcon('Reach truck – Icon B');
  await screens.pick('installation_type', 'Leases');
  await screens.fill({ initial_hour_meter: '250' });
  await screens.save();
  await screens.expectAt(/#\/vehicles$/);

  // Found with the search box and the type filter.
  await screens.search(serial);
  await screens.filter('Vehicle type', 'Reach truck');
  const row = screens.row(vehicle);
  await expect(row).toContainText(group);
  await expect(row).toContainText('Leases');
  await expect(row.locator('[data-vehicle-icon="reach-b"]')).toBeVisible();

  // What the filter shows is exported; the chosen columns only.
  await screens.hideColumn('Serial number');
  await expect(screens.headers().filter({ hasText: 'Serial number' })).toHaveCount(0);
  const csv = await screens.exportAs(/export$/i, 'Export as CSV');
  expect(csv).toContain(vehicle);
  expect(csv).toContain(group);
  expect(csv).not.toContain(serial);
  expect(await screens.exportAs(/export$/i, 'Export as Excel (XLSX)', 'binary')).toMatch(/^PK/);

  // Edited: maintenance mode on; the details open on the hour meter tab by the `tab` query.
  await screens.rowAction(vehicle, 'Edit');
  await screens.expectAt(/#\/vehicles\/[^/]+\/edit$/);
  await screens.visibleSwitch().click();
  await screens.fill({ key_number: 'K-42' });
  await screens.save();
  await screens.expectAt(/#\/vehicles\/[^/]+\/details$/);
  await expect(screens.tab('Basic')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('cell', { name: 'K-42' }).filter({ visible: true })).toBeVisible();
  await expect(screens.shown('In maintenance')).toBeVisible();
  await page.goto(`${page.url()}?tab=hourMeter`);
  await expect(screens.tab('Hour meter')).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('cell', { name: '250 h' }).filter({ visible: true }).first()).toBeVisible();

  // A second vehicle of the same name is refused under the field.
  await screens.go('/vehicles/new');
  await screens.pick('customer_id', 'Harbor Logistics');
  await screens.fill({ name: vehicle, introduce_date: '2025-05-01' });
  await screens.save();
  await expect(screens.fieldError('name')).toHaveText('This customer already has a vehicle with this name.');

  // The group keeps its vehicle: deleting it is refused with the spec's message.
  await screens.go('/vehicle-groups');
  await screens.search(group);
  await screens.rowAction(group, 'Delete');
  await screens.confirm();
  await expect(screens.toast('Cannot delete a group that has vehicles.')).toBeVisible();
  await expect(screens.row(group)).toContainText('1');
});
