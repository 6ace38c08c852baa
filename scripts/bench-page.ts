// A bench page in Chromium's reach: builds the page's folder under scripts/bench/ with Vite into
// `out` and serves it on a free local port, for the benchmarks that measure drawing in a browser
// (bench-map, bench-tacho).
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { build } from 'vite';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

/** Builds `scripts/bench/<page>` into `out` and serves it; close the server when done. */
export async function serveBenchPage(page: string, out: string): Promise<{ server: Server; port: number }> {
  await build({
    configFile: false,
    root: resolve(import.meta.dirname, 'bench', page),
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
  return { server, port: typeof address === 'object' && address ? address.port : 0 };
}
