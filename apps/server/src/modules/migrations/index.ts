// Data migration (provider staff: the pages migrationBasicInfo, migrationPastData, migrationSettings
// and migrationStatus): a customer's CSV files uploaded and offered a column mapping, an import or a
// past data transfer started (checked in full, then written as a job), followed, aborted, restored,
// and its bad lines downloaded; and the customer's migration settings.

import { Readable } from 'node:stream';
import {
  IMPORT_FILE_KINDS,
  type ImportFileKind,
  listPageSchema,
  migrationImportListQuerySchema,
  migrationImportSchema,
  migrationImportStartSchema,
  migrationSettingsSchema,
  migrationTransferCreateQuerySchema,
  migrationTransferListQuerySchema,
  migrationTransferSchema,
  REQUIRED_IMPORT_FILES,
  TRANSFER_VIDEO_MAX_FILES,
  type TransferKind,
} from '@fleetlens/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requestLanguage } from '../../platform/i18n.ts';
import { dispositionOf } from '../../platform/objectKeys.ts';
import { idParams, op, rolesOf, routeModule } from '../../platform/routes.ts';
import { newObjectKey, objectStorage } from '../../platform/storage.ts';
import { uploadingModule } from '../files/public.ts';
import { createsUsers, IMPORTS_QUEUE, migrationService } from './service.ts';
import { TRANSFERS_QUEUE, transferService } from './transfers.service.ts';
import { fileError, storeUploads } from './uploads.ts';

const langOf = (request: FastifyRequest) => requestLanguage(request.headers['accept-language']);

const migrationRoutes = routeModule(['migrations'], async (route, platform) => {
  const storage = objectStorage(platform.config, platform.database);
  const imports = migrationService(platform.database, storage, platform.queue);
  await platform.queue.define({
    name: IMPORTS_QUEUE,
    perCustomer: 1,
    workers: 1,
    // A failed import is told to the user, who starts another: no retry writes behind their back.
    retryLimit: 0,
    expireInSeconds: 2 * 60 * 60,
    run: imports.run,
  });
  const staff = rolesOf('migrationBasicInfo', 'migrationStatus');
  const transfers = transferService(platform.database, storage, platform.queue);
  await platform.queue.define({
    name: TRANSFERS_QUEUE,
    perCustomer: 1,
    workers: 1,
    retryLimit: 0,
    expireInSeconds: 6 * 60 * 60,
    run: transfers.run,
  });

  route.post(
    '/migration-imports',
    op(
      'migrationBasicInfo',
      "Uploads a customer's CSV files for an import; answers their headers and mapping",
      {
        description:
          'Multipart: the files vehicle, operator and device (each required) and account (optional: the ' +
          "company's users, for who may create users; created without a password); UTF-8 with or without BOM, " +
          'or Shift_JIS; comma, semicolon or tab. Nothing is checked or written until the import is started.',
        query: z.object({ customer_id: z.uuid('validation.customerRequired') }),
        multipart: true,
        reply: migrationImportSchema,
        status: 201,
      },
    ),
    async ({ access, query, request }) => {
      await access.mustUseCustomer(query.customer_id);
      if (!request.isMultipart()) throw fileError('vehicle', 'importFileRequired');
      const stored = await storeUploads<ImportFileKind>(request, storage, {
        most: IMPORT_FILE_KINDS.length,
        accept: (part, stored) => {
          const kind = IMPORT_FILE_KINDS.find((k) => k === part.fieldname);
          if (!kind || stored.some((f) => f.kind === kind)) throw fileError(part.fieldname, 'invalid');
          if (kind === 'account' && !createsUsers(access)) throw fileError(kind, 'importAccountsNotAllowed');
          const key = newObjectKey('imports', new Date(), `${kind}.csv`);
          return { kind, name: part.filename ?? `${kind}.csv`, key, type: 'text/csv' };
        },
        required: REQUIRED_IMPORT_FILES,
        missingKey: 'importFileRequired',
      });
      return imports.create(access, query.customer_id, stored, langOf(request));
    },
  );
  route.get(
    '/migration-imports',
    op(staff, 'Imports of the customers the caller sees, newest first, with their states and counts', {
      query: migrationImportListQuerySchema,
      reply: listPageSchema(migrationImportSchema),
      exported: true,
    }),
    ({ access, query, request }) => imports.list(access, query, langOf(request)),
  );
  route.get(
    '/migration-imports/:id',
    op(staff, 'One import: its state, counts, first bad lines and files', {
      params: idParams,
      reply: migrationImportSchema,
    }),
    ({ access, params, request }) => imports.get(access, params.id, langOf(request)),
  );
  route.post(
    '/migration-imports/:id/start',
    op('migrationBasicInfo', 'Starts an uploaded import (dry_run: check only) with the confirmed mapping', {
      params: idParams,
      body: migrationImportStartSchema,
      reply: migrationImportSchema,
    }),
    ({ access, params, body, request }) => imports.start(access, params.id, body, langOf(request)),
  );
  route.post(
    '/migration-imports/:id/abort',
    op(staff, 'Aborts a running import (aborting, then aborted); nothing of it stays written', {
      params: idParams,
      reply: migrationImportSchema,
    }),
    ({ access, params, request }) => imports.abort(access, params.id, langOf(request)),
  );
  route.post(
    '/migration-imports/:id/restore',
    op(staff, "Restores the customer's state before a completed import: what it created is removed", {
      params: idParams,
      reply: migrationImportSchema,
    }),
    ({ access, params, request }) => imports.restore(access, params.id, langOf(request)),
  );
  route.get(
    '/migration-imports/:id/issues',
    op(
      staff,
      "Every bad line of an import's files: file, line, column, value and reason in the caller's language",
      {
        params: idParams,
        reply: z.unknown(),
        files: {
          types: ['text/csv'],
          description: 'The bad lines as CSV (UTF-8 with BOM), as an attachment',
        },
      },
    ),
    async ({ access, params, request, reply }) => {
      const file = await imports.issues(access, params.id, langOf(request));
      reply.header('Content-Disposition', dispositionOf(file.name));
      reply.header('Cache-Control', 'private, no-store');
      return reply.type('text/csv; charset=utf-8').send(Readable.from(file.lines));
    },
  );
  registerTransfers(route, transfers, storage);
});

