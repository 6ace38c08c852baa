// The accessibility check of the stories: axe-core's WCAG 2.1 A and AA rules on every screen a
// story opens, in whatever browser of the story opens it. A screen is checked once per run (its
// route with record ids folded, and the window's width class), once it has settled, while the
// story goes on: the stories stay about as fast as before, and the suite still covers every
// screen. Serious and critical violations fail the story that first opened the screen.
import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
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

// One run of the suite is one worker (workers: 1), so a module-level set spans the stories:
// each screen costs one axe run in the whole suite, not one per story.
const checked = new Set<string>();

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

/** Resolves once the screen stops changing: no spinner, no skeleton, 300 ms without a DOM change. */
async function settled(page: Page) {
  await page.waitForLoadState('domcontentloaded');
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
          }, 300);
        };
        const observer = new MutationObserver(quiet);
        observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true });
        quiet();
        // A screen that never rests (a live map) is checked as it is after a while.
        window.setTimeout(() => {
          observer.disconnect();
          resolve();
        }, 4_000);
      }),
  );
}

/** Watches the pages of a story's browsers and checks each new screen they show. */
export class A11yWatch {
  readonly findings: ScreenFinding[] = [];

  private queue: Promise<void> = Promise.resolve();

  private readonly logFile: string;

  /** `logFile` gets a line per screen checked: its name, the time the check took, what it found. */
  constructor(logFile: string) {
    this.logFile = logFile;
  }

  watchContext(context: BrowserContext) {
    for (const page of context.pages()) this.watchPage(page);
    context.on('page', (page) => this.watchPage(page));
  }

  watchPage(page: Page) {
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) this.enqueue(page);
    });
    if (page.url() !== 'about:blank') this.enqueue(page);
  }

  /** Waits for the checks still running: a story ends only when its screens are checked. */
  async done(): Promise<ScreenFinding[]> {
    await this.queue;
    return this.findings;
  }

  private enqueue(page: Page) {
    // One check at a time: two axe runs in one page would share its injected script.
    this.queue = this.queue.then(() => this.check(page)).catch(() => {});
  }

  private async check(page: Page) {
    const width = page.viewportSize()?.width ?? 1440;
    const screen = screenOf(page.url(), width);
    if (!screen || checked.has(screen) || page.isClosed()) return;
    const started = Date.now();
    try {
      await settled(page);
      // The story moved on meanwhile: the screen it reached has a check queued of its own, and
      // this one waits for a story that stays on it.
      const left = () => screenOf(page.url(), width) !== screen;
      if (left()) return this.log({ screen, ms: Date.now() - started, skipped: 'left before it settled' });
      const results = await new AxeBuilder({ page }).withTags(WCAG_21_AA).analyze();
      if (left()) return this.log({ screen, ms: Date.now() - started, skipped: 'left during the check' });
      checked.add(screen);
      const found = results.violations
        .filter((v) => BLOCKING.has(v.impact ?? ''))
        .map((v) => ({
          screen,
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
      this.log({ screen, ms: Date.now() - started, violations: found.length });
    } catch (error) {
      // The page navigated or closed under the check: the next screen is checked instead.
      this.log({ screen, ms: Date.now() - started, error: String(error).split('\n')[0] });
    }
  }

  private log(entry: { screen: string; ms: number; violations?: number; error?: string; skipped?: string }) {
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
