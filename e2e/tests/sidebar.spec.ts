// Each system role signs in and sees exactly the sidebar its roles, its customer's functions and
// its download role give it (spec §2.5, §6; docs/access-model.md).

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';

const everything = [
  'Charts',
  'Customers',
  'Users',
  'Master data',
  'Vehicles',
  'Devices',
  'Firmware',
  'Operators',
  'Video and events',
  'Driving score',
  'Reports',
  'Maintenance',
  'Fuel management',
  'Digital tachograph',
  'Data migration',
  'Managerial data',
  'Notices',
];

const sidebars: Record<string, { landing: string; heading: string; entries: string[] }> = {
  admin: { landing: '/virtualization', heading: 'Charts', entries: everything },
  support: { landing: '/virtualization', heading: 'Charts', entries: everything },
  sales: {
    landing: '/users',
    heading: 'Users',
    entries: [
      'Charts',
      'Customers',
      'Users',
      'Vehicles',
      'Operators',
      'Video and events',
      'Driving score',
      'Reports',
      'Fuel report',
      'Managerial data',
      'Notices',
    ],
  },
  kitting: {
    landing: '/vehicles',
    heading: 'Vehicles',
    entries: [
      'Customers',
      'Master data',
      'Vehicles',
      'Devices',
      'Firmware',
      'RFID cards',
      'Data migration',
      'Managerial data',
      'Notices',
    ],
  },
  manager: {
    landing: '/virtualization',
    heading: 'Charts',
    entries: [
      'Charts',
      'Users',
      'Vehicles',
      'Devices',
      'Operators',
      'Video and events',
      'Driving score',
      'Reports',
      'Maintenance',
      'Fuel management',
      'Digital tachograph',
      'Managerial data',
      'Notices',
    ],
  },
};

for (const [username, expected] of Object.entries(sidebars)) {
  test(`${username} signs in and sees the sidebar of the role`, async ({ page }) => {
    const shell = new ConsoleShell(page);
    await shell.openAndSignIn('/', username);
    await expect(page).toHaveURL(new RegExp(`#${expected.landing}$`));
    await expect(shell.pageHeading()).toHaveText(expected.heading);
    expect(await shell.sidebarEntries()).toEqual(expected.entries);
  });
}

test('a page the role may not reach says "no access" inside the console, and the roles page is for support', async ({
  page,
}) => {
  const shell = new ConsoleShell(page);
  await shell.openAndSignIn('/', 'sales');
  await page.goto('/#/roles');
  await expect(page).toHaveURL(/#\/roles$/);
  await expect(shell.pageHeading()).toHaveText('No access');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByText('OOPS!')).toHaveCount(0);
});

test('a section opens to its pages', async ({ page }) => {
  const shell = new ConsoleShell(page);
  await shell.openAndSignIn('/', 'support');
  await shell.navigate('Users', 'Roles');
  await expect(page).toHaveURL(/#\/roles$/);
  // Support reads roles; only admin creates them.
  await expect(page.getByRole('cell', { name: 'Fleet manager', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'New role' })).toHaveCount(0);
  // A screen of a later release says so.
  await shell.navigate('Maintenance', 'Maintenance plans');
  await expect(shell.comingSoon()).toBeVisible();
});
