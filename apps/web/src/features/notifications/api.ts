// The notice calls (server modules/notifications) and their query keys.
import { type Notification, type NotificationBody, notificationResource } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListAnswer, type ListFetchOptions, type ListParams, listQuery } from '../../api/listQuery';
import { queryKeys } from '../../api/platform';
import { resourceApi } from '../../api/resource';

export type NoticeWindow = 'current' | 'expired';

// The current list is the resource's, the expired one its path's `/expired`: two windows of one list.
export const notices = resourceApi(notificationResource);
const { name, path } = notices;

export const noticeKeys = {
  all: [name] as const,
  list: (window: NoticeWindow, params: ListParams) => [name, window, params] as const,
  one: notices.keys.one,
  unread: queryKeys.unreadCount,
};

export const fetchNotices = (window: NoticeWindow, params: ListParams, options?: ListFetchOptions) =>
  api.get<ListAnswer<Notification>>(
    window === 'current' ? notificationResource.path : `${notificationResource.path}/expired`,
    { ...options, query: listQuery(params) },
  );
export const fetchNotice = (id: string) => api.get<Notification>(path(id));
export const createNotice = (body: NotificationBody) => notices.create(body);
export const updateNotice = (id: string, body: NotificationBody) => notices.update(id, body);
export const deleteNotice = (id: string) => api.delete<{ id: string }>(path(id));
