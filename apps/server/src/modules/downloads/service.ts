// Managerial downloads: a request is checked (period limit, the customer's enabled types, the
// caller's download role) before anything is queued; an asynchronous one becomes a job on the
// durable queue that writes a CSV, chunk by chunk from the database, into object storage. The
// result's link is signed over the path, the user and the customer, and works 60 minutes after
// the file was made; then it answers 410 Gone, and anyone else is refused.
import { setTimeout as delay } from 'node:timers/promises';
import {
  CANCELLABLE_DOWNLOAD_STATES,
  DOWNLOAD_LINK_SECONDS,
  type DownloadRequestCreate,
  type DownloadRequestItem,
  SYNC_DOWNLOAD_SECONDS,
} from '@fleetlens/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import type { RequestAccess } from '../../platform/access.ts';
import { ApiError } from '../../platform/errors.ts';
import { signLink, verifyLink } from '../../platform/links.ts';
import type { JobQueue, RunningQueuedJob } from '../../platform/queue.ts';
import { byteCounter, CONTENT_TYPES, rowWriter } from '../../platform/sheetStreams.ts';
import { newObjectKey, type ObjectStorage } from '../../platform/storage.ts';
import {
  deleteRequest,
  enabledTypes,
  insertRequest,
  type Row,
  requestById,
  requestsOf,
  setJob,
  setState,
  statusOf,
} from './repository.ts';
import { type ChunkKey, SOURCES } from './sources.repository.ts';

export const DOWNLOADS_QUEUE = 'downloads';
/** The least time between two progress records of a running download. */
const PROGRESS_MS = 1000;
export interface DownloadSettings {
  /** How long an asynchronous file's link works, in seconds (the spec's 60 minutes by default). */
  asyncLinkSeconds?: number;
  /** Rows read and written at a time: the job reports progress and checks for a cancel between two. */
  chunkRows?: number;
  /**
   * At most this many rows a second for an asynchronous download (0: as fast as the database
   * gives them): a long download then leaves the database to the live console on a small server.
   */
  asyncRowsPerSecond?: number;
}

interface DownloadJob {
  requestId: string;
}

