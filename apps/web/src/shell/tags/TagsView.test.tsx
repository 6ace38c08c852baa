import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInShell } from '../../test/render';
import { TagsProvider } from './TagsContext';
import { TagsView } from './TagsView';
import { addView, emptyTags, makeView } from './tagsStore';

const initial = [
  makeView({ path: '/virtualization', title: 'Charts', affix: true }),
  makeView({ path: '/vehicles', title: 'Vehicles' }),
  makeView({ path: '/users', title: 'Users' }),
].reduce(addView, emptyTags);

async function renderTags() {
  await renderInShell(
    <TagsProvider initial={initial}>
      <TagsView />
    </TagsProvider>,
    { path: '/users' },
  );
  return screen.getByRole('tablist', { name: 'Visited pages' });
}

// jsdom does not lay out, so it has no scrollIntoView: record which element asked to be shown.
const scrolled: Element[] = [];
Element.prototype.scrollIntoView = function (this: Element) {
  scrolled.push(this);
};
afterEach(() => {
  scrolled.length = 0;
});

describe('TagsView', () => {
  it('scrolls the active tab into view when the page changes, leaving the focus where it is', async () => {
    const list = await renderTags();
    const users = within(list).getByRole('tab', { name: /Users/ });
    expect(scrolled.at(-1)).toBe(users);
    const vehicles = within(list).getByRole('tab', { name: /Vehicles/ });
    fireEvent.click(vehicles);
    expect(vehicles.getAttribute('aria-selected')).toBe('true');
    expect(scrolled.at(-1)).toBe(vehicles);
    expect(document.activeElement).not.toBe(vehicles);
  });

  it('lists the visited pages as tabs, the current one selected', async () => {
    const tabs = within(await renderTags()).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Charts', 'Vehicles', 'Users']);
    expect(tabs[2]?.getAttribute('aria-selected')).toBe('true');
  });

  it('holds nothing but tabs: the close × is for the mouse, out of the accessibility tree', async () => {
    const list = await renderTags();
    expect(within(list).queryAllByRole('button')).toEqual([]);
    expect(within(list).getAllByTitle('Close Vehicles')).toHaveLength(1);
    expect(within(list).queryByTitle('Close Charts')).toBeNull();
    fireEvent.click(within(list).getByTitle('Close Vehicles'));
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Charts', 'Users']);
  });

  it('is one tab stop, moved through by the arrows, Home and End, and closes a tab on Delete', async () => {
    const list = await renderTags();
    const tabs = within(list).getAllByRole('tab');
    expect(tabs.map((t) => t.tabIndex)).toEqual([-1, -1, 0]);
    tabs[2]?.focus();
    fireEvent.keyDown(tabs[2] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(tabs[0]);
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'End' });
    expect(document.activeElement).toBe(tabs[2]);
    fireEvent.keyDown(tabs[2] as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]?.getAttribute('aria-keyshortcuts')).toBe('Delete');
    expect(tabs[0]?.getAttribute('aria-keyshortcuts')).toBeNull();
    fireEvent.keyDown(tabs[1] as HTMLElement, { key: 'Delete' });
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Charts', 'Users']);
    // The affixed tab stays.
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'Delete' });
    expect(within(list).getAllByRole('tab')).toHaveLength(2);
  });

  it('offers close others and close all in the context menu', async () => {
    const list = await renderTags();
    fireEvent.contextMenu(within(list).getByRole('tab', { name: /Vehicles/ }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Close all' }));
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Charts']);
  });
});
