// A resource's list in its feature's words (the react-admin way: keys of a fixed shape): the list
// of `resourceApi`, paged with a size changer, and what its page shows: `<words>total` under the
// table, `<words>search` in the search box, `<words>empty` when it has no row yet, an export named
// `<words>exportName` (else the resource's name), and "New" (`actions.new`) for those who may
// open the create route. A screen gives its columns and filters.
import type { RouteName } from '@fleetlens/contracts';
import type { TablePaginationConfig } from 'antd';
import type { TFunction } from 'i18next';
import type { ListParams } from '../../api/listQuery';
import type { ListResource } from '../../api/resource';
import { usePermittedRoutes } from '../../routes/permitted';
import { type ListPageTexts, listWords, usePagedList } from './usePagedList';

export type ResourceListOptions<P extends ListParams> = {
  /** Names the list's column choice, kept in this browser; the resource's name in camelCase. */
  name?: string;
  /** The export's file name without extension, where it is not `<words>exportName`; no export: false. */
  file?: string | false;
  /** The prefix of the list's words (`groups.`); none when they stand at the top. */
  words?: string;
  /** No search box of `<words>search` (the screen gives its own). */
  search?: false;
  /** The create route: the "New" button opens its address (a described resource's `new` page; false: none). */
  new?: RouteName | false;
  /** The column the list is first ordered by (ascending). */
  sort?: NonNullable<P['order_by']>;
  /** Other first parameters (a descending order, a filter from the address). */
  initial?: Omit<P, 'page' | 'perPage'>;
  /** No page size changer but the table's own (shown from 50 rows on). */
  sizes?: false;
  pagination?: TablePaginationConfig;
};

export type { ListPageTexts } from './usePagedList';

const camelCase = (name: string) => name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase());

export function useResourceList<T extends { id: string }, P extends ListParams>(
  resource: ListResource<T, P>,
  t: TFunction,
  options: ResourceListOptions<P> = {},
) {
  const { words = '', sort, initial, sizes, pagination } = options;
  const { flat } = usePermittedRoutes();
  const texts = listWords(t, {
    words,
    name: options.name ?? camelCase(resource.name),
    file:
      options.file === false
        ? undefined
        : (options.file ?? t(`${words}exportName`, { defaultValue: resource.name })),
    search: options.search !== false,
  });
  const createName = options.new === false ? undefined : (options.new ?? resource.resource?.pages.new);
  const createRoute = flat.find((m) => m.route.name === createName)?.route;
  const page: ListPageTexts = {
    ...texts.page,
    create: !!createRoute?.path && { to: createRoute.path, label: t('actions.new') },
  };
  const list = usePagedList<T, P>({
    key: resource.keys.list,
    fetch: resource.list,
    initial: (sort ? { order_by: sort, ...initial } : initial) as Omit<P, 'page' | 'perPage'>,
    totalText: texts.totalText,
    pagination: sizes === false ? pagination : { showSizeChanger: true, ...pagination },
  });
  return { ...list, page };
}
