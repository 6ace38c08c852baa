// Each system role opens the console and sees exactly the sidebar its roles, its customer's
// functions and its download role give it (spec §2.5, §6; docs/access-model.md).

import { DEMO_SIDEBARS } from '../../packages/contracts/src/access/demoSidebars.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, SHARED_ROLES, test } from '../pages/test.ts';

/** The heading of each landing page. */
const HEADINGS: Record<string, string> = {
  '/virtualization': 'Charts',
  '/users': 'Users',
  '/vehicles': 'Vehicles',
};

for (const role of SHARED_ROLES) {
  const { landing, entries } = DEMO_SIDEBARS[role];
  test.describe(() => {
    test.use({ signedInAs: role });
    test(`${role} lands on ${landing} and sees the sidebar of the role`, async ({ page }) => {
      const shell = new ConsoleShell(page);
      await shell.open('/');
      await shell.expectAt(new RegExp(`#${landing}$`));
      await expect(shell.pageHeading()).toHaveText(HEADINGS[landing] ?? '');
      expect(await shell.sidebarEntries()).toEqual(entries);
    });
  });
}

test.describe(() => {
  test.use({ signedInAs: 'sales' });
  test('a page the role may not reach says "no access" inside the console, and the roles page is for support', async ({
    page,
  }) => {
    const shell = new ConsoleShell(page);
    await shell.open('/');
    await shell.go('/roles');
    await shell.expectAt(/#\/roles$/);
    await shell.expectNoAccess();
  });
});

test.describe(() => {
  test.use({ signedInAs: 'support' });
  test('a section opens to its pages', async ({ page }) => {
    const shell = new ConsoleShell(page);
    await shell.open('/');
    await shell.navigate('Users', 'Roles');
    await shell.expectAt(/#\/roles$/);
    // Support reads roles; only admin creates them.
    await expect(page.getByRole('cell', { name: 'Fleet manager', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'New role' })).toHaveCount(0);
    // Every page of the sidebar has its screen now (none says "coming in a later release").
    await shell.navigate('Data migration', 'Migration settings');
    await expect(
      page.getByText('Choose the company whose migration settings to see or change.'),
    ).toBeVisible();
    await expect(shell.comingSoon()).toHaveCount(0);
  });
});

test.describe(() => {
  test.use({ signedInAs: 'manager' });
  test('in Burmese every sidebar label shows whole, on the lines it needs', async ({ page }) => {
    const shell = new ConsoleShell(page);
    await shell.open('/');
    await shell.switchLanguage('မြန်မာ');
    // Every section open: the pages' labels as well as the sections'.
    const closed = shell
      .sidebar()
      .locator('li.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
    while ((await closed.count()) > 0) await closed.first().click();
    await page.evaluate(() => document.fonts.ready);
    const labels = shell.sidebar().locator('.fl-fit-label');
    expect(await labels.count()).toBeGreaterThan(15);
    const cut = await labels.evaluateAll((all) =>
      all.filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent),
    );
    expect(cut, 'labels cut at the edge').toEqual([]);
    // Each label inside its row: the rows grew with their lines.
    const spilled = await labels.evaluateAll((all) =>
      all
        .filter((label) => {
          const row = label.closest('.ant-menu-item, .ant-menu-submenu-title')?.getBoundingClientRect();
          const box = label.getBoundingClientRect();
          return !row || box.top < row.top || box.bottom > row.bottom || box.right > row.right;
        })
        .map((label) => label.textContent),
    );
    expect(spilled, 'labels outside their row').toEqual([]);
    await page.screenshot({ path: 'test-results/sidebar-my.png' });
  });
});
