// Managerial downloads (/download-request, /download-result): POST a request, list the caller's
// company's requests, cancel one, and reach a finished file through a signed link bound to the
// caller and the company. The pages' rules say who may call; the download role narrows it further.
import {
  downloadLinkSchema,
  downloadRequestCreateSchema,
  downloadRequestSchema,
  listQuerySchema,
} from '@fleetlens/contracts';
import { z } from 'zod';
import { signedLinkQuery } from '../../platform/links.ts';
import { dispositionOf } from '../../platform/objectKeys.ts';
import { idParams, op, routeModule } from '../../platform/routes.ts';
import { CONTENT_TYPES } from '../../platform/sheetStreams.ts';
import { objectStorage } from '../../platform/storage.ts';
import { DOWNLOADS_QUEUE, downloadService } from './service.ts';

// The pages have no role of their own (route table): every signed-in user passes the guard, and
// the service narrows by the download role (request: everything; download: list and files).
const anyUser = {};

export const registerDownloads = routeModule(['downloads'], async (route, platform) => {
  const downloads = downloadService(
    platform.database,
    objectStorage(platform.config, platform.database),
    platform.queue,
    Date.now,
    undefined,
    {
      asyncLinkSeconds: platform.config.DOWNLOAD_ASYNC_LINK_SECONDS,
      chunkRows: platform.config.DOWNLOAD_CHUNK_ROWS,
      asyncRowsPerSecond: platform.config.DOWNLOAD_ASYNC_ROWS_PER_SECOND,
    },
  );
  await platform.queue.define({
    name: DOWNLOADS_QUEUE,
    // One download of a customer runs at a time across every replica: no company fills the workers.
    perCustomer: 1,
    workers: 2,
    retryLimit: 0,
    expireInSeconds: 60 * 60,
    run: downloads.run,
  });

  route.post(
    '/download-requests',
    op(anyUser, "Requests a download of the caller's company's figures over a period (queued)", {
      body: downloadRequestCreateSchema,
      reply: downloadRequestSchema,
      status: 201,
    }),
    ({ access, body }) => downloads.create(access, body),
  );
  route.get(
    '/download-requests',
    op(anyUser, "The caller's company's download requests, newest first, with their states", {
      query: listQuerySchema.pick({ page: true, perPage: true }),
      reply: z.object({ list: z.array(downloadRequestSchema), total: z.number().int() }),
      exported: true,
    }),
    ({ access, query }) => downloads.list(access, query),
  );
  route.post(
    '/download-requests/:id/cancel',
    op(anyUser, 'Cancels a waiting or running download (aborting, then aborted)', {
      params: idParams,
      reply: downloadRequestSchema,
    }),
    ({ access, params }) => downloads.cancel(access, params.id),
  );
  route.post(
    '/download-requests/:id/link',
    op(
      anyUser,
      "A finished download's signed link for the caller, valid until 60 minutes after it was made",
      {
        params: idParams,
        reply: downloadLinkSchema,
      },
    ),
    ({ access, params }) => downloads.link(access, params.id),
  );
  route.get(
    '/download-requests/:id/file',
    op(anyUser, "A finished download's file, through the caller's own signed link (410 once expired)", {
      params: idParams,
      query: signedLinkQuery,
      reply: z.unknown(),
      files: {
        types: ['text/csv', CONTENT_TYPES.xlsx],
        description: 'The CSV file (UTF-8 with BOM) or the XLSX workbook, as an attachment',
      },
    }),
    async ({ access, params, query, reply }) => {
      const file = await downloads.open(access, params.id, query.expires, query.signature);
      reply.header('Content-Disposition', dispositionOf(file.name));
      reply.header('Cache-Control', 'private, no-store');
      if (file.size !== undefined) reply.header('Content-Length', String(file.size));
      return reply.type(file.type).send(file.stream);
    },
  );
});
