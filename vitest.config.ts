import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: contracts and server on Node, web components on happy-dom.
// The Node projects' files share their worker's modules (isolate: false): importing the server
// anew for every file was most of the run (210 s → about 90 s); a test restores what it changes
// (timers, i18n's language). The web's files are isolated (their module mocks must hold), which
// costs a few seconds; src/test/setup.ts clears the DOM and storage after each test.
export default defineConfig({
  test: {
    // Each server file opens its own database. Three workers on two cores: a server file that waits
    // (a device's next report, a clip's encoder, a lease running out) leaves its core to another
    // (server suite 129 s on two workers, 110 s on three, 110 s on four).
    maxWorkers: 3,
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'simulator',
          include: ['apps/simulator/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A push over a socket or a job's effect polled for: a second (the default) is short on
          // two cores loaded by other runs, where a live test failed waiting 1 s for its message.
          expect: { poll: { timeout: 10_000 } },
          isolate: false,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // Each file its own modules: screens' tests mock their feature's api module (vi.mock),
          // and a module another file had already loaded unmocked answered them from the network
          // (a users-list test failed in CI only, by the order files met in a worker).
          isolate: true,
          // Files share globals too: a stubbed fetch or WebSocket is put back after every test.
          unstubGlobals: true,
          // It extends the web's Vite config, not this one: name the pool size again. Two workers:
          // its files only compute (a third gained nothing), so they run as a group of their own
          // after the Node projects' files.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // A file's first test loads antd and the screen's modules: on two cores busy with the
          // stories' server that took over 5 s (Vitest's default) without anything being wrong.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
