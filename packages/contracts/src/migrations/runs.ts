// What an import's and a past data transfer's answers share, as runs of data migration: their
// states, a bad line's issue, and the fields around each run's own (its files, period, kinds).
import { z } from 'zod';

export const MIGRATION_STATES = ['idle', 'processing', 'completed', 'error', 'aborting', 'aborted'] as const;
export type MigrationState = (typeof MIGRATION_STATES)[number];
/** States in which a job may still be stopped. */
export const ABORTABLE_MIGRATION_STATES: readonly MigrationState[] = ['processing'];

/** One bad line of a run's file of `kinds`: where it is, what it holds, and why (a validation key). */
export const runIssueSchema = <const Kinds extends readonly [string, ...string[]]>(kinds: Kinds) =>
  z.object({
    file: z.enum(kinds),
    line: z.number().int(),
    column: z.string(),
    value: z.string(),
    key: z.string(),
    params: z.record(z.string(), z.unknown()),
    reason: z.string(),
  });

const refOf = z.object({ id: z.string(), name: z.string() });

/** A run's answer opens with these, then its own fields. */
export const runHead = { id: z.string(), customer: refOf, status: z.enum(MIGRATION_STATES) };

/** A run's lines: read, good, bad, and how far the write is (percent). */
export const runCounts = {
  total: z.number().int(),
  success: z.number().int(),
  failure: z.number().int(),
  progress: z.number().int(),
};

/** A run's answer closes with these: its first bad lines, its message, who ran it and when. */
export const runTail = <Issue extends z.ZodType>(issue: Issue) => ({
  issues: z.array(issue),
  message: z.string().nullable(),
  restored_at: z.string().nullable(),
  executor: refOf,
  created_at: z.string(),
  updated_at: z.string(),
});
