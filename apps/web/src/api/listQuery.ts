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
export type ListFetch<T, P extends ListParams> = (
  params: P,
  options?: ListFetchOptions,
) => Promise<ListAnswer<T>>;

/** The GET of a list at `path`, with its parameters as the query. */
export const listFetch =
  <T, P extends ListParams = ListParams>(path: string): ListFetch<T, P> =>
  (params, options) =>
    api.get<ListAnswer<T>>(path, { ...options, query: listQuery(params) });
