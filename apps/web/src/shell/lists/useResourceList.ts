// A resource's list in its feature's words (the react-admin way: keys of a fixed shape): the list
// of `resourceApi`, paged with a size changer, and what its page shows: `<words>total` under the
// table, `<words>search` in the search box, `<words>empty` when it has no row yet, and "New"
// (`actions.new`) for those who may open the create route. A screen gives its columns and filters.
import type { RouteName } from '@fleetlens/contracts';
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import type { ListParams } from '../../api/listQuery';
import type { ListResource } from '../../api/resource';
import { useCanOpen } from '../../routes/useCanOpen';
import type { ListCreate } from './ListToolbar';
import { usePagedList } from './usePagedList';

export type ResourceListOptions<P extends ListParams> = {
  /** Names the list's column choice, kept in this browser. */
  name: string;
  /** The export's file name without extension; no export without one. */
  file?: string;
  /** The prefix of the list's words (`groups.`); none when they stand at the top. */
  words?: string;
  /** No search box of `<words>search` (the screen gives its own). */
  search?: false;
  /** The create route and its address. */
  create?: readonly [RouteName, string];
  initial?: Omit<P, 'page' | 'perPage'>;
  /** No page size changer but the table's own (shown from 50 rows on). */
  sizes?: false;
  pagination?: TablePaginationConfig;
};

/** What a list page shows besides its columns and filters (ListPage's props). */
export type ListPageTexts = {
  name: string;
  fileName?: string;
  search?: string;
  empty: string;
  create?: ListCreate | false;
};

export function useResourceList<T extends { id: string }, P extends ListParams>(
  resource: ListResource<T, P>,
  t: TFunction,
  { name, file, words = '', search, create, initial, sizes, pagination }: ResourceListOptions<P>,
) {
  const canOpen = useCanOpen();
  const list = usePagedList<T, P>({
    key: resource.keys.list,
    fetch: resource.list,
    initial,
    totalText: (count) => t(`${words}total`, { count }),
    pagination: sizes === false ? pagination : { showSizeChanger: true, ...pagination },
  });
  const page: ListPageTexts = {
    name,
    fileName: file,
    search: search === false ? undefined : t(`${words}search`),
    empty: t(`${words}empty`),
    create: !!create && canOpen(create[0]) && { to: create[1], label: t('actions.new') },
  };
  return { ...list, page };
}
