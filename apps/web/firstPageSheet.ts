/// <reference types="node" />
// antd's static sheet (antd/dist/antd.css, about 100 KB gzip) held back from the first page.
// The pages shown before the console's shell (the sign-in hand-over, its failure, 403, 404, the
// boot error) draw only a few components: their rules, cut from the same sheet in the sheet's
// order, are the first page's `virtual:antd-first-page.css`; the whole sheet loads with the shell
// (AppLayout), so every rule a screen had before is there, in the same order. The early copies
// change nothing there: each rule comes again later at its own place, and a rule that beat it
// before still comes after it or is more specific.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

/** What the pages before the shell draw: antd's class names (`ant-<prefix>…`) of their components. */
export const FIRST_PAGE_COMPONENTS = ['app', 'btn', 'result', 'spin', 'typography', 'wave'] as const;

const ID = 'virtual:antd-first-page.css';
// A path-like id, so Vite's CSS handling takes it as a sheet (a `\0` id it would leave alone).
const RESOLVED = '/@fleetlens/antd-first-page.css';

/** Top-level blocks of a minified sheet: `selector{…}` and `@rule …{…}` (or `@rule …;`). */
export function blocks(css: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  let quote: string | null = null;
  for (let i = 0; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '/' && css[i + 1] === '*') i = css.indexOf('*/', i + 2) + 1 || css.length;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      out.push(css.slice(start, i + 1).trim());
      start = i + 1;
    } else if (c === ';' && depth === 0) {
      out.push(css.slice(start, i + 1).trim());
      start = i + 1;
    }
  }
  return out.filter(Boolean);
}

const COMPONENT_CLASS = /\.ant-([a-z]+)/g;
// Classes of antd's motions and helpers, not of a component: a rule led by one of them belongs
// to the component further in its selector, or to none.
const NOT_COMPONENTS = new Set(['slide', 'zoom', 'fade', 'move', 'motion', 'css']);
// `.css-var-_R_0_` holds the variables the generator of the sheet saw; in the browser antd writes
// them under its own lower-case class at run time, so these never match.
const GENERATOR_VARIABLES = /^\.css-var-_R_/;

/** The antd component a rule belongs to (the first component class of its selector), if any. */
export function componentOf(selector: string): string | undefined {
  for (const [, prefix] of selector.matchAll(COMPONENT_CLASS)) {
    if (prefix && !NOT_COMPONENTS.has(prefix)) return prefix;
  }
  return undefined;
}

/** Keeps a block when the first page needs it; a grouping at-rule keeps the rules it needs. */
function keep(block: string, wanted: ReadonlySet<string>): string | undefined {
  const brace = block.indexOf('{');
  const head = block.slice(0, brace).trim();
  if (head.startsWith('@')) {
    if (/^@(-webkit-)?keyframes\b/.test(head)) return block;
    if (/^@(media|supports|container|layer)\b/.test(head)) {
      const inner = blocks(block.slice(brace + 1, -1))
        .map((b) => keep(b, wanted))
        .filter(Boolean);
      return inner.length > 0 ? `${head}{${inner.join('')}}` : undefined;
    }
    return undefined;
  }
  if (GENERATOR_VARIABLES.test(head)) return undefined;
  const component = componentOf(head);
  if (component !== undefined) return wanted.has(component) ? block : undefined;
  // No component class: the sheet's own base (links, icons) stays; motions' and the generator's
  // markers are for components that come with the shell.
  return /\.ant-|\.data-ant-/.test(head) ? undefined : block;
}

/** The first page's part of antd's sheet, in the sheet's order. */
export function firstPageSheet(css: string, components: readonly string[] = FIRST_PAGE_COMPONENTS): string {
  const wanted = new Set(components);
  return blocks(css)
    .map((b) => keep(b, wanted))
    .filter(Boolean)
    .join('\n');
}

export function antdSheetPath(): string {
  return createRequire(import.meta.url).resolve('antd/dist/antd.css');
}

/** `import 'virtual:antd-first-page.css'`: the first page's part of antd's static sheet. */
export function antdFirstPageSheet(): Plugin {
  return {
    name: 'fleetlens-antd-first-page-sheet',
    resolveId(id) {
      return id === ID ? RESOLVED : undefined;
    },
    load(id) {
      if (id !== RESOLVED) return undefined;
      const path = antdSheetPath();
      this.addWatchFile(path);
      return firstPageSheet(readFileSync(path, 'utf8'));
    },
  };
}
