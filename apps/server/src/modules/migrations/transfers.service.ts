// Past data transfer: a customer's history (events, regular data = the devices' positions, and
// event clips) over a period, from this product's own downloads or the documented layout
// (docs/past-data-files.md). Uploaded to object storage as it comes, then a job on the durable
// queue (one per customer at a time) reads every file and judges every line first (nothing written
// when one is bad, every bad line in a report), then writes a part at a time, each with the record
// of what it wrote. An abort, a failed write or a run given up removes what was written; "restore
// state" removes what a completed transfer wrote. The settings screen's values live here too.
import {
  CLIP_SECONDS_AFTER,
  CLIP_SECONDS_BEFORE,
  type Language,
  MIGRATION_SETTINGS_DEFAULTS,
  type MigrationSettings,
  type MigrationTransfer,
  type MigrationTransferCreateQuery,
  type MigrationTransferListQuery,
  mappingOf,
  TRANSFER_COLUMNS,
  TRANSFER_CSV_KINDS,
  type TransferCsvKind,
  type TransferKind,
  unmappedOf,
} from '@fleetlens/contracts';
import type { DatabaseHandle, Queryable } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import { pageOf, pageWindow } from '../../platform/lists.ts';
import type { JobQueue, RunningQueuedJob } from '../../platform/queue.ts';
import type { ObjectStorage } from '../../platform/storage.ts';
import { sha256Of } from '../../platform/uploads.ts';
import { refreshVideoStatus } from '../events/public.ts';
import { PART_LINES } from './check.ts';
import { keptMappings } from './repository.ts';
import { headerOf, issueReport, openRunFile, runActions, runFieldsOf, seen } from './runs.ts';
import { type Judged, transferJudge, transferLinesOf } from './transferCheck.ts';
import {
  clipTarget,
  insertTransfer,
  saveSettings,
  settingsRowOf,
  type TransferFile,
  type TransferIssueRow,
  type TransferRow,
  transferById,
  transferStatusOf,
  transfersOf,
  undoTransfer,
  updateTransfer,
  writeClip,
  writeEvents,
  writePositions,
} from './transfers.repository.ts';

export const TRANSFERS_QUEUE = 'migration-transfers';

interface TransferJob {
  transferId: string;
}
type Counts = { total: number; success: number; failure: number };

export const transferItemOf = (r: TransferRow, lang: Language): MigrationTransfer => ({
  ...runFieldsOf(r, lang),
  period_from: r.period_from,
  period_to: r.period_to,
  kinds: r.kinds,
  source_utc_offset: r.source_utc_offset,
  files: r.files.map((f) => ({ kind: f.kind, name: f.name, headers: f.headers, mapping: f.mapping })),
  written: r.written,
});

/** A customer's settings: as stored, else the defaults; with the mappings it keeps. */
export async function settingsOf(db: Queryable, customerId: string): Promise<MigrationSettings> {
  const row = (await settingsRowOf(db, customerId)) ?? MIGRATION_SETTINGS_DEFAULTS;
  return { ...row, mappings: await keptMappings(db, customerId) };
}

