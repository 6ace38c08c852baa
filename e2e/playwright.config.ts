import { defineConfig, devices } from '@playwright/test';
import { usualBrowser, withoutOmniboxPopups } from './pages/browsers.ts';

// The stories run against the real product (server, embedded identity realm, built web app)
// started by start-server.ts on a port of its own with fresh data, in Debian's Chromium.
const port = Number(process.env.E2E_PORT ?? 18_180);
const baseURL = `http://localhost:${port}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    ...withoutOmniboxPopups(),
  ],
};

// CI's second pass repeats, on PostgreSQL, only the stories whose browser-to-database chain
// differs there from the embedded database (E2E_DATABASE_STORIES=1): a device's state pushed live
// through LISTEN/NOTIFY to the maps and lists (vehicle states) and a notice likewise (notices), the
// identity realm's sessions and throttles (sign-in), and the event map's clustering query. The
// server's own tests run in full on PostgreSQL in that pass — the role change's push, the on-demand
// video's device and encoder, the users' realm accounts among them — and every other story proves
// the web app and the same SQL, which the first pass has done.
const POSTGRESQL_STORIES = ['notices', 'vehicle-states', 'sign-in', 'event-map'].map(
  (story) => `**/${story}.spec.ts`,
);

export default defineConfig({
  testDir: './tests',
  ...(process.env.E2E_DATABASE_STORIES === '1' ? { testMatch: POSTGRESQL_STORIES } : {}),
  outputDir: '../test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Two workers, story by story: each story makes its own uniquely named data (e2e/pages/unique.ts,
  // ConsoleApi) and its own users where it changes one, so none depends on another's data or order.
  // Two keep about one core of the two busy; three ran the stories in 721–791 s instead of about
  // 1,050, but the keyboard story lost its focus under the added load in CI
  // (docs/decisions/2026-12-08-test-run-time.md): E2E_WORKERS=3 once it holds.
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // No retries: a failure is reported as it happened, on a machine shared by other work.
  retries: 0,
  use: {
    baseURL,
    launchOptions: chromium,
    screenshot: 'only-on-failure',
    // No trace by default: recording one (a screencast and DOM snapshots of every step) made the
    // stories a third slower on these two cores, for a file only a failure needs. E2E_TRACE=1
    // keeps one for each failed story (npx playwright show-trace test-results/…/trace.zip).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    locale: 'en-US',
    // Steadier stories: the console drops its animations for reduced-motion users.
    reducedMotion: 'reduce',
    storageState: usualBrowser(baseURL),
  },
  projects: [
    // The demo roles sign in once; the stories reuse their sessions (e2e/pages/test.ts).
    { name: 'roles', testDir: './setup', testMatch: /\.setup\.ts$/ },
    {
      name: 'desktop',
      grepInvert: /@mobile/,
      dependencies: ['roles'],
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 } },
    },
    {
      name: 'mobile',
      grep: /@mobile/,
      dependencies: ['roles'],
      use: { viewport: { width: 390, height: 844 }, hasTouch: true },
    },
  ],
  webServer: {
    command: 'node e2e/start-server.ts',
    cwd: '..',
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    // SIGTERM, not SIGKILL: start-server.ts then drops the database it made on DATABASE_URL.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
  },
});
