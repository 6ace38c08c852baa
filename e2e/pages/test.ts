// The stories' `test`: Playwright's, with the accessibility check (a11y.ts) on every page of
// every browser a story opens, the ones it makes with browser.newContext included; and the demo
// roles' signed-in browsers (`signedInAs`, `browserOf`), whose realm sessions the `roles` setup
// project (e2e/setup/roles.setup.ts) made once for the whole run.
import { join } from 'node:path';
import { type Browser, type BrowserContext, test as base, type Page } from '@playwright/test';
import { A11yWatch, a11yReport } from './a11y.ts';
import { usualBrowser } from './browsers.ts';
import { ConsoleApi } from './ConsoleApi.ts';
import { ConsoleShell } from './ConsoleShell.ts';
import { fitFilmingVehicle } from './EventScreens.ts';
import { type LiveVehicleOptions, liveCameraVehicle } from './LiveCameraScreens.ts';

export { expect } from '@playwright/test';

/**
 * The demo roles a story may be signed in as without the form. A story that signs out, or changes
 * the account (its password, roles, devices, name), signs in a user of its own instead: the
 * session and the account are shared by every story of the run.
 */
export const SHARED_ROLES = ['admin', 'support', 'sales', 'kitting', 'manager'] as const;
export type SharedRole = (typeof SHARED_ROLES)[number];

/** Where a role's saved browser state (the realm's session cookie, the usual DEVICE_ID) is kept. */
export function roleState(role: SharedRole): string {
  return join(import.meta.dirname, '..', '..', 'test-results', '.roles', `${role}.json`);
}

type Fixtures = {
  a11y: A11yWatch;
  /** The role the story's own `page` is signed in as (test.use({ signedInAs: 'support' })). */
  signedInAs: SharedRole | undefined;
  /** A page in a browser of its own: signed in as the role, or the user's usual browser, signed out. */
  browserOf: (role?: SharedRole) => Promise<Page>;
  /** The API as a role calls it (in a browser of its own), for setup the story's own role may not do. */
  apiAs: (role: SharedRole) => Promise<ConsoleApi>;
  /**
   * Kitting fits a vehicle of Harbor Logistics, named from `label`, with a device of `cameras`
   * cameras that signs in and films (its events name `filming` cameras, all unless told); the
   * device leaves the broker when the story ends.
   */
  filmingVehicle: (
    label: string,
    cameras: number,
    filming?: number,
  ) => Promise<Awaited<ReturnType<typeof fitFilmingVehicle>>>;
  /** A live camera vehicle of a company of the story's own (LiveCameraScreens.liveCameraVehicle); its device leaves when the story ends. */
  liveVehicle: (options: LiveVehicleOptions) => Promise<Awaited<ReturnType<typeof liveCameraVehicle>>>;
};

/**
 * A fixture that hands the story `fitOne` (a vehicle whose device signs in) and, when the story ends,
 * takes every device it fitted off the broker.
 */
async function leavingWithTheStory<A extends unknown[], V extends { leave: () => Promise<void> }>(
  use: (fitOne: (...args: A) => Promise<V>) => Promise<void>,
  fitOne: (...args: A) => Promise<V>,
): Promise<void> {
  const fitted: V[] = [];
  await use(async (...args) => {
    const vehicle = await fitOne(...args);
    fitted.push(vehicle);
    return vehicle;
  });
  for (const vehicle of fitted) await vehicle.leave();
}

export const test = base.extend<Fixtures>({
  signedInAs: [undefined, { option: true }],
  storageState: async ({ signedInAs, storageState }, use) => {
    await use(signedInAs ? roleState(signedInAs) : storageState);
  },
  browserOf: async ({ browser, baseURL }, use) => {
    const opened: BrowserContext[] = [];
    await use(async (role) => {
      const storageState = role ? roleState(role) : usualBrowser(baseURL ?? '');
      const context = await browser.newContext({ storageState });
      opened.push(context);
      return context.newPage();
    });
    for (const context of opened) await context.close();
  },
  apiAs: async ({ browserOf }, use) => {
    await use(async (role) => {
      const shell = new ConsoleShell(await browserOf(role));
      await shell.open('/notifications/listings');
      return new ConsoleApi(shell.page);
    });
  },
  filmingVehicle: async ({ apiAs, baseURL }, use) => {
    await leavingWithTheStory(use, async (label: string, cameras: number, filming?: number) =>
      fitFilmingVehicle(await apiAs('kitting'), baseURL ?? '', { label, cameras, filming }),
    );
  },
  liveVehicle: async ({ apiAs, baseURL }, use) => {
    await leavingWithTheStory(use, async (options: LiveVehicleOptions) =>
      liveCameraVehicle(await apiAs('support'), await apiAs('kitting'), baseURL ?? '', options),
    );
  },
  a11y: [
    async ({ browser, context }, use, testInfo) => {
      const watch = new A11yWatch(`${testInfo.project.outputDir}/a11y-screens.jsonl`);
      // CI's PostgreSQL pass serves the same web app: the first pass has checked its screens.
      if (process.env.E2E_DATABASE_STORIES === '1') return use(watch);
      await watch.watchContext(context);
      // A story that signs in a second person opens a browser of its own: watch it as well.
      const newContext = browser.newContext;
      browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
        const made = await newContext.apply(browser, args);
        await watch.watchContext(made);
        return made;
      };
      try {
        await use(watch);
      } finally {
        browser.newContext = newContext;
      }
      const findings = watch.findings;
      if (findings.length > 0) {
        await testInfo.attach('a11y-violations.json', {
          body: JSON.stringify(findings, null, 2),
          contentType: 'application/json',
        });
        throw new Error(a11yReport(findings));
      }
    },
    { auto: true },
  ],
});
