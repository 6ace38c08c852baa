// What an import and a past data transfer do alike as runs of data migration: the answer's common
// fields, a stored CSV file's header line, the report of bad lines as the check finds them (a
// sample kept in the run's row, every one in object storage), the abort and the report's download.
import { once } from 'node:events';
import { PassThrough, Readable } from 'node:stream';
import {
  ABORTABLE_MIGRATION_STATES,
  IMPORT_ISSUE_SAMPLE,
  type Language,
  type MigrationState,
} from '@fleetlens/contracts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import type { JobQueue } from '../../platform/queue.ts';
import { newObjectKey, type ObjectStorage } from '../../platform/storage.ts';
import { csvRecords, firstLine } from './csv.ts';
import { issuesCsv, reasonOf } from './issuesReport.ts';
import type { RunRow, RunUpdate, StoredIssue } from './runs.repository.ts';

/** Bytes of a file read for its header line. */
const HEADER_BYTES = 64 * 1024;

/** The answer's fields every run has, its issues' reasons in the reader's language. */
export const runFieldsOf = <Issue extends StoredIssue>(r: RunRow<Issue>, lang: Language) => ({
  id: r.id,
  customer: { id: r.customer_id, name: r.customer_name },
  status: r.status,
  total: r.total,
  success: r.success,
  failure: r.failure,
  progress: r.progress,
  issues: r.issues.map((issue) => ({ ...issue, reason: reasonOf(lang, issue) })),
  message: r.message,
  restored_at: r.restored_at?.toISOString() ?? null,
  executor: { id: r.user_id, name: r.user_name },
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** The run if the caller sees its customer (else the access object refuses it as missing). */
export function seen<Row extends { customer_id: string }>(access: RequestAccess, row: Row | undefined): Row {
  access.mustSee(row?.customer_id);
  return row as Row;
}

/** A run's stored file from its start; one gone fails the run. */
export async function openRunFile(storage: ObjectStorage, name: string, file: { key: string }) {
  const stream = await storage.stream(file.key);
  if (!stream) throw new Error(`${name} file ${file.key} is gone`);
  return stream;
}

/** A stored CSV file's header line: its cells (empty ones left out), encoding and delimiter. */
export async function headerOf(storage: ObjectStorage, key: string) {
  const start = (await storage.readStart(key, HEADER_BYTES)) ?? Buffer.alloc(0);
  const { encoding, delimiter, header } = firstLine(start);
  let headers: string[] = [];
  for await (const record of csvRecords(Readable.from([Buffer.from(`${header}\n`)]))) headers = record.cells;
  return { encoding, delimiter, headers: headers.filter((h) => h !== '') };
}

/**
 * The report of a run's bad lines, written to object storage as they come (a line of JSON each);
 * the first few are kept in `sample` for the run's row.
 */
export function issueReport<Issue>(storage: ObjectStorage, runId: string) {
  const key = newObjectKey('imports', new Date(), `${runId}-issues.ndjson`);
  const report = new PassThrough();
  const stored = storage.put(key, report, 'application/x-ndjson');
  stored.catch(() => {});
  const sample: Issue[] = [];
  return {
    key,
    sample,
    async add(issues: Issue[]) {
      for (const issue of issues) {
        if (sample.length < IMPORT_ISSUE_SAMPLE) sample.push(issue);
        if (!report.write(`${JSON.stringify(issue)}\n`)) await once(report, 'drain');
      }
    },
    /** Ends the report; answers once it is stored. */
    async end() {
      report.end();
      await stored;
    },
    destroy: () => report.destroy(),
  };
}

/** The run's own words and SQL, for what every run does alike. */
export interface RunParts<Row> {
  /** 'import' or 'transfer': the report's file name and the refusals' message keys. */
  name: 'import' | 'transfer';
  one(access: RequestAccess, id: string): Promise<Row>;
  update(id: string, set: RunUpdate<never>, from?: readonly MigrationState[]): Promise<boolean>;
}

/** Abort and the bad lines' report, alike for every run. */
export function runActions<Row extends RunRow<StoredIssue>>(
  storage: ObjectStorage,
  queue: JobQueue,
  { name, one, update }: RunParts<Row>,
) {
  return {
    async abort(access: RequestAccess, id: string): Promise<void> {
      const row = await one(access, id);
      if (!ABORTABLE_MIGRATION_STATES.includes(row.status) || !row.job_id)
        throw new ApiError('conflict', { messageKey: `${name}AbortFailed` });
      await update(id, { status: 'aborting' }, ['processing']);
      const job = await queue.get(row.job_id);
      await queue.cancel(row.job_id);
      // A job no worker has taken yet will not run: it is aborted here.
      if (!job || job.state === 'created' || job.state === 'retry')
        await update(id, { status: 'aborted', message: `validation.${name}NothingWritten` }, ['aborting']);
    },

    /** Every bad line as a CSV in the reader's language. */
    async issues(access: RequestAccess, id: string, lang: Language) {
      const row = await one(access, id);
      const stream = row.issues_key ? await storage.stream(row.issues_key) : undefined;
      if (!stream) throw new ApiError('notFound');
      return {
        name: `${name}-${row.created_at.toISOString().slice(0, 10)}-issues.csv`,
        lines: issuesCsv(stream, lang),
      };
    },
  };
}
