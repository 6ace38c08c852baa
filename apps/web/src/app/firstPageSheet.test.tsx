import { readFileSync } from 'node:fs';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  antdSheetPath,
  blocks,
  componentOf,
  FIRST_PAGE_COMPONENTS,
  firstPageSheet,
} from '../../firstPageSheet';
import { AppRoutes } from '../routes/AppRoutes';
import { ElsewherePage } from '../routes/ElsewherePage';
import { LoginPage } from '../routes/LoginPage';
import { FullPageLoader } from '../shell/FullPageLoader';
import { ForbiddenPage } from '../shell/pages/ForbiddenPage';
import { NotFoundPage } from '../shell/pages/NotFoundPage';
import { renderInShell } from '../test/render';
import { ErrorBoundary } from './ErrorBoundary';
import { NewVersionNotice } from './NewVersionNotice';

const sheet = readFileSync(antdSheetPath(), 'utf8');

/** The antd classes on the page (portals included) whose component's rules the first page lacks. */
function classesWithoutRules(): string[] {
  const classes = new Set([...document.querySelectorAll('[class]')].flatMap((e) => [...e.classList]));
  const wanted = new Set<string>(FIRST_PAGE_COMPONENTS);
  return [...classes].filter((c) => {
    const component = componentOf(`.${c}`);
    return component !== undefined && !wanted.has(component);
  });
}

function Broken(): never {
  throw new Error('broken screen');
}

describe("the first page's part of antd's sheet", () => {
  it('splits a sheet into its top-level blocks, braces in strings and at-rules included', () => {
    expect(blocks('a{b:c}@media (x){.d{e:f}.g{h:i}}.j::after{content:"}{"}@layer x;')).toEqual([
      'a{b:c}',
      '@media (x){.d{e:f}.g{h:i}}',
      '.j::after{content:"}{"}',
      '@layer x;',
    ]);
  });

  it('keeps the base and the first-page components’ rules, in the sheet’s order, and nothing else', () => {
    const part = firstPageSheet(sheet);
    for (const rule of [
      'a{',
      '.anticon{',
      '.ant-btn{',
      '.ant-spin{',
      '.ant-result{',
      '.ant-app{',
      '@keyframes',
    ]) {
      expect(part).toContain(rule);
    }
    expect(part).not.toMatch(/\.ant-(table|select|picker|menu|layout|form|modal|input)\b/);
    // The generator's variables never match in a browser (antd writes its own at run time).
    expect(part).not.toContain('.css-var-_R_');
    let at = 0;
    for (const block of blocks(part).filter((b) => !/^@(media|supports|container)/.test(b))) {
      const found = sheet.indexOf(block, at);
      expect(found, block.slice(0, 80)).toBeGreaterThanOrEqual(at);
      at = found + block.length;
    }
    expect(part.length).toBeLessThan(sheet.length / 10);
  });

  it('covers every antd class the pages before the shell draw', async () => {
    await renderInShell(<NotFoundPage />, { profile: null, path: '/404' });
    await renderInShell(<ForbiddenPage />, { profile: null, path: '/403' });
    await renderInShell(<FullPageLoader text="Loading" />, { profile: null });
    await renderInShell(<NewVersionNotice />, { profile: null });
    await renderInShell(<ElsewherePage />, { profile: null });
    await renderInShell(<AppRoutes />, { profile: null, path: '/', auth: { status: 'error' } });
    await renderInShell(<LoginPage />, {
      profile: null,
      path: '/login',
      auth: { status: 'signedOut', login: async () => Promise.reject(new Error('The sign-in page is down')) },
    });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await renderInShell(
      <ErrorBoundary title="Broken" retryText="Again">
        <Broken />
      </ErrorBoundary>,
      { profile: null },
    );
    await screen.findByText('The sign-in page is down');
    expect(screen.getByText('broken screen')).toBeTruthy();
    expect(document.querySelector('.ant-spin')).toBeTruthy();
    expect(document.querySelector('.ant-typography')).toBeTruthy();
    expect(classesWithoutRules()).toEqual([]);
  });
});
