import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

describe('TagsView', () => {
  it('lists the visited pages as tabs, the current one selected', async () => {
    const tabs = within(await renderTags()).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Charts', 'Vehicles', 'Users']);
    expect(tabs[2]?.getAttribute('aria-selected')).toBe('true');
  });

  it('gives every closable tab a close button named after it, and none to the affixed tab', async () => {
    const list = await renderTags();
    expect(within(list).getByRole('button', { name: 'Close Vehicles' })).toBeTruthy();
    expect(within(list).queryByRole('button', { name: 'Close Charts' })).toBeNull();
    fireEvent.click(within(list).getByRole('button', { name: 'Close Vehicles' }));
    expect(
      within(list)
        .getAllByRole('tab')
        .map((t) => t.textContent),
    ).toEqual(['Charts', 'Users']);
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
