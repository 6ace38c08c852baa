// How a list of events pages, for every list whose rows are events (the event list, the event
// videos list): newest first, 50 a page, and a total that may be a lower bound (the server stops
// counting events past its bound and says so: "more than N"). One rule, so the lists agree.
import type { TFunction } from 'i18next';

/** usePagedList's paging of an event list; `t` is the list's namespace (its `total`, `totalMore`). */
export const eventPaging = (t: TFunction) => ({
  initial: { order_by: 'time', order: 'desc' } as const,
  pageSize: 50,
  totalText: (total: number, exact: boolean) => t(exact ? 'total' : 'totalMore', { count: total }),
});
