// A console route the user may not open says so inside the console (menu and tabs stay), and an
// address the console does not know is still the 404 page.
import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QuietSocket } from '../test/quietSocket';
import { demoProfile, renderInShell } from '../test/render';
import { AppRoutes } from './AppRoutes';

beforeEach(() => {
  vi.stubGlobal('WebSocket', QuietSocket);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ data: { unreadNotificationCount: 0 }, code: 20000 }))),
  );
});
afterEach(() => vi.unstubAllGlobals());

const sales = demoProfile({ sys_role: 'sales', download_role: 'request' });
const routes = (
  <Suspense fallback={null}>
    <AppRoutes />
  </Suspense>
);

describe('a route the user may not open', () => {
  it('shows "no access" inside the console, with its menu, not the 404 outside it', async () => {
    // Roles are for support and admin: sales may not open them.
    await renderInShell(routes, { path: '/roles', profile: sales });
    // The shell loads lazily, as in the app: on two busy cores that can take a while.
    const heading = await screen.findByRole('heading', { level: 1, name: 'No access' }, { timeout: 15_000 });
    expect(heading).toBeTruthy();
    expect(screen.getByText(/Your account may not open this page/)).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Back to home' })).toBeTruthy();
    expect(screen.queryByText('OOPS!')).toBeNull();
  });

  it('is said in the user language', async () => {
    await renderInShell(routes, { path: '/audit-log', profile: sales, language: 'ja' });
    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: 'アクセス権がありません' },
      { timeout: 15_000 },
    );
    expect(heading).toBeTruthy();
  });

  it('leaves an unknown address to the 404 page', async () => {
    await renderInShell(routes, { path: '/no-such-page', profile: sales });
    expect(await screen.findByText('OOPS!', {}, { timeout: 15_000 })).toBeTruthy();
  });
});
