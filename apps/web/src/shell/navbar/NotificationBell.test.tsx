import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInShell } from '../../test/render';
import { BellBadge, NotificationBell } from './NotificationBell';

function badgeText(count: number): string {
  const { container } = render(<BellBadge count={count} />);
  return container.querySelector('.ant-badge-count')?.textContent ?? '';
}

describe('BellBadge', () => {
  it('shows the unread count up to 99', () => {
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
  });

  it('caps the count at 99+', () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(1234)).toBe('99+');
  });

  it('shows no badge without unread notifications', () => {
    expect(badgeText(0)).toBe('');
  });
});

const notice = (id: string, title: string) => ({ id, title, description: '', type: 'info' });

// The server's answers, by path: the count, the current notices (newest first), the "opened" mark.
function serve(unread: number, titles: string[]) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      asked.push(String(url));
      const data = String(url).includes('/unread-count')
        ? { unreadNotificationCount: unread }
        : String(url).includes('/notifications?')
          ? { list: titles.map((t, i) => notice(`n${i}`, t)), total: titles.length }
          : {};
      return new Response(JSON.stringify({ data, code: 20000 }));
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openBell(unread: string) {
  await renderInShell(<NotificationBell userId="u-1" />, { path: '/' });
  fireEvent.click(await screen.findByRole('button', { name: `Notifications: ${unread}` }));
}

describe('NotificationBell', () => {
  it("lists the unread notices' titles, each linking to the notice list, and a see-all link", async () => {
    const asked = serve(2, ['Maintenance tonight', 'New firmware']);
    await openBell('2');
    const list = await screen.findByRole('list', { name: 'Latest unread notifications' });
    const links = within(list).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(['Maintenance tonight', 'New firmware']);
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/notifications/listings',
      '/notifications/listings',
    ]);
    expect(screen.getByText('Unread notifications: 2')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See all notifications' })).toBeTruthy();
    // Only as many rows as are unread are asked for.
    expect(asked.some((u) => u.includes('/notifications?') && u.includes('perPage=2'))).toBe(true);
  });

  it('lists at most five titles, the rest behind see all', async () => {
    serve(8, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    await openBell('8');
    const list = await screen.findByRole('list', { name: 'Latest unread notifications' });
    expect(within(list).getAllByRole('link')).toHaveLength(5);
  });

  it('says there is nothing unread, without a list, when the count is 0', async () => {
    serve(0, ['old']);
    await renderInShell(<NotificationBell userId="u-1" />, { path: '/' });
    fireEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    await waitFor(() => expect(screen.getByText('No unread notifications')).toBeTruthy());
    expect(screen.queryByRole('list')).toBeNull();
  });
});
