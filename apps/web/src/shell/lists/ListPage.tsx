// A list screen: the search and the "new" button, the filters beside the column chooser and the
// export, and the table, paged and sorted on the server (`usePagedList`), with its states
// (skeletons, error and Retry, what is missing). A screen gives its columns, its filters and its
// wording, and may give a phone row: on a phone each row is then that one block (react-admin's
// SimpleList), which says what matters within the screen's width where columns would scroll
// sideways past all but the first two.
import { Space, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import type { ListParams } from '../../api/listQuery';
import { useMobile } from '../useMobile';
import { ListTable } from './ListTable';
import { type ListCreate, type ListSearch, ListToolbar } from './ListToolbar';
import { ListTools } from './ListTools';
import { type ListColumn, useColumnChoice } from './useColumnChoice';
import type { ListPageTexts, PagedList } from './usePagedList';

export type ListPageProps<T extends { id: string }, P extends ListParams> = {
  /** The list; one of `useResourceList` brings its name, words and create button (`page`). */
  list: PagedList<T, P> & { page?: ListPageTexts };
  columns: ListColumn<T>[];
  /** Names the list's column choice, kept in this browser. */
  name?: string;
  /** The export's file name without extension (a date is added); no export without one. */
  fileName?: string;
  /** The search box's label; the text goes to the server as the list's `filter`. */
  search?: string;
  /** More search boxes (a second field the server searches on its own). */
  searches?: ListSearch[];
  create?: ListCreate | false;
  /** What the list shows when it has no row yet: "No vehicles yet". */
  empty?: string;
  /** The pickers that narrow the list, left of the column chooser. */
  filters?: ReactNode;
  /** Above the table, under the filters (a batch action's bar). */
  above?: ReactNode;
  /** What the screen opens over the list (a dialog). */
  children?: ReactNode;
  /** More table options: row selection, expandable rows. */
  table?: Omit<TableProps<T>, 'columns' | 'dataSource'>;
  /** A row as a phone shows it, in one cell: what the columns say that matters, in a few lines. */
  phoneRow?: (row: T) => ReactNode;
};

export function ListPage<T extends { id: string }, P extends ListParams>(props: ListPageProps<T, P>) {
  const { list, columns, searches = [], filters, above, children, table, phoneRow } = props;
  const { name = '', fileName, search, empty = '', create } = { ...props.list.page, ...props };
  const choice = useColumnChoice(name, columns);
  const phone = useMobile() && phoneRow !== undefined;
  const shown: ColumnType<T>[] = phone
    ? [{ key: 'phone-row', title: name, render: (_, row) => phoneRow?.(row) }]
    : choice.visible;
  const boxes: ListSearch[] = [
    ...(search
      ? [
          {
            label: search,
            value: list.params.filter,
            onSearch: (filter: string) => list.refine({ filter } as Partial<P>),
          },
        ]
      : []),
    ...searches,
  ];
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {/* Nothing to show is no bar: an empty one would leave a band above the filters. */}
      {(boxes.length > 0 || create) && <ListToolbar searches={boxes} create={create} />}
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>{filters}</Space>
        {fileName && (
          <ListTools
            columns={columns}
            hidden={choice.hidden}
            onChoose={choice.choose}
            choosing={!phone}
            {...(list.exportPath
              ? {
                  exporting: {
                    path: list.exportPath,
                    params: list.exportParams,
                    rows: list.tableProps.dataSource ?? [],
                    total: list.tableProps.pagination ? (list.tableProps.pagination.total ?? 0) : 0,
                  },
                }
              : {})}
            fileName={fileName}
          />
        )}
      </Space>
      {above}
      <ListTable<T>
        {...list.tableProps}
        {...table}
        {...(phone ? { showHeader: false } : {})}
        state={list.state}
        empty={{ title: empty, create }}
        columns={shown}
      />
      {children}
    </Space>
  );
}
