// A support user moves a customer's basic info in from another system: a set of CSV files with bad
// lines is checked in full, every bad line reported with its line, column and reason and nothing
// written; the corrected set is imported (the mapping offered from the headers, a tab-separated
// device file and an account file of the company's users among them); then "restore state" takes
// the company back to how it was, its users gone too.
import { MigrationScreens } from '../pages/MigrationScreens.ts';
import { expect, test } from '../pages/test.ts';
import { uniqueDigits, uniqueId } from '../pages/unique.ts';

test.use({ signedInAs: 'support' });

test('a support user imports a customer’s CSV files: bad lines reported, nothing written; a good set imported, then restored', async ({
  page,
  apiAs,
}) => {
  const support = await apiAs('support');
  const company = await support.company('Migrated Haulage');
  const totalOf = async (path: string) => {
    const res = await page.request.get(path, {
      headers: { authorization: `Bearer ${await support.accessToken()}` },
    });
    return (await res.json()).data.total as number;
  };
  const vehicles = () => totalOf(`/api/v1/vehicles?customer_id=${company.id}`);
  const login = uniqueId('mh');
  const users = () => totalOf(`/api/v1/users?filter=${login}`);
  const device = uniqueDigits('77', 12);
  const operators = [
    'Operator ID,First name,Last name,birth_date,address,license_number,license_received_on,license_valid_till,license_location,phone',
    'MH-1,Aiko,Sato,1990-01-01,Osaka,L-1,2010-01-01,2030-01-01,Osaka,090-1111-2222',
  ].join('\n');
  const devices = [
    'device_id\tdevice_type\tchannel_number\tvehicle\tcamera_1',
    `${device}\tdv426\t1\tHaul 1\tCAM${device}`,
  ].join('\n');

  const screens = new MigrationScreens(page);
  await screens.openImport();
  await screens.chooseCompany(company.name);
  await screens.upload({
    vehicle: [
      'name,introduce_date',
      'Haul 1,2024-04-01',
      ',2024-04-02',
      'Haul 9,2024-13-40',
      'Haul 1,2024-04-03',
    ].join('\n'),
    operator: operators,
    device: devices,
  });
  await screens.clickButton('Import');
  const result = screens.result();
  await expect(result.getByText('Error', { exact: true })).toBeVisible();
  await expect(result.getByText('Total 6, success 3, failure 3')).toBeVisible();
  await expect(result.getByText('Nothing was imported: the company is as before.')).toBeVisible();
  await expect(result.getByRole('row', { name: /vehicle 3 name/ })).toBeVisible();
  await expect(result.getByRole('row', { name: /vehicle 4 introduce_date 2024-13-40/ })).toBeVisible();
  await expect(
    result.getByRole('row', { name: /vehicle 5 name Haul 1 This value appears on an earlier line/ }),
  ).toBeVisible();
  const download = page.waitForEvent('download');
  await screens.clickButton('Download every bad line');
  const report = await (await download).path();
  expect(report).toBeTruthy();
  expect(await vehicles()).toBe(0);

  // The corrected set.
  await screens.upload({
    vehicle: ['name,introduce_date', 'Haul 1,2024-04-01', 'Haul 2,2024-04-02'].join('\n'),
    operator: operators,
    device: devices,
    account: ['Login ID,First name,Last name,E-mail', `${login},Ken,Ito,${login}@haulage.test`].join('\n'),
  });
  await expect(page.getByText('Accounts are created without a password', { exact: false })).toBeVisible();
  await screens.clickButton('Import');
  await expect(result.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(result.getByText('Total 5, success 5, failure 0')).toBeVisible();
  expect(await vehicles()).toBe(2);
  expect(await users()).toBe(1);

  await screens.clickButton('Restore state');
  await screens.confirm();
  await expect(result.getByText('Restored', { exact: true })).toBeVisible();
  expect(await vehicles()).toBe(0);
  expect(await users()).toBe(0);
});
