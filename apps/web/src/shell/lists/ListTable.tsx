// A list's table with its states (ListStates): the rows, or skeletons while loading, the error
// with Retry, what is missing with its action. Lists with the full tool bar use ListPage; a
// list inside another screen (a group's members, a history) uses this alone, with `listState`
// of its query, or QueryTable where one query answers every row.
import { Table, type TableProps } from 'antd';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { type ListEmptyText, ListStateView } from './ListStates';
import { type ListQueryLike, type ListState, listState } from './listState';
import { type ListColumn, tableColumn } from './useColumnChoice';

export type ListTableProps<T> = Omit<TableProps<T>, 'columns'> & {
  state: ListState;
  empty: ListEmptyText;
  /** List columns (made antd columns here), or antd columns already made (column choice). */
  columns: ListColumn<T>[] | TableProps<T>['columns'];
};

/**
 * The table measures its columns in a hidden row that repeats each column's title: there, the
 * selection column's "select all" box would be a focusable control that no one sees (axe:
 * aria-hidden-focus). The copy in the hidden row is made inert; the header's box stays.
 */
function InertWhenMeasured({ children }: { children: ReactNode }) {
  const box = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    if (box.current?.closest('[aria-hidden="true"]')) box.current.inert = true;
  }, []);
  return <span ref={box}>{children}</span>;
}

export function ListTable<T extends object>({ state, empty, columns, ...table }: ListTableProps<T>) {
  const ready = state.status === 'ready';
  const { rowSelection } = table;
  return (
    <Table<T>
      rowKey="id"
      scroll={{ x: 'max-content' }}
      {...table}
      rowSelection={
        rowSelection && {
          columnTitle: (box: ReactNode) => <InertWhenMeasured>{box}</InertWhenMeasured>,
          ...rowSelection,
        }
      }
      dataSource={ready ? table.dataSource : []}
      loading={ready ? table.loading : false}
      columns={(columns ?? []).map((c) =>
        'exportValue' in c || 'long' in c ? tableColumn(c as ListColumn<T>) : c,
      )}
      locale={{ ...table.locale, emptyText: <ListStateView state={state} empty={empty} /> }}
    />
  );
}

export type QueryTableProps<T> = Omit<ListTableProps<T>, 'state' | 'dataSource' | 'loading'> & {
  query: ListQueryLike & { data?: T[] | undefined };
};

/** A small table of every row one query answers (a record's SIMs, a card's history), unpaged. */
export function QueryTable<T extends object>({ query, ...table }: QueryTableProps<T>) {
  return (
    <ListTable<T>
      size="small"
      pagination={false}
      {...table}
      state={listState(query)}
      loading={query.isFetching}
      dataSource={query.data ?? []}
    />
  );
}
