// Screenshots of the console's main screens as the demo's fleet manager sees them, in each
// language, at a desktop and a phone width, for the docs (docs/screenshots/screens/) and for
// looking at a change as a user would. Against a running server with the demo fleet:
//
//   npm start                                   # or any running FleetLens
//   node scripts/screenshots.ts [base URL] [languages, comma-separated]
//
// Writes <screen>-<language>-<desktop|mobile>.png; signs in through the identity page.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:8080';
const languages = (process.argv[3] ?? 'en,ja,zh,my').split(',');
const out = join(import.meta.dirname, '../docs/screenshots/screens');
const WIDTHS = { desktop: { width: 1280, height: 800 }, mobile: { width: 390, height: 844 } };

/** The screens: a hash route, or a way to reach the screen from another. */
const SCREENS: { name: string; open: (page: Page) => Promise<void> }[] = [
  { name: 'charts', open: (page) => go(page, '/virtualization') },
  { name: 'dashboard', open: (page) => go(page, '/dashboard') },
  { name: 'events', open: (page) => go(page, '/event-summary') },
  {
    name: 'detail',
    open: async (page) => {
      await go(page, '/event-summary');
      await page.locator('a[href*="/event-detail"]:visible').first().click();
      await page.waitForURL(/event-detail$/);
    },
  },
  { name: 'eventmap', open: (page) => go(page, '/event-map') },
  { name: 'videohistory', open: (page) => go(page, '/video-history') },
  { name: 'reports', open: (page) => go(page, '/report/listings') },
];

/** Opens the console afresh at `route` (a full load: the stored language is read at the start). */
async function go(page: Page, route: string) {
  await page.goto('about:blank');
  await page.goto(`${base}/#${route}`);
}

async function signIn(page: Page) {
  await page.goto(base);
  await page.locator('input[name="username"]').fill('manager');
  await page.locator('input[name="password"]').fill(process.env.DEMO_PASSWORD ?? 'Fleet#2026');
  await page.locator('button[type="submit"]').click();
  await page.waitForURL((url) => url.href.startsWith(base) && url.hash.length > 1);
}

/**
 * Over the account's browser limit the console shows its 403 page: its last button signs in again
 * and signs the account's other browsers out (the identity page may ask for the password again).
 */
async function freeBrowserPlace(page: Page): Promise<boolean> {
  if (!page.url().includes('/403')) return false;
  await page.getByRole('button').last().click();
  await page.waitForURL((url) => !url.hash.includes('/403'));
  if (!page.url().startsWith(base)) {
    await page.locator('input[name="password"]').fill(process.env.DEMO_PASSWORD ?? 'Fleet#2026');
    await page.locator('button[type="submit"]').click();
    await page.waitForURL((url) => url.href.startsWith(base));
  }
  return true;
}

mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium' });
try {
  // One browser signed in once (each sign-in of another browser takes one of the account's
  // places); the language is the console's stored choice, read again at each opening.
  const context = await browser.newContext({ viewport: WIDTHS.desktop });
  const page = await context.newPage();
  await signIn(page);
  for (const language of languages) {
    await page.evaluate((lang) => localStorage.setItem('language', lang), language);
    for (const [width, viewport] of Object.entries(WIDTHS)) {
      await page.setViewportSize(viewport);
      for (const screen of SCREENS) {
        do {
          await go(page, '/');
          await page.waitForLoadState('networkidle');
        } while (await freeBrowserPlace(page));
        await screen.open(page);
        // Settled: no request for half a second, then the charts' and maps' drawing.
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(1500);
        const file = join(out, `${screen.name}-${language}-${width}.png`);
        await page.screenshot({ path: file });
        console.log(file);
      }
    }
  }
  await context.close();
} finally {
  await browser.close();
}
