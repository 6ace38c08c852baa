// The jobs view (GET /jobs, POST /jobs/{id}/cancel, /retry): every customer's long-running jobs on
// the durable queue (platform/queue.ts), for the provider's admins and support. A customer's own
// jobs reach its users through their feature (a download's result), never through here.
import { jobsListQuerySchema, listPageSchema, queuedJobSchema } from '@fleetlens/contracts';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { jobsService } from './service.ts';

export const registerJobs = routeModule(['jobs'], (route, platform) => {
  const jobs = jobsService(platform.queue);
  route.get(
    '/jobs',
    op(
      'jobs',
      "Long-running jobs of every customer and the timed jobs' runs, newest first (filters: queue, kind, state, customer)",
      {
        query: jobsListQuerySchema,
        reply: listPageSchema(queuedJobSchema),
        exported: true,
      },
    ),
    ({ query }) => jobs.list(query),
  );
  route.post(
    '/jobs/:id/cancel',
    op('jobs', 'Cancels a waiting or running job (its running statement too)', {
      params: idParams,
      reply: queuedJobSchema,
    }),
    ({ params }) => jobs.cancel(params.id),
  );
  route.post(
    '/jobs/:id/retry',
    op('jobs', 'Runs a failed or cancelled job again', { params: idParams, reply: queuedJobSchema }),
    ({ params }) => jobs.retry(params.id),
  );
});
