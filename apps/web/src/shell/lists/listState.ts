// The situation of a list, read from its query: loading (first load, or a retry after a
// failure), failed (with the error and a way to ask again), or ready (empty or not, narrowed by a
// filter or not). One place decides it, so every list says the same in the same situation.
export type ListState = {
  status: 'loading' | 'failed' | 'ready';
  error: unknown;
  retry: () => void;
  /** Ready and without a row. */
  empty: boolean;
  /** A search or filter is set: an empty list means "nothing matches", not "nothing yet". */
  narrowed: boolean;
};

/** The part of a TanStack query a list's state needs. */
export type ListQueryLike = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: unknown;
  refetch: () => unknown;
  data?: unknown;
};

const rowCount = (data: unknown): number => {
  if (Array.isArray(data)) return data.length;
  if (data && typeof data === 'object' && 'total' in data && typeof data.total === 'number')
    return data.total;
  return 0;
};

export function listState(query: ListQueryLike, narrowed = false): ListState {
  const status = query.isError
    ? query.isFetching
      ? 'loading'
      : 'failed'
    : query.isPending
      ? 'loading'
      : 'ready';
  return {
    status,
    error: query.error,
    retry: () => void query.refetch(),
    empty: status === 'ready' && rowCount(query.data) === 0,
    narrowed,
  };
}
