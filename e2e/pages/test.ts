// The stories' `test`: Playwright's, with the accessibility check (a11y.ts) on every page of
// every browser a story opens, the ones it makes with browser.newContext included.
import { type Browser, test as base } from '@playwright/test';
import { A11yWatch, a11yReport } from './a11y.ts';

export { expect } from '@playwright/test';

export const test = base.extend<{ a11y: A11yWatch }>({
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
