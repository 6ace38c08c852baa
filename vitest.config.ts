import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace: contracts and server on Node, web components on happy-dom.
// Files of a project share their worker's modules (isolate: false): importing the server or the
// web app anew for every file was most of the run (210 s → about 90 s). A test restores what it
// changes (timers, i18n's language); src/test/setup.ts clears the DOM and storage after each.
export default defineConfig({
  test: {
    // Each server file opens its own database; two cores, so keep the pool small.
    maxWorkers: 2,
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
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
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
          isolate: false,
          // Files share globals too: a stubbed fetch or WebSocket is put back after every test.
          unstubGlobals: true,
          // It extends the web's Vite config, not this one: name the pool size again.
          maxWorkers: 2,
          // A file's first test loads antd and the screen's modules: on two cores busy with the
          // stories' server that took over 5 s (Vitest's default) without anything being wrong.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
