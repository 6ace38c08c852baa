// The accessibility check of the stories: axe-core's WCAG 2.1 A and AA rules on every screen a
// story works on, in whatever browser of the story shows it. A screen (its route with record ids
// folded, and the window's width class) is checked once per run, when the story first acts on
// it: the suite covers every screen and pays for each once. Serious and critical violations
// fail the story that checked the screen.
import { createHash } from 'node:crypto';
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, Page } from '@playwright/test';

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['serious', 'critical']);

export type ScreenFinding = {
  screen: string;
  url: string;
  rule: string;
  impact: string;
  help: string;
  elements: { target: string; summary: string }[];
};

// Each screen costs one axe run in the whole suite, not one per story or per worker: a worker
// claims a screen with a file of its own in the run's output folder (created only if absent, so
// of two workers one wins), and this set remembers what this worker has seen claimed.
const checked = new Set<string>();

function claimFile(logFile: string, screen: string): string {
  return join(dirname(logFile), 'a11y-claims', createHash('sha1').update(screen).digest('hex'));
}

/** True once, for the first worker of the run to ask for `screen`. */
function claim(logFile: string, screen: string): boolean {
  if (checked.has(screen)) return false;
  checked.add(screen);
  const file = claimFile(logFile, screen);
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, screen, { flag: 'wx' });
    return true;
  } catch {
    return false;
  }
}

/** Gives a screen back, for a story that stays on it to check it. */
function release(logFile: string, screen: string) {
  checked.delete(screen);
  rmSync(claimFile(logFile, screen), { force: true });
}

/** The screen a URL shows: its hash route, or for the identity pages its path, with ids folded. */
export function screenOf(url: string, width: number): string | null {
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return null;
  const route = u.hash.startsWith('#/') ? (u.hash.slice(1).split('?')[0] ?? '/') : u.pathname;
  // The console's refresh route only passes through.
  if (route.startsWith('/redirect/')) return null;
  const folded = route
    .split('/')
    .map((part) => (/^(\d+|[0-9a-f-]{16,}|[A-Za-z0-9_-]{32,})$/i.test(part) ? ':id' : part))
    .join('/');
  return `${width < 768 ? 'mobile' : 'desktop'} ${folded}`;
}

// In the page: every new document and every route change marks the screen as not yet checked.
// The console's hash router moves with pushState, which fires no event, so that is marked too.
const MARK = 'data-a11y-unchecked';
function markScreens(attribute: string) {
  const mark = () => document.documentElement?.setAttribute(attribute, '');
  for (const name of ['pushState', 'replaceState'] as const) {
    const original = history[name].bind(history);
    history[name] = (...args: Parameters<History['pushState']>) => {
      const before = location.href;
      original(...args);
      if (location.href !== before) mark();
    };
  }
  addEventListener('popstate', mark);
  addEventListener('hashchange', mark);
  addEventListener('DOMContentLoaded', mark);
  mark();
}

/** Resolves once the screen stops changing: no spinner, no skeleton, 200 ms without a DOM change. */
async function settled(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const busy = () => document.querySelector('.ant-spin-spinning, .ant-skeleton-active') !== null;
        let timer = 0;
        const quiet = () => {
          window.clearTimeout(timer);
          timer = window.setTimeout(() => {
            if (busy()) return quiet();
            observer.disconnect();
            resolve();
          }, 200);
        };
        const observer = new MutationObserver(quiet);
        observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
        quiet();
        // A screen that never rests (a live map) is checked as it is after a while.
        window.setTimeout(() => {
          observer.disconnect();
          resolve();
        }, 2_000);
      }),
  );
}

/**
 * Checks each new screen the pages of a story's browsers show. The check runs at the story's
 * first action or web-first assertion on the screen (a Playwright locator handler), so the story
 * waits for it and the screen is the one the story works on; a screen seen before costs one
 * round trip.
 */
export class A11yWatch {
  readonly findings: ScreenFinding[] = [];

  private readonly logFile: string;

  /** `logFile` gets a line per screen checked: its name, the time the check took, what it found. */
  constructor(logFile: string) {
    this.logFile = logFile;
  }

  async watchContext(context: BrowserContext) {
    await context.addInitScript(markScreens, MARK);
    for (const page of context.pages()) await this.watchPage(page);
    context.on('page', (page) => void this.watchPage(page));
  }

  private async watchPage(page: Page) {
    await page
      .addLocatorHandler(page.locator(`html[${MARK}]`), () => this.check(page), { noWaitAfter: true })
      .catch(() => {});
  }

  private async check(page: Page) {
    const started = Date.now();
    const width = page.viewportSize()?.width ?? 1440;
    const screen = screenOf(page.url(), width);
    try {
      await page.evaluate((attribute) => document.documentElement.removeAttribute(attribute), MARK);
      if (!screen || !claim(this.logFile, screen)) return;
      let shown: string = screen;
      await settled(page);
      const settledMs = Date.now() - started;
      // A route that sends on (to a 404, a landing page) is named by where it arrived.
      const arrived = screenOf(page.url(), width);
      if (arrived !== screen) {
        if (!arrived || !claim(this.logFile, arrived)) return;
        shown = arrived;
      }
      // Cheap by design: axe-core stays in the document across the console's route changes, so
      // it is sent once per page load; it runs in the page itself (legacy mode: the console has
      // no cross-origin frames), not in the blank page the default mode opens for every run;
      // and only the violations come back, not the passes of every element.
      const loaded = await page.evaluate(() => 'axe' in window);
      const results = await new AxeBuilder({ page, axeSource: loaded ? ';' : undefined })
        .setLegacyMode(true)
        .withTags(WCAG_21_AA)
        .options({ resultTypes: ['violations'] })
        .analyze();
      const found = results.violations
        .filter((v) => BLOCKING.has(v.impact ?? ''))
        .map((v) => ({
          screen: shown,
          url: page.url(),
          rule: v.id,
          impact: v.impact ?? '',
          help: v.help,
          elements: v.nodes.map((n) => ({
            target: n.target.join(' '),
            summary: n.failureSummary?.replace(/\s+/g, ' ').trim() ?? '',
          })),
        }));
      this.findings.push(...found);
      this.log({
        screen: shown,
        url: page.url(),
        ms: Date.now() - started,
        settledMs,
        violations: found.length,
      });
    } catch (error) {
      // The page navigated or closed under the check: a story that stays on it checks it.
      if (screen) release(this.logFile, screen);
      this.log({
        screen: screen ?? page.url(),
        ms: Date.now() - started,
        error: String(error).split('\n')[0],
      });
    }
  }

  private log(entry: {
    screen: string;
    url?: string;
    ms: number;
    settledMs?: number;
    violations?: number;
    error?: string;
  }) {
    mkdirSync(dirname(this.logFile), { recursive: true });
    appendFileSync(this.logFile, `${JSON.stringify(entry)}\n`);
  }
}

/** The findings as a reader wants them: per screen, each rule with the elements that break it. */
export function a11yReport(findings: ScreenFinding[]): string {
  const lines = [`${findings.length} serious or critical accessibility violation(s) (WCAG 2.1 A/AA):`];
  for (const f of findings) {
    lines.push(`\n[${f.impact}] ${f.rule} on ${f.screen} — ${f.help}`);
    for (const e of f.elements.slice(0, 8)) lines.push(`  ${e.target}\n    ${e.summary}`);
    if (f.elements.length > 8) lines.push(`  … and ${f.elements.length - 8} more element(s)`);
  }
  return lines.join('\n');
}
