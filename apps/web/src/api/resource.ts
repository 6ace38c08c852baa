// One resource's calls and query keys from its address, the react-admin way: every resource
// the console lists answers the same five calls (list, one, create, update, delete) under
// `/api/v1/<name>`, and its query keys start with that name. A feature's `api.ts` names them in
// its own words (`fetchVehicles`, `vehicleKeys`) and adds only what is its own (a sub-resource,
// the options of a form's picker).
import type {
  BodyOf,
  DetailOf,
  RecordOf,
  ResourceDescription,
  ResourceListParams,
  RowOf,
  UpdateBodyOf,
} from '@fleetlens/contracts';
import { useQuery } from '@tanstack/react-query';
import { api } from './client';
import { type ListFetch, type ListParams, listFetch } from './listQuery';

/** The calls of one resource and its query keys (`T` the record, `R` a list's row, `O` one's answer). */
export type ResourceApi<T, P extends ListParams, Body, Update, R = T, O = T> = ReturnType<
  typeof callsOf<T, P, Body, Update, R, O>
>;

/**
 * The calls of a resource described in contracts (`resourceApi(vehicleModelResource)`): its
 * record, rows, list parameters and bodies are the description's schemas' types, and the
 * description rides along (`.resource`) for the list, edit and delete hooks to read its pages.
 */
export function resourceApi<const D extends ResourceDescription>(
  description: D,
): ResourceApi<RecordOf<D>, ResourceListParams<D>, BodyOf<D>, UpdateBodyOf<D>, RowOf<D>, DetailOf<D>> & {
  resource: D;
};
/**
 * The calls of `/api/v1<base>` of a resource not described in contracts: `T` is the record the
 * server answers (contracts), `P` the list's parameters (`ListParamsOf<typeof xListQuerySchema>`),
 * `Body` what a create sends, `Update` what an update sends.
 */
export function resourceApi<T, P extends ListParams = ListParams, Body = never, Update = Body>(
  base: string,
): ResourceApi<T, P, Body, Update>;
export function resourceApi(target: string | ResourceDescription) {
  if (typeof target === 'string') return callsOf(target);
  return { ...callsOf(target.path), resource: target };
}

function callsOf<T, P extends ListParams = ListParams, Body = never, Update = Body, R = T, O = T>(
  base: string,
) {
  const name = base.slice(1);
  /** A record's address, with a sub-path (`/history`) when given. */
  const path = (id: string, rest = '') => `${base}/${encodeURIComponent(id)}${rest}`;
  return {
    name,
    path,
    keys: {
      all: [name] as const,
      list: (params: P) => [name, 'list', params] as const,
      one: (id: string) => [name, 'one', id] as const,
    },
    list: listFetch<R, P>(base),
    one: (id: string) => api.get<O>(path(id)),
    create: (body: Body) => api.post<T>(base, body),
    update: (id: string, body: Update) => api.put<T>(path(id), body),
    remove: (id: string) => api.delete<unknown>(path(id)),
  };
}

/** What a list query needs of a resource: its name, its list key and its list call. */
export type ListResource<T, P extends ListParams> = {
  name: string;
  /** The resource's description, when it has one: its pages (the list's "New"). */
  resource?: ResourceDescription;
  keys: { list: (params: P) => readonly unknown[] };
  list: ListFetch<T, P>;
};

/** Every row of a list's parameters (a form's or a filter's picker), while `enabled`. */
export function useResourceRows<T, P extends ListParams>(
  resource: ListResource<T, P>,
  params: P,
  enabled = true,
): T[] {
  const query = useQuery({
    queryKey: resource.keys.list(params),
    queryFn: () => resource.list(params),
    enabled,
  });
  return query.data?.list ?? [];
}

/** Rows as a picker's options: the id chosen, the name shown. */
export const nameOptions = (rows: { id: string; name: string }[]) =>
  rows.map((row) => ({ value: row.id, label: row.name }));
