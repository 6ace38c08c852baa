/// <reference types="node" />
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdFirstPageSheet } from './firstPageSheet.ts';

const backend = 'http://localhost:8080';

/** Text the browser downloads; fonts in woff2 and images are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|woff|txt)$/;

/**
 * Writes a .br and a .gz beside every compressible file of the build, at the strongest settings
 * (once per build, not per request); the server sends them to browsers that accept them
 * (apps/server/src/platform/web.ts, @fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'fleetlens-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const brotli = promisify(brotliCompress);
      const gz = promisify(gzip);
      const files = Object.values(bundle).filter((file) => COMPRESSIBLE.test(file.fileName));
      await Promise.all(
        files.map(async (file) => {
          const source = file.type === 'chunk' ? file.code : file.source;
          const bytes = typeof source === 'string' ? Buffer.from(source) : Buffer.from(source);
          if (bytes.length < 1024) return;
          const path = join(outDir, file.fileName);
          const params = {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          };
          await writeFile(`${path}.br`, await brotli(bytes, { params }));
          await writeFile(`${path}.gz`, await gz(bytes, { level: 9 }));
        }),
      );
    },
  };
}

// The server serves the built app on one port; in development Vite proxies the API, the live
// socket, the identity realm and the health check to it, so the browser sees one origin.
export default defineConfig({
  plugins: [react(), antdFirstPageSheet(), precompress()],
  server: {
    proxy: {
      '/api': { target: backend, ws: true, changeOrigin: true },
      '/auth': { target: backend, changeOrigin: true },
      '/healthz': { target: backend, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1200,
  },
});
