// Fails when the JavaScript of the first page (what index.html loads: its module scripts and
// the chunks it modulepreloads) exceeds the budget, measured gzip-compressed as served.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.FIRST_PAGE_BUDGET_KB ?? 350);
const dist = join(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
const files = [...new Set([...scripts, ...preloads])].filter((f): f is string => Boolean(f));
if (files.length === 0) {
  console.error('size budget: index.html loads no module script; is apps/web/dist a Vite build?');
  process.exit(1);
}

let total = 0;
for (const file of files) {
  const bytes = gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length;
  total += bytes;
  console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`first page JavaScript: ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`);
if (kb > BUDGET_KB) {
  console.error(
    `size budget exceeded by ${(kb - BUDGET_KB).toFixed(1)} KB: split routes, keep heavy libraries lazy`,
  );
  process.exit(1);
}
