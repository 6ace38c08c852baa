// The visited-tab rules (spec §4): a tab is added only if its path is not present; close one,
// close others, close all; affixed tabs stay; a view is cached unless marked no-cache.
export type VisitedView = {
  path: string;
  /** Path with query, what the tab navigates back to. */
  fullPath: string;
  name: string;
  /** The title's translation key (route namespace), translated when shown: tabs follow the language. */
  title: string;
  affix: boolean;
  noCache: boolean;
};

export type TagsState = { visited: VisitedView[]; cached: string[] };

export const emptyTags: TagsState = { visited: [], cached: [] };

const DEFAULT_TITLE = 'no-name';

export function makeView(input: Partial<VisitedView> & { path: string }): VisitedView {
  return {
    path: input.path,
    fullPath: input.fullPath ?? input.path,
    name: input.name ?? input.path,
    title: input.title || DEFAULT_TITLE,
    affix: input.affix ?? false,
    noCache: input.noCache ?? false,
  };
}

function cachedOf(visited: VisitedView[]): string[] {
  return visited.filter((v) => !v.noCache).map((v) => v.path);
}

export function addView(state: TagsState, view: VisitedView): TagsState {
  if (state.visited.some((v) => v.path === view.path)) return state;
  const visited = [...state.visited, view];
  return { visited, cached: cachedOf(visited) };
}

/** Updates a present tab (its query or title) in place. */
export function updateView(state: TagsState, view: VisitedView): TagsState {
  if (!state.visited.some((v) => v.path === view.path)) return state;
  const visited = state.visited.map((v) => (v.path === view.path ? { ...v, ...view } : v));
  return { visited, cached: cachedOf(visited) };
}

export function closeView(state: TagsState, path: string): TagsState {
  const visited = state.visited.filter((v) => v.path !== path || v.affix);
  return { visited, cached: cachedOf(visited) };
}

export function closeOthers(state: TagsState, path: string): TagsState {
  const visited = state.visited.filter((v) => v.affix || v.path === path);
  return { visited, cached: cachedOf(visited) };
}

export function closeAll(state: TagsState): TagsState {
  const visited = state.visited.filter((v) => v.affix);
  return { visited, cached: cachedOf(visited) };
}

/** Drops a view from the cache only, so it mounts afresh on the next visit (refresh). */
export function uncache(state: TagsState, path: string): TagsState {
  return { ...state, cached: state.cached.filter((p) => p !== path) };
}

/** Where to go after closing the active tab: the last remaining tab, else home. */
export function nextPathAfterClose(state: TagsState): string {
  return state.visited.at(-1)?.fullPath ?? '/';
}
