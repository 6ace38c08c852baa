import { describe, expect, it } from 'vitest';
import {
  addView,
  closeAll,
  closeOthers,
  closeView,
  emptyTags,
  makeView,
  nextPathAfterClose,
  type TagsState,
  uncache,
  updateView,
} from './tagsStore';

const charts = makeView({ path: '/virtualization', title: 'Charts', affix: true });
const users = makeView({ path: '/users', title: 'Users' });
const roles = makeView({ path: '/roles', title: 'Roles' });
const live = makeView({ path: '/event-video', title: 'Event video', noCache: true });

function open(...views: ReturnType<typeof makeView>[]): TagsState {
  return views.reduce(addView, emptyTags);
}
const paths = (s: TagsState) => s.visited.map((v) => v.path);

describe('tags store', () => {
  it('adds a tab only once per path', () => {
    const state = open(charts, users, roles, makeView({ path: '/users', title: 'Users again' }));
    expect(paths(state)).toEqual(['/virtualization', '/users', '/roles']);
    expect(state.visited[1]?.title).toBe('Users');
  });

  it('caches every view except no-cache ones', () => {
    expect(open(charts, live, users).cached).toEqual(['/virtualization', '/users']);
  });

  it('closes one tab but never an affixed one', () => {
    const state = open(charts, users, roles);
    expect(paths(closeView(state, '/users'))).toEqual(['/virtualization', '/roles']);
    expect(paths(closeView(state, '/virtualization'))).toEqual(paths(state));
  });

  it('close others keeps the chosen tab and the affixed ones', () => {
    const state = closeOthers(open(charts, users, roles), '/roles');
    expect(paths(state)).toEqual(['/virtualization', '/roles']);
    expect(state.cached).toEqual(['/virtualization', '/roles']);
  });

  it('close all keeps only the affixed tabs', () => {
    const state = closeAll(open(charts, users, roles));
    expect(paths(state)).toEqual(['/virtualization']);
    expect(nextPathAfterClose(state)).toBe('/virtualization');
    expect(nextPathAfterClose(emptyTags)).toBe('/');
  });

  it('updates a present tab in place and ignores an absent one', () => {
    const state = open(charts, users);
    const updated = updateView(
      state,
      makeView({ path: '/users', fullPath: '/users?page=2', title: 'Users' }),
    );
    expect(updated.visited[1]?.fullPath).toBe('/users?page=2');
    expect(updateView(state, roles)).toBe(state);
  });

  it('names an untitled tab no-name and uncaches on refresh', () => {
    expect(makeView({ path: '/x' }).title).toBe('no-name');
    expect(uncache(open(charts, users), '/users').cached).toEqual(['/virtualization']);
  });
});
