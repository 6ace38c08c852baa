// On a phone the sidebar becomes a drawer that the menu button opens. @mobile

import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { expect, test } from '../pages/test.ts';

test.use({ signedInAs: 'support' });

test('@mobile the sidebar opens as a drawer and closes after choosing a page', async ({ page }) => {
  test.skip(test.info().project.name !== 'mobile', 'phone width only');
  const shell = new ConsoleShell(page);
  await shell.open('/');
  await expect(shell.sidebar()).toBeHidden();
  await page.getByRole('button', { name: /toggle sidebar|open menu/i }).click();
  await expect(shell.sidebar()).toBeVisible();
  await shell.navigate('Notices', 'Release notes');
  await expect(shell.sidebar()).toBeHidden();
});
