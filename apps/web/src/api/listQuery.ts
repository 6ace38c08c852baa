// The list parameters every list call takes (contracts listQuerySchema): page, perPage (the
// server answers up to 10000 when none is given), order_by, order and a free-text filter.
import type { ListPage } from '@fleetlens/contracts';

export type ListParams = {
  page?: number;
  perPage?: number;
  orderBy?: string;
  order?: 'asc' | 'desc';
  filter?: string;
};

export type ListAnswer<T> = ListPage<T>;

export function listQuery(params: ListParams = {}): Record<string, string | number | undefined> {
  const filter = params.filter?.trim();
  return {
    perPage: params.perPage,
    page: params.page,
    order_by: params.orderBy,
    order: params.orderBy ? (params.order ?? 'asc') : undefined,
    filter: filter ? filter : undefined,
  };
}