export function transferService(database: DatabaseHandle, storage: ObjectStorage, queue: JobQueue) {
  const one = async (access: RequestAccess, id: string) => seen(access, await transferById(database, id));
  const open = (file: TransferFile) => openRunFile(storage, 'transfer', file);
  const actions = runActions(storage, queue, {
    name: 'transfer',
    one,
    update: (id, set, from) => updateTransfer(database, id, set, from),
  });

  /**
   * One pass over the files: events first (clips are matched with them), then regular data, then
   * the clips. `onPart` takes each part's judgement (the check counts it, the write writes it);
   * `onVideo` each clip's.
   */
  async function pass(
    row: TransferRow,
    db: Queryable,
    on: {
      part(kind: TransferCsvKind, judged: Judged<object>, bad: TransferIssueRow[][]): Promise<void>;
      video(
        file: TransferFile,
        verdict: Awaited<ReturnType<ReturnType<typeof transferJudge>['video']>>,
      ): Promise<void>;
    },
  ) {
    const period = { from: row.period_from, to: row.period_to, offset: row.source_utc_offset };
    const judge = transferJudge(db, row.customer_id, period);
    for (const kind of TRANSFER_CSV_KINDS) {
      const file = row.files.find((f) => f.kind === kind);
      if (!file) continue;
      let part: { line: number; value: Record<string, unknown> & { time: Date } }[] = [];
      let early: TransferIssueRow[][] = [];
      const flush = async () => {
        const judged: Judged<object> =
          kind === 'event' ? await judge.events(part) : await judge.positions(part);
        await on.part(kind, judged, early);
        part = [];
        early = [];
      };
      for await (const line of transferLinesOf(kind, await open(file), file.mapping, row.source_utc_offset)) {
        if (line.ok) part.push(line);
        else early.push(line.issues);
        if (part.length + early.length >= PART_LINES) await flush();
      }
      await flush();
    }
    let line = 0;
    for (const file of row.files.filter((f) => f.kind === 'video')) {
      line += 1;
      await on.video(file, await judge.video(file, line, (n) => storage.readStart(file.key, n)));
    }
  }

  async function run(job: RunningQueuedJob<TransferJob>): Promise<object> {
    const { transferId } = job.data;
    const row = await transferById(database, transferId);
    if (!row) return { skipped: true };
    const { customer_id: customerId } = row;
    // A run given up mid-way (a replica stopped) left part of a write: it goes before anything else.
    await database.transaction(async (tx) => {
      await refreshVideoStatus(tx, await undoTransfer(tx, customerId, transferId));
    });
    if (row.status !== 'processing') {
      if (row.status === 'aborting') await updateTransfer(database, transferId, { status: 'aborted' });
      return { skipped: true };
    }
    const report = issueReport<TransferIssueRow>(storage, transferId);
    const counts: Counts = { total: 0, success: 0, failure: 0 };
    const stop = () => {
      if (job.signal.aborted) throw new Error('aborted');
    };
    const reportBad = async (issues: TransferIssueRow[]) => {
      counts.failure += 1;
      await report.add(issues);
    };
    try {
      await pass(row, database, {
        part: async (_kind, judged, early) => {
          stop();
          counts.total += early.length + judged.good.length + judged.bad.length;
          counts.success += judged.good.length;
          for (const issues of early) await reportBad(issues);
          for (const bad of judged.bad) await reportBad(bad.issues);
          await updateTransfer(database, transferId, { counts: { ...counts }, progress: 0 });
        },
        video: async (_file, verdict) => {
          stop();
          counts.total += 1;
          if (verdict.ok) counts.success += 1;
          else await reportBad(verdict.issues);
          await updateTransfer(database, transferId, { counts: { ...counts } });
        },
      });
      await report.end();
      await updateTransfer(database, transferId, { counts, issues: report.sample, issuesKey: report.key });
      if (counts.failure > 0 || counts.total === 0) {
        await updateTransfer(database, transferId, {
          status: 'error',
          message: 'validation.transferNothingWritten',
        });
        return { ...counts, written: 0 };
      }
      let written = 0;
      const advance = async (n: number) => {
        written += n;
        await updateTransfer(database, transferId, {
          progress: Math.min(99, Math.floor((written / Math.max(1, counts.total)) * 100)),
        });
      };
      await job.withConnection(async (db: Queryable) => {
        // The write judges every part again, as the check did: a line the company's data now refuses
        // (a device sent an event of that second meanwhile) fails the write, which then keeps nothing.
        await pass(row, db, {
          part: async (kind, judged, early) => {
            stop();
            if (early.length > 0 || judged.bad.length > 0) throw new Error('a line checked good is bad now');
            if (judged.good.length === 0) return;
            if (kind === 'event') await writeEvents(db, customerId, transferId, judged.good as never);
            else await writePositions(db, customerId, transferId, judged.good as never);
            await advance(judged.good.length);
          },
          video: async (file, verdict) => {
            stop();
            if (!verdict.ok) throw new Error('a clip checked good is bad now');
            const target = await clipTarget(db, customerId, verdict.devicePk, verdict.time, verdict.camera);
            if (target.count !== 1 || !target.id || target.clipped)
              throw new Error('the clip has no event now');
            const hashed = await sha256Of(storage, file.key);
            if (!hashed) throw new Error(`transfer file ${file.key} is gone`);
            // The window a device's clip of the event would cover.
            const from = new Date(verdict.time.getTime() - CLIP_SECONDS_BEFORE * 1000);
            const to = new Date(verdict.time.getTime() + CLIP_SECONDS_AFTER * 1000);
            await writeClip(db, customerId, transferId, {
              eventId: target.id,
              devicePk: verdict.devicePk,
              camera: verdict.camera,
              from,
              to,
              key: file.key,
              bytes: hashed.bytes,
              sha256: hashed.sha256,
            });
            await refreshVideoStatus(db, [target.id]);
            await advance(1);
          },
        });
      });
      stop();
      await updateTransfer(database, transferId, { status: 'completed', progress: 100, message: null });
      return { ...counts, written };
    } catch (error) {
      report.destroy();
      await database.transaction(async (tx) => {
        await refreshVideoStatus(tx, await undoTransfer(tx, customerId, transferId));
      });
      if (job.signal.aborted) {
        await updateTransfer(database, transferId, {
          status: 'aborted',
          counts,
          message: 'validation.transferNothingWritten',
        });
        return { aborted: true };
      }
      await updateTransfer(database, transferId, {
        status: 'error',
        counts,
        message: 'validation.transferSyncFailed',
      });
      throw error;
    }
  }

  return {
    run,

    /** Describes the stored files (CSV headers and mapping, MP4 sizes) and keeps an idle transfer. */
    async create(
      access: RequestAccess,
      query: MigrationTransferCreateQuery,
      files: { kind: TransferKind; name: string; key: string }[],
      lang: Language,
    ): Promise<MigrationTransfer> {
      await access.mustUseCustomer(query.customer_id);
      const settings = await settingsOf(database, query.customer_id);
      const described: TransferFile[] = [];
      for (const file of files) {
        if (file.kind === 'video') {
          const head = await storage.head(file.key);
          described.push({ ...file, headers: [], mapping: {}, bytes: head?.bytes ?? 0 });
          continue;
        }
        const { headers } = await headerOf(storage, file.key);
        const kind = file.kind as TransferCsvKind;
        described.push({
          ...file,
          headers,
          mapping: mappingOf(TRANSFER_COLUMNS[kind], headers, settings.mappings[kind]),
        });
      }
      const id = await insertTransfer(database, {
        customerId: query.customer_id,
        userId: access.principal.userId,
        from: query.from,
        to: query.to,
        kinds: query.kinds,
        offset: settings.source_utc_offset,
        files: described,
      });
      return transferItemOf(await one(access, id), lang);
    },

    async list(access: RequestAccess, query: MigrationTransferListQuery, lang: Language) {
      if (query.customer_id) access.mustSee(query.customer_id);
      const rows = await transfersOf(database, access.customerIds, query.customer_id, pageWindow(query));
      return pageOf(query, { list: rows.list.map((r) => transferItemOf(r, lang)), total: rows.total });
    },

    async get(access: RequestAccess, id: string, lang: Language) {
      return transferItemOf(await one(access, id), lang);
    },

    /** Queues the transfer: its CSV files must map every required column. */
    async start(access: RequestAccess, id: string, lang: Language) {
      const row = await one(access, id);
      if (row.status !== 'idle') throw new ApiError('conflict', { messageKey: 'transferStarted' });
      const fields = row.files.flatMap((file) =>
        file.kind === 'video'
          ? []
          : unmappedOf(TRANSFER_COLUMNS[file.kind], file.mapping).map((field) => ({
              field: `mappings.${file.kind}.${field}`,
              key: 'importColumnUnmapped',
            })),
      );
      if (fields.length > 0) throw new ApiError('validation', { fields });
      const jobId = await queue.enqueue<TransferJob>(
        TRANSFERS_QUEUE,
        { transferId: id },
        {
          customerId: row.customer_id,
          requestedBy: access.principal.userId,
          // One transfer of a customer at a time: a second is refused, not queued behind it.
          key: `transfer/${row.customer_id}`,
          label: `transfer ${row.period_from}..${row.period_to} ${row.kinds.join(', ')}`,
        },
      );
      if (!jobId) throw new ApiError('conflict', { messageKey: 'transferStartFailed' });
      await updateTransfer(database, id, { status: 'processing', jobId, message: null }, ['idle']);
      return transferItemOf(await one(access, id), lang);
    },

    async abort(access: RequestAccess, id: string, lang: Language) {
      await actions.abort(access, id);
      return transferItemOf(await one(access, id), lang);
    },

    /** Removes what a completed transfer wrote: the company's history is as before it. */
    async restore(access: RequestAccess, id: string, lang: Language) {
      const row = await one(access, id);
      if (row.status !== 'completed' || row.restored_at)
        throw new ApiError('conflict', { messageKey: 'transferNotRestorable' });
      await database.transaction(async (tx) => {
        await refreshVideoStatus(tx, await undoTransfer(tx, row.customer_id, id));
        await updateTransfer(tx, id, { restored: true });
      });
      return transferItemOf(await one(access, id), lang);
    },

    /** Every bad line as a CSV in the reader's language. */
    issues: actions.issues,

    async settings(access: RequestAccess, customerId: string) {
      access.mustSee(customerId);
      return settingsOf(database, customerId);
    },

    async saveSettings(access: RequestAccess, customerId: string, settings: MigrationSettings) {
      await access.mustUseCustomer(customerId);
      await database.transaction((tx) => saveSettings(tx, customerId, settings));
      return settingsOf(database, customerId);
    },

    status: (id: string) => transferStatusOf(database, id),
  };
}
