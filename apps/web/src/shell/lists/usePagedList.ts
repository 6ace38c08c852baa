// What every list screen shares: the list parameters (page, size, order, filters; typed from the
// list's contracts query schema), the query that keeps the previous page on screen while the next
// loads (in the page's address: useListAddress), the Table props for paging and sorting, the list's state (loading, failed, empty, narrowed
// by a filter), a page of the same rows at any size, and the list's address (for the export). Screens give their query
// key, their fetch and the total's wording.
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import type { ListFetch, ListParams } from '../../api/listQuery';
import type { ListCreate } from './ListToolbar';
import { type ListState, listState } from './listState';
import { useFollow } from './useFollow';
import { useListAddress } from './useListAddress';

export const PAGE_SIZE = 20;

/** Parameters that order or page a list; any other one set narrows it. */
const NOT_NARROWING = new Set(['page', 'perPage', 'order_by', 'order']);

/** What a list page shows besides its columns and filters (ListPage's props). */
export type ListPageTexts = {
  name: string;
  fileName?: string;
  search?: string;
  empty: string;
  create?: ListCreate | false;
};

export type ListWords = {
  /** The prefix of the list's words (`history.`); none when they stand at the top. */
  words?: string;
  /** Names the list's column choice, kept in this browser. */
  name: string;
  /** The export's file name without extension; no export without one. */
  file?: string;
  /** A search box labelled `<words>search`. */
  search?: boolean;
};

/**
 * A list's words of a fixed shape (react-admin's way): `<words>total` under the table,
 * `<words>empty` when it has no row yet, `<words>search` in the search box; usePagedList's
 * `totalText` and `page`.
 */
export const listWords = (t: TFunction, { words = '', name, file, search }: ListWords) => ({
  totalText: (count: number) => t(`${words}total`, { count }),
  page: {
    name,
    fileName: file,
    empty: t(`${words}empty`),
    ...(search && { search: t(`${words}search`) }),
  } as ListPageTexts,
});

export interface PagedListOptions<T, P extends ListParams> {
  key: (params: P) => QueryKey;
  fetch: ListFetch<T, P>;
  initial?: Omit<P, 'page' | 'perPage'>;
  /** `exact` false: the server counted up to `total` and stopped, there are more. */
  totalText: (total: number, exact: boolean) => string;
  /** Extra paging options (e.g. the size changer). */
  pagination?: TablePaginationConfig;
  pageSize?: number;
  /**
   * false: the list keeps its parameters to itself, not in the address (a list inside another
   * record's page, beside its own). Lists of their own page keep them in the address.
   */
  address?: boolean;
  /**
   * The list's address for its export, where its fetch is not a `listFetch` (which carries it),
   * and parameters the fetch adds to the list's own (a selection above the list).
   */
  exportPath?: string;
  exportParams?: Record<string, string | number | boolean | undefined>;
  /**
   * Rows that change on the server by themselves (jobs, imports): while a shown row is `unfinished`,
   * the queries under `key` are fetched again every `ms` (useFollow).
   */
  follow?: { unfinished: (row: T) => boolean; key: QueryKey; ms: number };
  /** What its ListPage shows (listWords), so the screen gives ListPage only columns and filters. */
  page?: ListPageTexts;
}

export function usePagedList<T extends { id: string }, P extends ListParams = ListParams>(
  options: PagedListOptions<T, P>,
) {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const initial = { page: 1, perPage: pageSize, ...options.initial } as P;
  const [own, setOwn] = useState<P>(initial);
  const [inAddress, setInAddress] = useListAddress<P>(initial);
  const [params, setParams] = options.address === false ? [own, setOwn] : [inAddress, setInAddress];
  // Quiet: the list shows a failure itself, inline with Retry, instead of a toast per attempt.
  const query = useQuery({
    queryKey: options.key(params),
    queryFn: ({ signal }) => options.fetch(params, { quiet: true, signal }),
    placeholderData: keepPreviousData,
  });
  const narrowed = Object.entries(params).some(
    ([key, value]) =>
      !NOT_NARROWING.has(key) &&
      value !== undefined &&
      value !== '' &&
      value !== (initial as Record<string, unknown>)[key],
  );
  const state: ListState = listState(query, narrowed);
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
      perPage: pagination.pageSize ?? pageSize,
      // The column keys of a sortable column are the schema's order_by names.
      order_by: one?.order ? String(one.columnKey) : initial.order_by,
      order: one?.order === 'descend' ? 'desc' : initial.order,
    }));
  };
  const tableProps: TableProps<T> = {
    rowKey: 'id',
    // While loading or failed the table shows its state, not the rows of other parameters.
    dataSource: state.status === 'ready' ? (query.data?.list ?? []) : [],
    // Dimmed only while other parameters' rows are on their way: a refresh in the background (a
    // live push, a saved row) changes the rows in place. A dimmed table takes no clicks, and a list
    // that a device's clip uploads refresh every few seconds would swallow the click on a row.
    loading: state.status === 'ready' && query.isFetching && query.isPlaceholderData,
    scroll: { x: 'max-content' },
    onChange,
    pagination: {
      current: params.page,
      pageSize: params.perPage,
      total: query.data?.total ?? 0,
      showTotal: (total) => options.totalText(total, query.data?.total_exact !== false),
      ...options.pagination,
    },
  };
  const follow = options.follow;
  useFollow(
    !!follow && (tableProps.dataSource ?? []).some(follow.unfinished),
    follow?.key ?? [],
    follow?.ms ?? 0,
  );
  /** A page of the rows the current filter shows, in the current order, at any size. */
  const fetchPage = (page: number, perPage: number) => options.fetch({ ...params, page, perPage });
  /** The list's address, whose `/export` the server answers with its rows as a file. */
  const exportPath = options.exportPath ?? options.fetch.path;
  const exportParams: ListParams = { ...params, ...options.exportParams };
  return { params, refine, tableProps, fetchPage, exportPath, exportParams, state, page: options.page };
}

export type PagedList<T extends { id: string }, P extends ListParams = ListParams> = ReturnType<
  typeof usePagedList<T, P>
>;
