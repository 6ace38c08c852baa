import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
