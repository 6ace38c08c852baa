// The platform calls of the shell (schemas in contracts api/platform.ts).
import type { MyAnswer, PublicConfig, SessionCheckBody } from '@fleetlens/contracts';
import { api } from './client';

export const fetchPublicConfig = () => api.get<PublicConfig>('/config', { anonymous: true });
export const checkSession = (body: SessionCheckBody) =>
  api.post<{ valid: boolean }>('/users/session-check', body);
export const fetchMy = () => api.get<MyAnswer>('/users/my');
export const fetchUnreadCount = () =>
  api.get<{ unreadNotificationCount: number }>('/notifications/unread-count');
export const markNotificationsOpened = (userId: string) =>
  api.put<unknown>(`/users/${encodeURIComponent(userId)}/update-opened-notification-at`);
export const fetchManualUrl = (id: string) =>
  api.get<{ manual: string }>(`/manual/${encodeURIComponent(id)}`, { quiet: true });
export const postErrorLog = (entry: { error: string; component?: string; info?: string; url?: string }) =>
  api.post<unknown>('/error-logs', entry);

export const queryKeys = {
  my: ['users', 'my'] as const,
  unreadCount: ['notifications', 'unread-count'] as const,
};