function registerTransfers(
  route: Parameters<Parameters<typeof routeModule>[1]>[0],
  transfers: ReturnType<typeof transferService>,
  storage: ReturnType<typeof objectStorage>,
) {
  const staff = rolesOf('migrationPastData', 'migrationStatus');
  route.post(
    '/migration-transfers',
    op('migrationPastData', "Uploads a customer's past data files for a transfer over a period", {
      description:
        'Multipart: event (CSV), regular (CSV: positions) and video (MP4 files named ' +
        '<device id>_cam<n>_<YYYYMMDDHHmmss>.mp4, many), each for a kind chosen in `kinds` and only then; ' +
        'the layout is docs/past-data-files.md. Nothing is checked or written until the transfer is started.',
      query: migrationTransferCreateQuerySchema,
      multipart: true,
      reply: migrationTransferSchema,
      status: 201,
    }),
    async ({ access, query, request }) => {
      await access.mustUseCustomer(query.customer_id);
      if (!request.isMultipart()) throw fileError(query.kinds[0] ?? 'event', 'transferFileRequired');
      const stored = await storeUploads<TransferKind>(request, storage, {
        most: TRANSFER_VIDEO_MAX_FILES + 2,
        accept: (part, stored) => {
          const kind = (['event', 'regular', 'video'] as const).find((k) => k === part.fieldname);
          if (!kind || (kind !== 'video' && stored.some((f) => f.kind === kind)))
            throw fileError(part.fieldname, 'invalid');
          if (!query.kinds.includes(kind)) throw fileError(kind, 'transferFileNotChosen');
          const video = kind === 'video';
          return {
            kind,
            name: part.filename ?? `${kind}.${video ? 'mp4' : 'csv'}`,
            // The key never holds the name a user chose; a clip's name is read from the row.
            key: newObjectKey('imports', new Date(), video ? 'clip.mp4' : `${kind}.csv`),
            type: video ? 'video/mp4' : 'text/csv',
          };
        },
        required: query.kinds,
        missingKey: 'transferFileRequired',
      });
      return transfers.create(access, query, stored, langOf(request));
    },
  );
  route.get(
    '/migration-transfers',
    op(staff, 'Past data transfers of the customers the caller sees, newest first, with states and counts', {
      query: migrationTransferListQuerySchema,
      reply: listPageSchema(migrationTransferSchema),
    }),
    ({ access, query, request }) => transfers.list(access, query, langOf(request)),
  );
  route.get(
    '/migration-transfers/:id',
    op(staff, 'One past data transfer: its state, counts, what it wrote, first bad lines and files', {
      params: idParams,
      reply: migrationTransferSchema,
    }),
    ({ access, params, request }) => transfers.get(access, params.id, langOf(request)),
  );
  route.post(
    '/migration-transfers/:id/start',
    op('migrationPastData', 'Starts an uploaded transfer: every line checked, then written as a job', {
      params: idParams,
      body: z.object({}).strict(),
      reply: migrationTransferSchema,
    }),
    ({ access, params, request }) => transfers.start(access, params.id, langOf(request)),
  );
  route.post(
    '/migration-transfers/:id/abort',
    op(staff, 'Aborts a running transfer (aborting, then aborted); nothing of it stays written', {
      params: idParams,
      reply: migrationTransferSchema,
    }),
    ({ access, params, request }) => transfers.abort(access, params.id, langOf(request)),
  );
  route.post(
    '/migration-transfers/:id/restore',
    op(staff, "Restores the customer's history before a completed transfer: what it wrote is removed", {
      params: idParams,
      reply: migrationTransferSchema,
    }),
    ({ access, params, request }) => transfers.restore(access, params.id, langOf(request)),
  );
  route.get(
    '/migration-transfers/:id/issues',
    op(staff, "Every bad line of a transfer's files, in the caller's language", {
      params: idParams,
      reply: z.unknown(),
      files: { types: ['text/csv'], description: 'The bad lines as CSV (UTF-8 with BOM), as an attachment' },
    }),
    async ({ access, params, request, reply }) => {
      const file = await transfers.issues(access, params.id, langOf(request));
      reply.header('Content-Disposition', dispositionOf(file.name));
      reply.header('Cache-Control', 'private, no-store');
      return reply.type('text/csv; charset=utf-8').send(Readable.from(file.lines));
    },
  );
  route.get(
    '/migration-settings/:id',
    op('migrationSettings', "A customer's migration settings (id: the customer): kept mappings, defaults", {
      params: idParams,
      reply: migrationSettingsSchema,
    }),
    ({ access, params }) => transfers.settings(access, params.id),
  );
  route.put(
    '/migration-settings/:id',
    op('migrationSettings', "Sets a customer's migration settings; a kind's mapping left out is forgotten", {
      params: idParams,
      body: migrationSettingsSchema,
      reply: migrationSettingsSchema,
    }),
    ({ access, params, body }) => transfers.saveSettings(access, params.id, body),
  );
}

// The files to import are uploads: the routes in a scope of their own with the multipart parser.
export const registerMigrations = uploadingModule(migrationRoutes);
