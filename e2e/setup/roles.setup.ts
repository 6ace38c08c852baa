// Signs each shared demo role in once per run, in the user's usual browser, and keeps the browser's
// state (the realm's session cookie and the DEVICE_ID): a story then opens the console already
// signed in (test.ts, `signedInAs`, `browserOf`), and the run's many stories cost the accounts
// one device each.
import { test } from '@playwright/test';
import { usualBrowser } from '../pages/browsers.ts';
import { ConsoleShell } from '../pages/ConsoleShell.ts';
import { roleState, SHARED_ROLES } from '../pages/test.ts';

for (const role of SHARED_ROLES) {
  test(`${role} signs in once for the run`, async ({ browser, baseURL }) => {
    const context = await browser.newContext({ storageState: usualBrowser(baseURL ?? '') });
    await new ConsoleShell(await context.newPage()).openAndSignIn('/', role);
    await context.storageState({ path: roleState(role) });
    await context.close();
  });
}
