import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../app/i18n';
import { QuietSocket } from '../test/quietSocket';
import { demoProfile, renderInShell } from '../test/render';
import { AppLayout } from './AppLayout';

beforeEach(() => {
  vi.stubGlobal('WebSocket', QuietSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: { unreadNotificationCount: 3 }, code: 20000 }))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

async function renderShell(path: string) {
  await renderInShell(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/vehicles" element={<p>vehicle list</p>} />
        <Route path="/virtualization" element={<p>charts</p>} />
      </Route>
    </Routes>,
    { path, profile: demoProfile({ sys_role: 'support', download_role: 'request' }) },
  );
}

describe('AppLayout', () => {
  it("paints the sidebar's column down the whole page, not one window high", async () => {
    await renderShell('/vehicles');
    // shell.css draws the column from this width on the page's own background, which covers the
    // whole document; the fixed sidebar alone ended at the window's height on a page captured whole.
    const width = document.documentElement.style.getPropertyValue('--fl-sider-width');
    expect(width).toMatch(/^\d+px$/);
    expect(width).not.toBe('0px');
  });

  it('titles the page with an h1 and the document title', async () => {
    await renderShell('/vehicles');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Vehicles');
    await waitFor(() => expect(document.title).toBe('Vehicles - FleetLens v3'));
    expect(screen.getByText('vehicle list')).toBeTruthy();
  });

  it('shows the main menu, the visited tabs and the top-bar buttons', async () => {
    await renderShell('/vehicles');
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    const tabs = screen.getByRole('tablist', { name: 'Visited pages' });
    await waitFor(() =>
      expect(
        within(tabs)
          .getAllByRole('tab')
          .map((t) => t.textContent),
      ).toEqual(['Charts', 'Vehicles']),
    );
    expect(screen.getByRole('button', { name: 'Toggle sidebar' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Language' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /User menu$/ }));
    expect(await screen.findByRole('menuitem', { name: 'Log out' })).toBeTruthy();
  });

  it('on a phone hides the menu in a drawer that the Open menu button shows', async () => {
    const width = window.innerWidth;
    window.innerWidth = 400;
    try {
      await renderShell('/vehicles');
      expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
      fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
      expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    } finally {
      window.innerWidth = width;
    }
  });
});

/** The texts of the tooltips on show (antd keeps a closed one in the page, hidden). */
function shownTooltips(): string[] {
  return screen
    .queryAllByRole('tooltip', { hidden: true })
    .filter((tip) => !tip.closest('.ant-tooltip-hidden'))
    .map((tip) => tip.textContent ?? '');
}

/** Points at a button and waits for a tooltip of `text`. */
async function expectTooltip(button: HTMLElement, text: string) {
  fireEvent.mouseEnter(button);
  await waitFor(() =>
    expect(screen.getAllByRole('tooltip', { hidden: true }).map((tip) => tip.textContent)).toContain(text),
  );
  fireEvent.mouseLeave(button);
}

// Each icon's accessible name (the bell's says its count too) and its tooltip, in two languages.
const ICONS: Record<'en' | 'ja', [RegExp, string][]> = {
  en: [
    [/^Toggle sidebar$/, 'Toggle sidebar'],
    [/^Full screen$/, 'Full screen'],
    [/^Size$/, 'Size'],
    [/^Language$/, 'Language'],
    [/^Notifications: 3$/, 'Notifications'],
    [/^Settings$/, 'Settings'],
    [/User menu$/, 'User menu'],
  ],
  ja: [
    [/^サイドバーの切り替え$/, 'サイドバーの切り替え'],
    [/^全画面表示$/, '全画面表示'],
    [/^サイズ$/, 'サイズ'],
    [/^言語$/, '言語'],
    [/^お知らせ: 3$/, 'お知らせ'],
    [/^設定$/, '設定'],
    [/ユーザーメニュー$/, 'ユーザーメニュー'],
  ],
};

describe('the top bar icons', () => {
  afterEach(async () => {
    await changeLanguage('en');
  });

  // The whole shell in a simulated DOM, in two languages: more than the default seconds when busy.
  it('keep their names and say what they do in a tooltip, in the language', { timeout: 60_000 }, async () => {
    await renderShell('/vehicles');
    for (const [name, tip] of ICONS.en) await expectTooltip(await screen.findByRole('button', { name }), tip);
    // Under the pointer, the open menu hides the tooltip, which would cover its first entry.
    const language = screen.getByRole('button', { name: 'Language' });
    fireEvent.mouseEnter(language);
    fireEvent.click(language);
    await screen.findByRole('menuitem', { name: '日本語' });
    await waitFor(() => expect(shownTooltips()).not.toContain('Language'));
    fireEvent.click(await screen.findByRole('menuitem', { name: '日本語' }));
    await waitFor(() => expect(document.documentElement.lang).toBe('ja'));
    for (const [name, tip] of ICONS.ja) await expectTooltip(await screen.findByRole('button', { name }), tip);
  });
});
