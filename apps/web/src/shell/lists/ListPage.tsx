// A list screen as the registry's lists share it: the search and the "new" button, the filters
// beside the column chooser and the export, and the table, paged and sorted on the server
// (`usePagedList`). A screen gives its columns, its filters and its wording.
import { Space, Table } from 'antd';
import type { ReactNode } from 'react';
import type { ListParams } from '../../api/listQuery';
import { type ListCreate, ListToolbar } from './ListToolbar';
import { ListTools } from './ListTools';
import { type ListColumn, useColumnChoice } from './useColumnChoice';
import type { PagedList } from './usePagedList';

export type ListPageProps<T extends { id: string }, P extends ListParams> = {
  list: PagedList<T, P>;
  columns: ListColumn<T>[];
  /** Names the list's column choice, kept in this browser. */
  name: string;
  /** The export's file name without extension (a date is added). */
  fileName: string;
  /** The search box's label; the text goes to the server as the list's `filter`. */
  search: string;
  create?: ListCreate | false;
  /** The pickers that narrow the list, left of the column chooser. */
  filters?: ReactNode;
  /** What the screen opens over the list (a dialog). */
  children?: ReactNode;
};

export function ListPage<T extends { id: string }, P extends ListParams>({
  list,
  columns,
  name,
  fileName,
  search,
  create,
  filters,
  children,
}: ListPageProps<T, P>) {
  const choice = useColumnChoice(name, columns);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ListToolbar
        searches={[{ label: search, onSearch: (filter) => list.refine({ filter } as Partial<P>) }]}
        create={create}
      />
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Space wrap>{filters}</Space>
        <ListTools
          columns={columns}
          hidden={choice.hidden}
          onChoose={choice.choose}
          fetchPage={list.fetchPage}
          fileName={fileName}
        />
      </Space>
      <Table<T> {...list.tableProps} columns={choice.visible} />
      {children}
    </Space>
  );
}
