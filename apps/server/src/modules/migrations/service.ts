// Basic info import: a customer's device, vehicle and operator CSV files (and, optionally, its
// account file: the company's users, created without a password) are stored as they come,
// their headers offered a column mapping (the customer's kept one first), then an import runs as a
// job on the durable queue: every line checked first (the dry run: every bad line kept in a report,
// nothing written when there is one), then written a part at a time, each part's range of ids
// recorded before its rows are written. An abort, a failed write or a run given up mid-way removes
// what was written; "restore state" removes what a completed import created: the customer is as
// before. One import per customer runs at a time.
import {
  type AccessHolder,
  allows,
  type ColumnMapping,
  IMPORT_COLUMNS,
  IMPORT_FILE_KINDS,
  type ImportFileKind,
  type Language,
  type MigrationImport,
  type MigrationImportListQuery,
  type MigrationImportStart,
  mappingOf,
  routeRule,
  unmappedOf,
  userResource,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import { pageOf, pageWindow } from '../../platform/lists.ts';
import type { JobQueue, RunningQueuedJob } from '../../platform/queue.ts';
import type { ObjectStorage } from '../../platform/storage.ts';
import { type CheckCounts, checkImport, PART_LINES } from './check.ts';
import { idSeries } from './ids.ts';
import { type Issue, linesOf } from './lines.ts';
import {
  type ImportFile,
  type ImportRow,
  importById,
  importsOf,
  insertImport,
  keepMapping,
  keptMappings,
  seriesTaken,
  statusOf,
  undoImport,
  updateImport,
  type WrittenRow,
  writePart,
} from './repository.ts';
import { headerOf, issueReport, openRunFile, runActions, runFieldsOf, seen } from './runs.ts';

export const IMPORTS_QUEUE = 'migration-imports';

interface ImportJob {
  importId: string;
  /** Who started it, as the user form's grant rule reads them: an account file gives no more. */
  holder?: AccessHolder;
}

/** An account file creates users: only for who may create them on the user form. */
export const createsUsers = (access: RequestAccess) =>
  allows(access.principal, routeRule(userResource.pages.new ?? ''));

export const importItemOf = (r: ImportRow, lang: Language): MigrationImport => ({
  ...runFieldsOf(r, lang),
  dry_run: r.dry_run,
  files: r.files.map(({ key: _key, ...file }) => file),
});

/** A checked device line as its writer takes it: thresholds flat, its vehicle by name. */
function rowOf(kind: ImportFileKind, value: Record<string, unknown>): Record<string, unknown> {
  if (kind !== 'device') return value;
  const { thresholds, vehicle, ...rest } = value as {
    thresholds: Record<string, { threshold: number; duration: number }>;
    vehicle: string | null;
  };
  const flat = Object.fromEntries(
    Object.entries(thresholds).flatMap(([k, t]) => [
      [`${k}_threshold`, t.threshold],
      [`${k}_duration`, t.duration],
    ]),
  );
  return { ...rest, ...flat, vehicle_name: vehicle };
}

export function migrationService(database: DatabaseHandle, storage: ObjectStorage, queue: JobQueue) {
  const one = async (access: RequestAccess, id: string) => seen(access, await importById(database, id));
  const open = (file: ImportFile) => openRunFile(storage, 'import', file);
  const actions = runActions(storage, queue, {
    name: 'import',
    one,
    update: (id, set, from) => updateImport(database, id, set, from),
  });

  /** The check, then (unless a dry run, or a line is bad) the write; stopping between parts on abort. */
  async function run(job: RunningQueuedJob<ImportJob>): Promise<object> {
    const { importId } = job.data;
    const row = await importById(database, importId);
    if (!row) return { skipped: true };
    const { customer_id: customerId } = row;
    // A run given up mid-way (a replica stopped) left part of a write: it goes before anything else.
    await undoImport(database, customerId, importId);
    if (row.status !== 'processing') {
      if (row.status === 'aborting') await updateImport(database, importId, { status: 'aborted' });
      return { skipped: true };
    }
    const report = issueReport<Issue>(storage, importId);
    let counts: CheckCounts = { total: 0, success: 0, failure: 0 };
    const stop = () => {
      if (job.signal.aborted) throw new Error('aborted');
    };
    try {
      counts = await checkImport(
        database,
        customerId,
        row.files,
        open,
        {
          issue: report.add,
          part: async (so) => {
            stop();
            counts = { ...so };
            await updateImport(database, importId, { counts, progress: 0 });
          },
        },
        job.data.holder,
      );
      await report.end();
      await updateImport(database, importId, { counts, issues: report.sample, issuesKey: report.key });
      if (counts.failure > 0) {
        await updateImport(database, importId, {
          status: 'error',
          message: 'validation.importNothingWritten',
        });
        return { ...counts, written: 0 };
      }
      if (row.dry_run) {
        await updateImport(database, importId, { status: 'completed', progress: 100 });
        return { ...counts, written: 0 };
      }
      // The ids of the rows it writes: a series of its own, recorded a range a part (ids.ts).
      let series = idSeries();
      while (await seriesTaken(database, customerId, series)) series = idSeries();
      let written = 0;
      let progress = 0;
      // Parts are written on two connections at once, each part read and judged while the ones
      // before it are written: the database's work runs on two of its cores, the reading beside it.
      const writeOn = async (connections: Queryable[]) => {
        for (const file of row.files) {
          const writing: Promise<void>[] = [];
          let slot = 0;
          let part: WrittenRow[] = [];
          const write = async (db: Queryable, rows: WrittenRow[]) => {
            await writePart(db, file.kind, customerId, importId, rows);
            written += rows.length;
            const now = Math.min(99, Math.floor((written / Math.max(1, counts.total)) * 100));
            if (now === progress) return;
            progress = now;
            await updateImport(database, importId, { progress });
          };
          const flush = async () => {
            const rows = part;
            part = [];
            const s = slot;
            slot = (slot + 1) % connections.length;
            await writing[s];
            stop();
            const sent = write(connections[s] as Queryable, rows);
            sent.catch(() => {});
            writing[s] = sent;
          };
          try {
            for await (const line of linesOf(file.kind, await open(file), file.mapping)) {
              if (line.ok) part.push({ ...rowOf(file.kind, line.value), id: series.next() });
              if (part.length >= PART_LINES) await flush();
            }
            if (part.length > 0) await flush();
          } finally {
            // Whatever ended the reading, the parts on their way settle before the undo runs.
            await Promise.allSettled(writing);
          }
          // A file is written whole before the next opens: a device names a vehicle written before.
          await Promise.all(writing);
        }
      };
      await job.withConnection((first) => job.withConnection((second) => writeOn([first, second])));
      stop();
      await updateImport(database, importId, { status: 'completed', progress: 100, message: null });
      return { ...counts, written };
    } catch (error) {
      report.destroy();
      await undoImport(database, customerId, importId);
      if (job.signal.aborted) {
        await updateImport(database, importId, {
          status: 'aborted',
          counts,
          message: 'validation.importNothingWritten',
        });
        return { aborted: true };
      }
      await updateImport(database, importId, { status: 'error', counts, message: 'validation.importFailed' });
      throw error;
    }
  }

  return {
    run,

    /** Stores the uploaded files (streamed as they come) and answers their headers and mapping. */
    async create(
      access: RequestAccess,
      customerId: string,
      files: { kind: ImportFileKind; name: string; key: string }[],
      lang: Language,
    ): Promise<MigrationImport> {
      await access.mustUseCustomer(customerId);
      const kept = await keptMappings(database, customerId);
      const described: ImportFile[] = [];
      for (const kind of IMPORT_FILE_KINDS) {
        const file = files.find((f) => f.kind === kind);
        if (!file) continue;
        const { encoding, delimiter, headers } = await headerOf(storage, file.key);
        described.push({
          ...file,
          headers,
          encoding,
          delimiter,
          mapping: mappingOf(IMPORT_COLUMNS[kind], headers, kept[kind]),
        });
      }
      const id = await insertImport(database, {
        customerId,
        userId: access.principal.userId,
        files: described,
      });
      return importItemOf(await one(access, id), lang);
    },

    async list(access: RequestAccess, query: MigrationImportListQuery, lang: Language) {
      if (query.customer_id) access.mustSee(query.customer_id);
      const rows = await importsOf(database, access.customerIds, query.customer_id, pageWindow(query));
      return pageOf(query, { list: rows.list.map((r) => importItemOf(r, lang)), total: rows.total });
    },

    async get(access: RequestAccess, id: string, lang: Language) {
      return importItemOf(await one(access, id), lang);
    },

    /** Starts the check (and write) with the mapping the user confirmed, kept for the customer. */
    async start(access: RequestAccess, id: string, input: MigrationImportStart, lang: Language) {
      const row = await one(access, id);
      if (row.status !== 'idle') throw new ApiError('conflict', { messageKey: 'importStarted' });
      if (row.files.some((f) => f.kind === 'account') && !createsUsers(access))
        throw new ApiError('validation', { fields: [{ field: 'account', key: 'importAccountsNotAllowed' }] });
      const me = access.principal;
      const holder: AccessHolder = {
        sysRole: me.sysRole,
        privileges: me.privileges,
        isManager: me.isManager,
        downloadRole: me.downloadRole,
      };
      const files = row.files.map((file) => {
        const mapping: ColumnMapping = input.mappings[file.kind] ?? file.mapping;
        return { ...file, mapping };
      });
      const fields = files.flatMap((file) => [
        ...unmappedOf(IMPORT_COLUMNS[file.kind], file.mapping).map((field) => ({
          field: `mappings.${file.kind}.${field}`,
          key: 'importColumnUnmapped',
        })),
        ...Object.entries(file.mapping)
          .filter(([, header]) => !file.headers.includes(header))
          .map(([field]) => ({ field: `mappings.${file.kind}.${field}`, key: 'importHeaderMissing' })),
      ]);
      if (fields.length > 0) throw new ApiError('validation', { fields });
      for (const file of files) await keepMapping(database, row.customer_id, file.kind, file.mapping);
      const jobId = await queue.enqueue<ImportJob>(
        IMPORTS_QUEUE,
        { importId: id, holder },
        {
          customerId: row.customer_id,
          requestedBy: access.principal.userId,
          // One import of a customer at a time: a second waits for none, it is refused.
          key: `import/${row.customer_id}`,
          label: `import ${row.files.map((f) => f.name).join(', ')}`,
        },
      );
      if (!jobId) throw new ApiError('conflict', { messageKey: 'importStartFailed' });
      await updateImport(
        database,
        id,
        { status: 'processing', dryRun: input.dry_run ?? false, files, jobId, message: null },
        ['idle'],
      );
      return importItemOf(await one(access, id), lang);
    },

    async abort(access: RequestAccess, id: string, lang: Language) {
      await actions.abort(access, id);
      return importItemOf(await one(access, id), lang);
    },

    /** Removes what a completed import created: the customer's records are as before it. */
    async restore(access: RequestAccess, id: string, lang: Language) {
      const row = await one(access, id);
      if (row.status !== 'completed' || row.dry_run || row.restored_at)
        throw new ApiError('conflict', { messageKey: 'importNotRestorable' });
      await database.transaction(async (tx) => {
        await undoImport(tx, row.customer_id, id);
        await updateImport(tx, id, { restored: true });
      });
      return importItemOf(await one(access, id), lang);
    },

    /** Every bad line as a CSV in the reader's language. */
    issues: actions.issues,

    status: (id: string) => statusOf(database, id),
  };
}
