// The jobs view over the platform's queue: pages of jobs as the contracts shape them, cancel and
// retry with the catalogue's refusals.
import { type JobsListQuery, type QueuedJobItem, TIMED_QUEUE_PREFIX } from '@fleetlens/contracts';
import { ApiError, found } from '../../platform/errors.ts';
import type { JobQueue, QueuedJob } from '../../platform/queue.ts';
import { iso } from '../../platform/rows.repository.ts';

const itemOf = (job: QueuedJob): QueuedJobItem => ({
  id: job.id,
  queue: job.queue,
  state: job.state,
  customer: job.customerId ? { id: job.customerId, name: job.customerName ?? '' } : null,
  label: job.label,
  progress: job.progress,
  progress_note: job.progressNote,
  attempts: job.attempts,
  retry_limit: job.retryLimit,
  created_at: iso(job.createdAt) as string,
  started_at: iso(job.startedAt),
  finished_at: iso(job.finishedAt),
  updated_at: iso(job.updatedAt) as string,
});

export function jobsService(queue: JobQueue) {
  return {
    list: async (query: JobsListQuery) => {
      const { jobs, total } = await queue.list({
        ...(query.queue ? { queue: query.queue } : {}),
        ...(query.kind ? { queuePrefix: { prefix: TIMED_QUEUE_PREFIX, match: query.kind === 'timed' } } : {}),
        ...(query.state ? { state: query.state } : {}),
        ...(query.customer_id ? { customerId: query.customer_id } : {}),
        limit: query.perPage,
        offset: (query.page - 1) * query.perPage,
      });
      return { list: jobs.map(itemOf), total, page: query.page, perPage: query.perPage };
    },
    cancel: async (id: string) => {
      found(await queue.get(id));
      if (!(await queue.cancel(id))) throw new ApiError('conflict', { messageKey: 'jobNotCancellable' });
      return itemOf(found(await queue.get(id)));
    },
    retry: async (id: string) => {
      found(await queue.get(id));
      if (!(await queue.retry(id))) throw new ApiError('conflict', { messageKey: 'jobNotRetryable' });
      return itemOf(found(await queue.get(id)));
    },
  };
}
