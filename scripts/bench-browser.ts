// The browser benchmarks' scaffolding: a page of scripts/bench/<name> built with Vite (the
// product's components, as the console builds them), served from a throwaway folder on a free
// local port, and headless Chromium (/usr/bin/chromium) to open it. `close` ends both.
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { chromium } from 'playwright-core';
import { build } from 'vite';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** Builds and serves scripts/bench/<name>, and starts Chromium with `flags`. */
export async function benchPage(name: string, flags: string[] = []) {
  const out = `/tmp/fleetlens-bench-${name}`;
  await build({
    configFile: false,
    root: resolve(import.meta.dirname, 'bench', name),
    plugins: [react()],
    logLevel: 'warn',
    build: { outDir: out, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
  const server = createServer(async (req, res) => {
    const asked = new URL(req.url ?? '/', 'http://bench').pathname;
    const path = asked === '/' ? '/index.html' : asked;
    try {
      const body = await readFile(join(out, path));
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: flags });
  return {
    browser,
    url: `http://127.0.0.1:${port}/`,
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}
