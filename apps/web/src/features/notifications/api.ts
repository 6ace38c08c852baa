// The notice calls (server modules/notifications) and their query keys.
import type { Notification, NotificationBody } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListAnswer, type ListFetchOptions, type ListParams, listQuery } from '../../api/listQuery';
import { queryKeys } from '../../api/platform';

export type NoticeWindow = 'current' | 'expired';

export const noticeKeys = {
  all: ['notifications'] as const,
  list: (window: NoticeWindow, params: ListParams) => ['notifications', window, params] as const,
  one: (id: string) => ['notifications', 'one', id] as const,
  unread: queryKeys.unreadCount,
};

export const fetchNotices = (window: NoticeWindow, params: ListParams, options?: ListFetchOptions) =>
  api.get<ListAnswer<Notification>>(window === 'current' ? '/notifications' : '/notifications/expired', {
    ...options,
    query: listQuery(params),
  });
export const fetchNotice = (id: string) => api.get<Notification>(`/notifications/${encodeURIComponent(id)}`);
export const createNotice = (body: NotificationBody) => api.post<Notification>('/notifications', body);
export const updateNotice = (id: string, body: NotificationBody) =>
  api.put<Notification>(`/notifications/${encodeURIComponent(id)}`, body);
export const deleteNotice = (id: string) =>
  api.delete<{ id: string }>(`/notifications/${encodeURIComponent(id)}`);
