// The list parameters every list call takes, typed from the list's contracts query schema
// (`ListParamsOf<typeof vehicleListQuerySchema>`): page, perPage (the server answers up to 10000
// when none is given), order_by, order, the free-text filter and the list's own filters, under
// the names the server reads. A list's call is `listFetch`: one line per list.
import type { ListPage, ListParamsOf, listQuerySchema } from '@fleetlens/contracts';
import { api, type RequestOptions } from './client';

export type ListParams = ListParamsOf<typeof listQuerySchema>;

export type ListAnswer<T> = ListPage<T>;

/** The call's query: the parameters as given, a blank search left out, an order only with a column. */
export function listQuery(params: ListParams): NonNullable<RequestOptions['query']> {
  const filter = params.filter?.trim();
  return {
    ...(params as Record<string, string | number | boolean | undefined>),
    order: params.order_by ? (params.order ?? 'asc') : undefined,
    filter: filter ? filter : undefined,
  };
}

/** How a list screen asks: `quiet` when it shows a failure itself (inline, with Retry). */
export type ListFetchOptions = Pick<RequestOptions, 'quiet' | 'signal'>;
/**
 * `A`: a list whose answer says more than its page (the event lists' cursor). `path`: the list's
 * address, whose `/export` the server answers with the same rows as a file (the list's export).
 */
export type ListFetch<T, P extends ListParams, A extends ListAnswer<T> = ListAnswer<T>> = ((
  params: P,
  options?: ListFetchOptions,
) => Promise<A>) & { path?: string };

/** The GET of a list at `path`, with its parameters as the query. */
export const listFetch = <T, P extends ListParams = ListParams, A extends ListAnswer<T> = ListAnswer<T>>(
  path: string,
): ListFetch<T, P, A> =>
  Object.assign(
    (params: P, options?: ListFetchOptions) => api.get<A>(path, { ...options, query: listQuery(params) }),
    {
      path,
    },
  );

/**
 * The GET of a list whose answer is its contracts page schema's, read off the schema (the web
 * does not depend on zod): the event lists, whose answer says more (a cursor, a bounded count).
 */
export const pageFetch = <P extends ListParams, S extends { _output: ListAnswer<unknown> }>(path: string) =>
  listFetch<S['_output']['list'][number], P, S['_output']>(path);

/**
 * A list's query keys under `prefix`: `lists` for all its pages (what a change or a push makes
 * stale), `list` for one set of parameters.
 */
export const listKeys = <P extends ListParams>(...prefix: string[]) => ({
  lists: prefix,
  list: (params: P) => [...prefix, params] as const,
});
