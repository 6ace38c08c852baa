import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

// The browsers of the stories. One person, one browser: every story's browser carries the same
// DEVICE_ID, as a user's own browser does day after day, so the stories do not use up the
// accounts' device limit. A browser never used before has no DEVICE_ID yet.
export const USUAL_DEVICE_ID = 'e2e-usual-browser-0001';

export function usualBrowser(origin: string) {
  return {
    cookies: [],
    origins: [{ origin, localStorage: [{ name: 'DEVICE_ID', value: USUAL_DEVICE_ID }] }],
  };
}

export const NEW_BROWSER = { cookies: [], origins: [] };

// New headless Chromium keeps a browser's whole frame, and for every browser context it opens the
// address bar's suggestion popups as two web pages of their own (chrome://omnibox-popup): a
// twentieth of the stories' processor time, for a bar no story sees. Switching them off takes
// `--disable-features`, of which Chromium reads only the last; Playwright passes its own list
// first (server/chromium/chromiumSwitches.ts), so ours repeats it, read from the installed
// Playwright. Where it cannot be read (a Playwright that lays its code out otherwise), the popups
// stay on rather than Playwright's switches being dropped.
const OMNIBOX_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

export function withoutOmniboxPopups(): string[] {
  try {
    const root = dirname(createRequire(import.meta.url).resolve('playwright-core/package.json'));
    const bundle = readFileSync(join(root, 'lib', 'coreBundle.js'), 'utf8');
    const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
    // Every quoted name of the array, its comments left out, however its lines are laid out.
    const code = (list ?? '').replace(/\/\/.*$/gm, '');
    const playwrights = [...code.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
    if (playwrights.length === 0) return [];
    return [`--disable-features=${[...playwrights, ...OMNIBOX_POPUPS].join(',')}`];
  } catch {
    return [];
  }
}