const itemOf = (r: Row): DownloadRequestItem => ({
  id: r.id,
  customer: { id: r.customer_id, name: r.customer_name },
  download_type: r.download_type,
  from: r.from,
  to: r.to,
  method: r.method,
  format: r.format,
  status: r.status,
  progress: r.progress,
  file_size: r.file_size === null ? null : Number(r.file_size),
  message: r.message,
  executor: { id: r.user_id, name: r.user_name },
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

const fileName = (r: Row) => `${r.download_type}_${r.from}_${r.to}.${r.format}`;

/** The path a finished file is read from; its link's signature also covers who may open it. */
export const filePath = (id: string) => `/api/v1/download-requests/${id}/file`;
const boundTo = (id: string, userId: string, customerId: string) =>
  `${filePath(id)}\n${userId}\n${customerId}`;

export function downloadService(
  database: DatabaseHandle,
  storage: ObjectStorage,
  queue: JobQueue,
  now: () => number = Date.now,
  /** The time a synchronous request has: aborted with a TimeoutError when it is over. */
  syncSignal: () => AbortSignal = () => AbortSignal.timeout(SYNC_DOWNLOAD_SECONDS * 1000),
  settings: DownloadSettings = {},
) {
  const chunkRows = settings.chunkRows ?? 5000;
  const linkSeconds = {
    ...DOWNLOAD_LINK_SECONDS,
    async: settings.asyncLinkSeconds ?? DOWNLOAD_LINK_SECONDS.async,
  };
  const one = async (access: RequestAccess, id: string): Promise<Row> => {
    const row = await requestById(database, id);
    access.mustSee(row?.customer_id);
    return row as Row;
  };

  const mayDownload = (access: RequestAccess) => {
    if (access.principal.downloadRole === 'none') throw new ApiError('forbidden');
  };

  /** The job: reads the period chunk by chunk into a CSV object, stopping between chunks on cancel. */
  async function run(job: RunningQueuedJob<DownloadJob>): Promise<object> {
    const { requestId } = job.data;
    const request = await requestById(database, requestId);
    // Cancelled while a replica that died was running it: run again only to end it.
    if (request?.status === 'aborting') {
      await setState(database, requestId, 'aborted');
      return { aborted: true };
    }
    if (!request || !CANCELLABLE_DOWNLOAD_STATES.includes(request.status)) return { skipped: true };
    const source = SOURCES[request.download_type];
    await setState(database, requestId, 'started', { progress: 0 });
    const key = newObjectKey('downloads', new Date(now()), fileName(request));
    const body = byteCounter();
    const stored = storage.put(key, body, CONTENT_TYPES[request.format]);
    stored.catch(() => {});
    let rowsWritten = 0;
    const began = now();
    const rate = request.method === 'async' ? (settings.asyncRowsPerSecond ?? 0) : 0;
    /** Waits, when the rows written are ahead of the rate, until they are not (a cancel ends it). */
    const keepRate = async () => {
      const ahead = rate > 0 ? (rowsWritten / rate) * 1000 - (now() - began) : 0;
      if (ahead > 0) await delay(ahead, undefined, { signal: job.signal }).catch(() => {});
    };
    // Progress is written at most once a second: two statements a chunk cost a fast download
    // more than its rows.
    let progressAt = began;
    const progress = async (last: ChunkKey) => {
      if (now() - progressAt < PROGRESS_MS) return;
      progressAt = now();
      const done = Math.floor(Math.max(0, Math.min(0.99, source.done(last, request.from, request.to))) * 100);
      await job.progress(done);
      await setState(database, requestId, 'processing', { progress: done });
    };
    try {
      const file = rowWriter(request.format, body, source.header);
      await setState(database, requestId, 'processing');
      await job.withConnection(async (db) => {
        const read = (after: ChunkKey | undefined) => {
          const reading = source.chunk(db, request.customer_id, request.from, request.to, after, chunkRows);
          reading.catch(() => {});
          return reading;
        };
        let next = read(undefined);
        try {
          for (;;) {
            if (job.signal.aborted) throw new Error('aborted');
            const chunk = await next;
            const more = chunk.last !== undefined && chunk.rows.length === chunkRows;
            // The next chunk is read while this one is written: the database and the writer
            // work at once instead of in turn (in turn, the writer waited on the database for
            // most of a download).
            if (more) next = read(chunk.last);
            await file.rows(chunk.rows);
            rowsWritten += chunk.rows.length;
            if (!chunk.last || !more) break;
            await progress(chunk.last);
            await keepRate();
          }
        } finally {
          // Nothing may still run on the connection once it is handed back.
          await next.catch(() => {});
        }
      });
      await file.end();
      await stored;
    } catch (error) {
      body.destroy();
      await stored.catch(() => {});
      await storage.delete(key).catch(() => {});
      if (job.signal.aborted && (job.signal.reason as Error | undefined)?.name === 'TimeoutError') {
        // A synchronous request out of time: the spec's message proposes the scheduled mode.
        await setState(database, requestId, 'error', { message: 'validation.downloadTimedOut' });
        return { timedOut: true };
      }
      if (job.signal.aborted) {
        await setState(database, requestId, 'aborted');
        return { aborted: true };
      }
      await setState(database, requestId, 'error', { message: 'validation.downloadFailed' });
      throw error;
    }
    if (rowsWritten === 0) {
      await storage.delete(key);
      await setState(database, requestId, 'failed', { progress: 100, message: 'validation.downloadNoItem' });
      return { rows: 0 };
    }
    // A cancel that came while the last part was stored wins: the file is not offered.
    if ((await statusOf(database, requestId)) === 'aborting') {
      await storage.delete(key);
      await setState(database, requestId, 'aborted');
      return { aborted: true };
    }
    await setState(database, requestId, 'completed', { progress: 100, fileSize: body.bytes, objectKey: key });
    return { rows: rowsWritten, bytes: body.bytes };
  }

  return {
    run,

    async create(access: RequestAccess, input: DownloadRequestCreate): Promise<DownloadRequestItem> {
      if (access.principal.downloadRole !== 'request') throw new ApiError('forbidden');
      const customerId = input.customer_id ?? access.principal.customerId;
      if (input.customer_id) await access.mustUseCustomer(customerId);
      const enabled = await enabledTypes(database, customerId);
      const field = (key: string) =>
        new ApiError('validation', { fields: [{ field: 'download_type', key }] });
      if (!enabled.includes(input.download_type)) throw field('downloadTypeDisabled');
      const id = await insertRequest(database, {
        customerId,
        userId: access.principal.userId,
        type: input.download_type,
        from: input.from,
        to: input.to,
        method: input.method,
        format: input.format,
      });
      if (input.method === 'sync') {
        // Made now, within this request: the caller's link then works 60 seconds.
        await run({
          id,
          data: { requestId: id },
          customerId,
          attempt: 0,
          signal: syncSignal(),
          progress: async () => {},
          withConnection: (body) => body(database),
        });
        return itemOf(await one(access, id));
      }
      const jobId = await queue.enqueue<DownloadJob>(
        DOWNLOADS_QUEUE,
        { requestId: id },
        {
          customerId,
          requestedBy: access.principal.userId,
          key: `${customerId}/${input.download_type}/${input.from}/${input.to}`,
          label: `${input.download_type} ${input.from}–${input.to}`,
        },
      );
      if (!jobId) {
        // The same customer, type and period is waiting or running already: one of them is enough.
        await deleteRequest(database, id);
        throw new ApiError('conflict', { messageKey: 'downloadInProgress' });
      }
      await setJob(database, id, jobId);
      return itemOf(await one(access, id));
    },

    async list(
      access: RequestAccess,
      page: { perPage: number; page: number },
    ): Promise<{ list: DownloadRequestItem[]; total: number }> {
      mayDownload(access);
      const { rows, total } = await requestsOf(database, access.principal.customerId, page);
      return { list: rows.map(itemOf), total };
    },

    async cancel(access: RequestAccess, id: string): Promise<DownloadRequestItem> {
      if (access.principal.downloadRole !== 'request') throw new ApiError('forbidden');
      const row = await one(access, id);
      if (!CANCELLABLE_DOWNLOAD_STATES.includes(row.status))
        throw new ApiError('conflict', { messageKey: 'downloadNotCancellable' });
      const waiting = row.status === 'pending';
      await setState(database, id, waiting ? 'aborted' : 'aborting');
      if (row.job_id) await queue.cancel(row.job_id);
      return itemOf(await one(access, id));
    },

    async link(access: RequestAccess, id: string): Promise<{ url: string; expires_at: string }> {
      mayDownload(access);
      const row = await one(access, id);
      if (row.status !== 'completed' || !row.completed_at)
        throw new ApiError('conflict', { messageKey: 'downloadNotReady' });
      const expires = row.completed_at.getTime() + linkSeconds[row.method] * 1000;
      if (expires <= now()) throw new ApiError('gone');
      const seconds = Math.floor((expires - now()) / 1000);
      const signed = await signLink(
        database,
        boundTo(id, access.principal.userId, row.customer_id),
        seconds,
        now(),
      );
      return {
        url: `${filePath(id)}${signed.url.slice(signed.url.indexOf('?'))}`,
        expires_at: signed.expires_at,
      };
    },

    /** The file through its link: only its user and customer, only while the link lasts. */
    async open(
      access: RequestAccess,
      id: string,
      expires: number | undefined,
      signature: string | undefined,
    ) {
      mayDownload(access);
      const row = await one(access, id);
      const bound = boundTo(id, access.principal.userId, row.customer_id);
      // Checked as at its own expiry first, so that a true but old link answers Gone, not Forbidden.
      if (expires === undefined || !(await verifyLink(database, bound, expires, signature, expires * 1000)))
        throw new ApiError('forbidden');
      if (expires * 1000 < now()) throw new ApiError('gone');
      const stream = row.object_key ? await storage.stream(row.object_key) : undefined;
      if (row.status !== 'completed' || !stream) throw new ApiError('gone');
      return {
        stream,
        name: fileName(row),
        type: CONTENT_TYPES[row.format],
        size: row.file_size === null ? undefined : Number(row.file_size),
      };
    },
  };
}
