import { DEMO_SIDEBARS } from '@fleetlens/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useNavigate } from 'react-router';
import { describe, expect, it } from 'vitest';
import { flattenRoutes } from '../routes/match';
import { permittedRoutes } from '../routes/permitted';
import { demoProfile, renderInShell } from '../test/render';
import { SidebarMenu } from './Sidebar';

async function sidebarEntries(claims: Record<string, unknown>): Promise<string[]> {
  const profile = demoProfile(claims);
  const tree = permittedRoutes(profile);
  await renderInShell(<SidebarMenu routes={tree} flat={flattenRoutes(tree)} collapsed={false} />, {
    profile,
  });
  const nav = screen.getByRole('navigation', { name: 'Main menu' });
  const root = nav.querySelector('.ant-menu-root');
  if (!root) throw new Error('no menu');
  return [...root.children]
    .filter((li) => li.matches('li.ant-menu-item, li.ant-menu-submenu'))
    .map((li) => (li.querySelector('.ant-menu-title-content')?.textContent ?? '').trim());
}

// Stands for a tab or a typed URL: a navigation that does not go through the menu.
function GoTo() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => navigate('/roles/new')}>
      go
    </button>
  );
}

describe('SidebarMenu', () => {
  it('shows kitting the provider areas it prepares, and no users', async () => {
    const entries = await sidebarEntries({ sys_role: 'kitting', download_role: 'request' });
    expect(entries).toEqual(DEMO_SIDEBARS.kitting.entries);
    expect(entries).not.toContain('Users');
    expect(entries).not.toContain('Charts');
  });

  it('gives an operator without a custom role and download role none only charts and notices', async () => {
    const entries = await sidebarEntries({ sys_role: 'user', download_role: 'none', privileges: [] });
    expect(entries).toEqual(DEMO_SIDEBARS.operator.entries);
  });

  it('gives admin every section', async () => {
    const entries = await sidebarEntries({ sys_role: 'admin' });
    expect(entries).toHaveLength(17);
    expect(entries[0]).toBe('Charts');
    expect(entries).toContain('Users');
    expect(entries.at(-1)).toBe('Notices');
  });

  it('shows the pages of an opened section as menu items', async () => {
    const profile = demoProfile({ sys_role: 'admin' });
    const tree = permittedRoutes(profile);
    await renderInShell(<SidebarMenu routes={tree} flat={flattenRoutes(tree)} collapsed={false} />, {
      profile,
      path: '/roles',
    });
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('menuitem', { name: 'Roles' })).toBeTruthy();
  });

  it('opens the section of a page reached later, by URL or from a tab', async () => {
    const profile = demoProfile({ sys_role: 'admin' });
    const tree = permittedRoutes(profile);
    await renderInShell(
      <>
        <GoTo />
        <SidebarMenu routes={tree} flat={flattenRoutes(tree)} collapsed={false} />
      </>,
      { profile, path: '/virtualization' },
    );
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).queryByRole('menuitem', { name: 'Roles' })).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'go' })));
    const roles = await within(nav).findByRole('menuitem', { name: 'Roles' });
    expect(roles.closest('li')?.classList.contains('ant-menu-item-selected')).toBe(true);
  });

  it('shows the whole text of a label that does not fit as a tooltip, and none on labels that fit', async () => {
    const profile = demoProfile({ sys_role: 'admin' });
    const tree = permittedRoutes(profile);
    await renderInShell(<SidebarMenu routes={tree} flat={flattenRoutes(tree)} collapsed={false} />, {
      profile,
      language: 'my',
    });
    const labels = [...document.querySelectorAll<HTMLElement>('nav .ant-menu-root > li .fl-fit-label')];
    expect(labels.length).toBeGreaterThan(10);
    const [long, short] = labels as [HTMLElement, HTMLElement];
    // jsdom does not lay out: give one label more text than room, as Burmese has in the sider.
    Object.defineProperty(long, 'scrollWidth', { value: 260 });
    Object.defineProperty(long, 'clientWidth', { value: 150 });
    Object.defineProperty(short, 'scrollWidth', { value: 80 });
    Object.defineProperty(short, 'clientWidth', { value: 150 });
    fireEvent.mouseEnter(long);
    fireEvent.mouseEnter(short);
    expect(long.title).toBe(long.textContent);
    expect(long.title).not.toBe('');
    expect(short.hasAttribute('title')).toBe(false);
  });
});
