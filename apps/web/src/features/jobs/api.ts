// The jobs view's calls (server modules/jobs) and their query keys.
import type { jobsListQuerySchema, ListParamsOf, QueuedJobItem } from '@fleetlens/contracts';
import { api } from '../../api/client';
import { type ListAnswer, type ListFetchOptions, listQuery } from '../../api/listQuery';

export type JobsParams = ListParamsOf<typeof jobsListQuerySchema>;

export const jobKeys = {
  all: ['jobs'] as const,
  list: (params: JobsParams) => ['jobs', 'list', params] as const,
};

export const fetchJobs = (params: JobsParams, options?: ListFetchOptions) =>
  api.get<ListAnswer<QueuedJobItem>>('/jobs', { ...options, query: listQuery(params) });

export const cancelJob = (id: string) => api.post<QueuedJobItem>(`/jobs/${id}/cancel`);
export const retryJob = (id: string) => api.post<QueuedJobItem>(`/jobs/${id}/retry`);
