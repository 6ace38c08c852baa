// Fails when the first page (what index.html loads before anything runs: its module scripts, the
// chunks it modulepreloads and its style sheets) exceeds the budget, JavaScript and CSS together,
// measured gzip-compressed as served. What loads later (the shell, each screen, charts, maps, a
// language's texts and fonts) is not counted: keep it out of index.html.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = Number(process.env.FIRST_PAGE_BUDGET_KB ?? 250);
const dist = join(import.meta.dirname, '../apps/web/dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');

const scripts = [...html.matchAll(/<script[^>]+type="module"[^>]+src="([^"]+)"/g)].map((m) => m[1]);
const preloads = [...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
const sheets = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((m) => m[1]);
const js = [...new Set([...scripts, ...preloads])].filter((f): f is string => Boolean(f));
const css = [...new Set(sheets)].filter((f): f is string => Boolean(f));
if (js.length === 0) {
  console.error('size budget: index.html loads no module script; is apps/web/dist a Vite build?');
  process.exit(1);
}

/** Prints each file's gzip size and returns their sum in KB. */
function measure(files: string[]): number {
  let total = 0;
  for (const file of files) {
    const bytes = gzipSync(readFileSync(join(dist, file.replace(/^\//, '')))).length;
    total += bytes;
    console.log(`  ${(bytes / 1024).toFixed(1).padStart(7)} KB  ${file}`);
  }
  return total / 1024;
}

const jsKb = measure(js);
const cssKb = measure(css);
const kb = jsKb + cssKb;
console.log(
  `first page: ${jsKb.toFixed(1)} KB JavaScript + ${cssKb.toFixed(1)} KB CSS = ${kb.toFixed(1)} KB gzip (budget ${BUDGET_KB} KB)`,
);
if (kb > BUDGET_KB) {
  console.error(
    `size budget exceeded by ${(kb - BUDGET_KB).toFixed(1)} KB: split routes, keep heavy libraries and sheets lazy`,
  );
  process.exit(1);
}
