import { createContext, type ReactNode, useContext, useMemo, useState } from 'react';
import * as store from './tagsStore';

export type TagsApi = {
  state: store.TagsState;
  add: (view: store.VisitedView) => void;
  update: (view: store.VisitedView) => void;
  close: (path: string) => store.TagsState;
  closeOthers: (path: string) => void;
  closeAll: () => store.TagsState;
  uncache: (path: string) => void;
  reset: (affixed: store.VisitedView[]) => void;
};

const TagsContext = createContext<TagsApi | null>(null);

export function useTags(): TagsApi {
  const value = useContext(TagsContext);
  if (!value) throw new Error('useTags outside TagsProvider');
  return value;
}

/** The tabs, or null outside the shell (a screen rendered alone, as in its tests). */
export function useTagsIfShown(): TagsApi | null {
  return useContext(TagsContext);
}

export type TagsProviderProps = { children: ReactNode; initial?: store.TagsState };

export function TagsProvider({ children, initial = store.emptyTags }: TagsProviderProps) {
  const [state, setState] = useState(initial);
  // Closing returns the new state so callers can pick the next tab without waiting a render.
  const api = useMemo<TagsApi>(() => {
    const apply = (fn: (s: store.TagsState) => store.TagsState) => {
      const next = fn(state);
      if (next !== state) setState(next);
      return next;
    };
    return {
      state,
      add: (view) => setState((s) => store.addView(s, view)),
      update: (view) => setState((s) => store.updateView(s, view)),
      close: (path) => apply((s) => store.closeView(s, path)),
      closeOthers: (path) => void apply((s) => store.closeOthers(s, path)),
      closeAll: () => apply(store.closeAll),
      uncache: (path) => setState((s) => store.uncache(s, path)),
      reset: (affixed) => setState(affixed.reduce(store.addView, store.emptyTags)),
    };
  }, [state]);
  return <TagsContext.Provider value={api}>{children}</TagsContext.Provider>;
}
