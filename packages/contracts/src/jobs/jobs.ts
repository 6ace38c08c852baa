// The durable job queue as the provider's staff see it (GET /jobs): every customer's long-running
// jobs (downloads, imports, webhook deliveries) and the runs of the timed jobs (figures, notice
// moments, firmware stages…), with their state, progress and attempts; retry and cancel.
import { z } from 'zod';
import { listQuerySchema } from '../api/errors.ts';

/** pg-boss's states: waiting, waiting to be tried again, running, and the three ends. */
export const QUEUED_JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;
export type QueuedJobStateName = (typeof QUEUED_JOB_STATES)[number];

/** A timed job's runs are queued in `timed.<job name>`. */
export const TIMED_QUEUE_PREFIX = 'timed.';
/** Timed: the runs of the timed jobs; requested: every other job (someone or something asked). */
export const JOB_KINDS = ['timed', 'requested'] as const;
export type JobKind = (typeof JOB_KINDS)[number];

export const jobsListQuerySchema = listQuerySchema.extend({
  queue: z
    .string()
    .regex(/^[a-z][a-z0-9.-]{0,62}$/, 'validation.invalidEnum')
    .optional(),
  kind: z.enum(JOB_KINDS, 'validation.invalidEnum').optional(),
  state: z.enum(QUEUED_JOB_STATES, 'validation.invalidEnum').optional(),
  customer_id: z.uuid('validation.invalid').optional(),
});
export type JobsListQuery = z.infer<typeof jobsListQuerySchema>;

export const queuedJobSchema = z.object({
  id: z.string(),
  queue: z.string(),
  state: z.enum(QUEUED_JOB_STATES),
  customer: z.object({ id: z.string(), name: z.string() }).nullable(),
  label: z.string(),
  progress: z.number().int(),
  progress_note: z.string(),
  attempts: z.number().int(),
  retry_limit: z.number().int(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  updated_at: z.string(),
});
export type QueuedJobItem = z.infer<typeof queuedJobSchema>;
