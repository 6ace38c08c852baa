// What every list screen shares: the list parameters (page, size, order, filters), the query
// that keeps the previous page on screen while the next loads, and the Table props for paging
// and sorting, and a page of the same rows at any size (for the export). Screens give their query
// key, their fetch and the total's wording.
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useState } from 'react';
import type { ListAnswer, ListParams } from '../../api/listQuery';

export const PAGE_SIZE = 20;

export interface PagedListOptions<T, P extends ListParams> {
  key: (params: P) => QueryKey;
  fetch: (params: P) => Promise<ListAnswer<T>>;
  initial?: Omit<P, 'page' | 'perPage'>;
  totalText: (total: number) => string;
  /** Extra paging options (e.g. the size changer). */
  pagination?: TablePaginationConfig;
}

export function usePagedList<T extends { id: string }, P extends ListParams = ListParams>(
  options: PagedListOptions<T, P>,
) {
  const initial = { page: 1, perPage: PAGE_SIZE, ...options.initial } as P;
  const [params, setParams] = useState<P>(initial);
  const { data, isFetching } = useQuery({
    queryKey: options.key(params),
    queryFn: () => options.fetch(params),
    placeholderData: keepPreviousData,
  });
  /** Sets list parameters (a search, a filter) and goes back to the first page. */
  const refine = (next: Partial<P>) => setParams((p) => ({ ...p, ...next, page: 1 }));
  const onChange = (
    pagination: TablePaginationConfig,
    _filters: unknown,
    sorter: SorterResult<T> | SorterResult<T>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    setParams((p) => ({
      ...p,
      page: pagination.current ?? 1,
      perPage: pagination.pageSize ?? PAGE_SIZE,
      orderBy: one?.order ? String(one.columnKey) : initial.orderBy,
      order: one?.order === 'descend' ? 'desc' : initial.order,
    }));
  };
  const tableProps: TableProps<T> = {
    rowKey: 'id',
    dataSource: data?.list ?? [],
    loading: isFetching,
    scroll: { x: 'max-content' },
    onChange,
    pagination: {
      current: params.page,
      pageSize: params.perPage,
      total: data?.total ?? 0,
      showTotal: options.totalText,
      ...options.pagination,
    },
  };
  /** A page of the rows the current filter shows, in the current order, at any size. */
  const fetchPage = (page: number, perPage: number) => options.fetch({ ...params, page, perPage });
  return { params, refine, tableProps, fetchPage };
}

export type PagedList<T extends { id: string }, P extends ListParams = ListParams> = ReturnType<
  typeof usePagedList<T, P>
>;
