// The spec's list parameters; without paging the server's default (perPage 10000) applies.
export type ListParams = {
  page?: number;
  perPage?: number;
  orderBy?: string;
  order?: 'asc' | 'desc';
  filter?: Record<string, unknown>;
};

export type ListAnswer<T> = { items: T[]; total: number; page: number; perPage: number };

export function listQuery(params: ListParams = {}): Record<string, string | number | undefined> {
  const filter = params.filter
    ? Object.fromEntries(Object.entries(params.filter).filter(([, v]) => v !== undefined && v !== ''))
    : undefined;
  return {
    perPage: params.perPage,
    page: params.page,
    order_by: params.orderBy,
    order: params.orderBy ? (params.order ?? 'asc') : undefined,
    filter: filter && Object.keys(filter).length > 0 ? JSON.stringify(filter) : undefined,
  };
}
